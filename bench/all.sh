#!/usr/bin/env bash
# `npm run bench`: every benchmark in turn (docs/performance.md). Each prints its figures and its
# verdicts; a target that fails does not stop the ones after it, and the exit status is 1 when any
# benchmark failed a target or could not run.
set -u
cd "$(dirname "$0")/.."
status=0
npx tsx bench/run.ts || status=1
# The search over 100,000 records: the same keystrokes on a data directory prepared with ten times
# the records (target: at most 10 ms of CPU a keystroke). Run unless BENCH_ONLY leaves it out.
case ",${BENCH_ONLY:-search100k}," in
  *,search100k,*) BENCH_SEARCH_RECORDS=100000 BENCH_ONLY=search BENCH_BUILD=false npx tsx bench/run.ts || status=1 ;;
esac
npx tsx bench/sign-in-timing.ts || status=1
npx tsx bench/rota-fill.ts || status=1
npx tsx bench/push-fanout.ts || status=1
exit "$status"
