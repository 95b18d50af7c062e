/**
 * Capability links: a manage, offer, leave, withdraw or reset link, a receipt's `booked` token, a
 * checkout's id, a member's calendar feed address. Whoever holds one acts for a member or an admin, so none ever appears in an admin
 * screen, an export or a log (docs/operations.md); admins see that a message went and to whom.
 * The secrets travel in these query parameters (core/shared/paths.ts builds the links) and in the
 * checkout paths below.
 */
export const CAPABILITY_PARAMS: ReadonlySet<string> = new Set(['token', 'offer', 'booked', 'checkoutid', 'code', 'secret']);

export const REDACTED = '[redacted]';

/** What an admin reads in place of a capability link in a member's e-mail. */
export const LINK_WITHHELD = '[link withheld: it acts for the member, so only the recipient sees it]';

// A checkout's id, and a member's private calendar feed's secret (core/shared/paths.ts).
const CAPABILITY_PATHS = [/^(\/api\/payments\/checkouts\/)[^/?#]+/i, /^(\/calendar\/my\/)[^/?#]+/i];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a query parameter's name (as written in an address, any case or encoding) carries a secret. */
export function isCapabilityParam(name: string): boolean {
  return CAPABILITY_PARAMS.has(decoded(name).trim().toLowerCase());
}

/** The URL (a path with its query, or an absolute URL) with every capability secret replaced. */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const hash = url.indexOf('#');
  const withoutHash = (hash === -1 ? url : url.slice(0, hash)).slice(origin.length);
  const q = withoutHash.indexOf('?');
  let path = q === -1 ? withoutHash : withoutHash.slice(0, q);
  for (const pattern of CAPABILITY_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return origin + path;
  const query = withoutHash
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return isCapabilityParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${origin}${path}?${query}`;
}

/** Whether an address carries a capability secret. */
export function isCapabilityUrl(url: string): boolean {
  return redactUrl(url.replace(/&amp;/g, '&')) !== url.replace(/&amp;/g, '&').replace(/#.*$/, '');
}

// An absolute link as it stands in a text or HTML body (HTML escapes & as &amp;).
const LINK = /https?:\/\/[^\s"'<>]+/gi;

// An HTML anchor with its address and its words.
const ANCHOR = /<a\s[^>]*?href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;

/**
 * A message body (text or HTML) with every capability link withheld: in HTML an anchor to one
 * becomes its words followed by LINK_WITHHELD, and wherever the link itself is written it is
 * replaced by LINK_WITHHELD. Other links stay as they are.
 */
export function withholdCapabilityLinks(body: string): string {
  return body
    .replace(ANCHOR, (anchor, url: string, words: string) => (isCapabilityUrl(url) ? `${words} ${LINK_WITHHELD}` : anchor))
    .replace(LINK, (url) => (isCapabilityUrl(url) ? LINK_WITHHELD : url));
}
