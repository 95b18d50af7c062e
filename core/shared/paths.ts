/**
 * The web app's addresses, built in one place for the browser and the server (which answers a
 * paid booking with the address of its card step). Pure string functions: no framework.
 */
export const PATHS = {
  home: '/',
  calendar: '/calendar',
  eventBooking: '/event-booking',
  news: '/news',
  documents: '/documents',
  information: '/information',
  beginners: '/beginners',
  workDayBooking: '/work-day-booking',
  myBooking: '/my-booking',
  waitingList: '/waiting-list',
  workDayWithdraw: '/work-day-withdraw',
  /** Members' sign-in (e-mailed code); the e-mailed link opens it too. */
  signIn: '/sign-in',
  /** Joining the club: the public application (docs/membership.md#joining). */
  join: '/join',
  /** A signed-in member's own page. */
  myClub: '/my',
  /** Renewing the membership online (docs/membership.md#renewing-online). */
  renew: '/my-club/renew',
  /** The renewal reminder's link: signs the member in, then opens `renew`. */
  renewalLink: '/sign-in/renewal',
  /** A signed-in member's duties, and the open ones they may volunteer for. */
  duties: '/duties',
  /** The privacy notice: words admins edit, and the retention schedule from the settings (docs/data-protection.md). */
  privacy: '/privacy',
} as const;

/** Members' pages with an id in the address (`:name` stands for one segment): a news item's own page. */
export const MEMBER_PAGE_PATTERNS = ['/news/:id'] as const;

/** The admin panel's own addresses (its screens are listed with their permissions in core/admins/permissions.ts). */
export const ADMIN_BASE_PATHS = ['/admin', '/admin/login', '/admin/forgot-password', '/admin/reset-password'] as const;

/** The page an address names, as the router reads it: letter case and trailing slashes do not matter. */
export function pageOf(pathname: string): string {
  return pathname.replace(/(.)\/+$/, '$1').toLowerCase();
}

/**
 * Whether the web app has a page at `pathname`: one of the members' PATHS or MEMBER_PAGE_PATTERNS,
 * the admin panel's base and sign-in pages, or one of `adminRoutes` (patterns such as '/admin/bookings/:eventId',
 * where a `:name` segment stands for any one non-empty segment). Read as the router reads it:
 * letter case and trailing slashes do not matter. The server answers 404 for everything else.
 */
export function isAppPagePath(pathname: string, adminRoutes: readonly { path: string }[]): boolean {
  const lower = pageOf(pathname);
  if ((Object.values(PATHS) as string[]).includes(lower)) return true;
  if ((ADMIN_BASE_PATHS as readonly string[]).includes(lower)) return true;
  const segments = lower.split('/');
  return [...MEMBER_PAGE_PATTERNS.map((p) => ({ path: p })), ...adminRoutes].some(({ path: pattern }) => {
    const parts = pattern.toLowerCase().split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  });
}

/** A work day's sign-up page; without an id, the list of work days open for sign-ups. */
export function workDayPath(workDayId?: string): string {
  return workDayId === undefined ? PATHS.workDayBooking : `${PATHS.workDayBooking}?${new URLSearchParams({ id: workDayId }).toString()}`;
}

/** A document's PDF (served by the API). */
export function documentFilePath(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}

/** The club calendar's iCalendar feed (served by the server, outside /api, to subscribe to). */
export const CALENDAR_FEED_PATH = '/calendar.ics';

/** Where members' private feeds live: `/calendar/my/<secret>.ics` (the secret is the key). */
export const MEMBER_CALENDAR_FEED_PREFIX = '/calendar/my/';

/** A member's private calendar feed (docs/my-club.md#my-calendar-feed), named by its secret. */
export function memberCalendarFeedPath(secret: string): string {
  return `${MEMBER_CALENDAR_FEED_PREFIX}${encodeURIComponent(secret)}.ics`;
}

/** The booking page of an event; with a checkout, its card step (`pending`) or its receipt (`success`). */
export function eventBookingPath(eventId: string, payment?: { step: 'pending' | 'success'; checkoutId: string }): string {
  const query = new URLSearchParams({ id: eventId });
  if (payment) {
    query.set('payment', payment.step);
    query.set('checkoutId', payment.checkoutId);
  }
  return `${PATHS.eventBooking}?${query.toString()}`;
}

/** The id of the booking page's waiting-list form, the target of eventWaitingListPath. */
export const WAITING_LIST_FORM_ID = 'waiting-list';

/** The booking page of a full event, at its waiting-list form (the calendar card's link). */
export function eventWaitingListPath(eventId: string): string {
  return `${eventBookingPath(eventId)}#${WAITING_LIST_FORM_ID}`;
}

/** The booking page for a waiting-list offer: the form filled in, the offer's places held (the token is the key). */
export function offerBookingPath(eventId: string, offerToken: string): string {
  return `${PATHS.eventBooking}?${new URLSearchParams({ id: eventId, offer: offerToken }).toString()}`;
}

/** The member's own page for one booking, reached with its signed link (the token is the key). */
export function manageBookingPath(token: string): string {
  return `${PATHS.myBooking}?${new URLSearchParams({ token }).toString()}`;
}

/** A member's own waiting-list entry, reached with its signed leave link. */
export function waitingListPath(token: string): string {
  return `${PATHS.waitingList}?${new URLSearchParams({ token }).toString()}`;
}

/** A volunteer's own work-day sign-up, reached with its signed withdraw link. */
export function workDayWithdrawPath(token: string): string {
  return `${PATHS.workDayWithdraw}?${new URLSearchParams({ token }).toString()}`;
}

/** The manage token inside a manage path (manageBookingPath), or null when there is none. */
export function manageTokenOf(managePath: string): string | null {
  const query = managePath.indexOf('?');
  if (query === -1) return null;
  const token = new URLSearchParams(managePath.slice(query + 1)).get('token');
  return token === null || token === '' ? null : token;
}

/**
 * The booking page after a free booking: its outcome kept in the address (the booking's manage
 * token), so that a reload shows the same receipt and Back does not lead to a blank form.
 */
export function eventBookedPath(eventId: string, manageToken: string): string {
  return `${PATHS.eventBooking}?${new URLSearchParams({ id: eventId, booked: manageToken }).toString()}`;
}

/** The API's public settings of the club and this server, which every page reads (GET /api/config). */
export const CONFIG_API_PATH = '/api/config';

/** The API's list of the calendar's events, which the Calendar page reads. */
export const EVENTS_API_PATH = '/api/events';

/** The API's answer for one event, which its booking page reads. */
export function eventApiPath(eventId: string): string {
  return `${EVENTS_API_PATH}/${encodeURIComponent(eventId)}`;
}

/** The query parameter of the sign-in page that names where to go once signed in (returnPathOf checks it). */
export const RETURN_TO_PARAM = 'returnTo';

/** The longest return path the sign-in page carries; a longer one is refused (the member lands on My club). */
export const RETURN_PATH_MAX = 2000;

const RETURN_BASE = 'https://club.invalid';

/**
 * Where a member goes once signed in, from the sign-in page's `returnTo` (docs/member-sign-in.md):
 * a path of this site (`/duties?swap=…`), or null for anything else, which the page answers with
 * My club. Only a path that starts with one `/` and stays on this site when the browser reads it is
 * kept: `//evil.example`, `/\evil.example`, `https://evil.example`, `javascript:…`, spaces, control
 * characters and the sign-in page itself (a loop) are refused, so the parameter is no open redirect.
 * The path comes back as the browser would read it (normalised), with its query and `#` part.
 */
export function returnPathOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines, so `/\evil` or `/\t/evil` would leave the site.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((c) => c <= ' ' || c === '\u007f')) return null;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE) return null;
  if (pageOf(url.pathname) === PATHS.signIn) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

/** The sign-in page, returning to `returnTo` once signed in (none when it is not a path returnPathOf keeps). */
export function signInPath(returnTo?: string | null): string {
  const path = returnPathOf(returnTo);
  return path === null ? PATHS.signIn : `${PATHS.signIn}?${new URLSearchParams({ [RETURN_TO_PARAM]: path }).toString()}`;
}

/** The members' page of a news item written in the app. */
export function newsItemPath(id: string): string {
  return `${PATHS.news}/${encodeURIComponent(id)}`;
}

/** The id in a news item's page address (/news/{id}), or null when the address is not one. */
export function newsItemIdOf(path: string): string | null {
  const m = /^\/news\/([^/?#]+)$/.exec(path);
  if (!m) return null;
  try {
    const id = decodeURIComponent(m[1]);
    return id === '' ? null : id;
  } catch {
    return null;
  }
}
