import { createEvent, type DateArray, type EventAttributes } from 'ics';
import type { ClubEvent } from './event';
import { calendarSpan, type Describable } from './calendar-span';
import { londonDate, parseInstant } from '../shared/london-time';

// The .ics file lives apart from the rest of the calendar rules so that pages showing dates do
// not download the ics library (and its validator) until a member asks for the file.

/** What a calendar entry needs of an event: its text and dates, its revision and cancellation. */
export type IcsEvent = Describable & Pick<ClubEvent, 'sequence' | 'cancelledAt' | 'cancelReason'>;

/** The PRODID of every calendar file and of the feed. */
export const ICS_PRODUCT_ID = 'kyc-members-area';

/**
 * The UID of an event in every calendar file: the one downloaded from a page, the one attached to
 * an e-mail and the feed's. A calendar holding several of them shows one entry.
 */
export function icsUid(eventId: string): string {
  return `${eventId}@${ICS_PRODUCT_ID}`;
}

/** The words a cancelled event's entry starts with, in its title and its description. */
export const CANCELLED_PREFIX = 'Cancelled: ';

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds every content line at 75 octets, as RFC 5545 asks (the ics library counts characters,
 * so a line with accents or curly quotes ran over), never inside a character. Continuation lines
 * start with a space, which counts towards their 75.
 */
export function foldIcsLines(text: string): string {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const folded = unfolded.split('\r\n').map((line) => {
    let out = '';
    let octets = 0;
    for (const char of line) {
      const size = utf8Length(char.codePointAt(0)!);
      if (octets + size > 75) {
        out += '\r\n ';
        octets = 1;
      }
      out += char;
      octets += size;
    }
    return out;
  });
  return folded.join('\r\n');
}

/** A link as a calendar file may carry it (absolute, normalised), or null for one that is not a URL. */
function calendarUrl(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Gives the i-th VEVENT of a calendar text the i-th link (URL), where there is one. Written here,
 * not by the ics library: its URL check refuses addresses a club's site may well have (a one-digit
 * port, an IPv6 host), and a refused link would cost the whole file or feed.
 */
export function withEventUrls(text: string, urls: readonly (string | undefined)[]): string {
  let index = 0;
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .flatMap((line) => {
      if (line !== 'BEGIN:VEVENT') return [line];
      const url = calendarUrl(urls[index]);
      index += 1;
      return url === null ? [line] : [line, `URL:${url}`];
    })
    .join('\r\n');
}

function dateArray(d: Date): DateArray {
  const [y, m, day] = londonDate(d).split('-').map(Number);
  return [y, m, day];
}

/**
 * One event as a VEVENT, the same for a single file and for the feed. Timed events are written
 * as UTC instants (DTSTART:...Z), which every calendar reads the same way; all-day events as DATE
 * values with an exclusive end. DTSTAMP and LAST-MODIFIED are the event's last update, so the
 * same event always gives the same text; SEQUENCE is its revision number, so a calendar takes the
 * newest copy; a cancelled event stays, STATUS:CANCELLED, its title and description saying so
 * with the reason. The event's booking page (URL) is added by withEventUrls. Throws when the
 * event has no date: there is nothing to put in a calendar.
 */
export function icsEventAttributes(event: IcsEvent, location: string): EventAttributes {
  const span = calendarSpan(event);
  if (span === null) throw new RangeError('An event without a date cannot be added to a calendar');
  const updated = parseInstant(event.updatedAt)?.getTime() ?? span.start.getTime();
  const cancelled = parseInstant(event.cancelledAt) !== null;
  const given = event.description.trim() !== '' ? event.description : event.longdescription;
  const reason = event.cancelReason?.trim() ?? '';
  const description = cancelled
    ? [`${CANCELLED_PREFIX}${reason !== '' ? reason : 'this event will not take place.'}`, ...(given.trim() !== '' ? [given] : [])].join('\n\n')
    : given;
  const times = span.allDay
    ? { start: dateArray(span.start), end: dateArray(span.end) }
    : {
        start: span.start.getTime(),
        startInputType: 'utc' as const,
        startOutputType: 'utc' as const,
        end: span.end.getTime(),
        endInputType: 'utc' as const,
        endOutputType: 'utc' as const,
      };
  return {
    ...times,
    title: cancelled ? `${CANCELLED_PREFIX}${event.name}` : event.name,
    ...(description.trim() !== '' ? { description } : {}),
    ...(location.trim() !== '' ? { location } : {}),
    uid: icsUid(event.id),
    sequence: event.sequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    lastModified: updated,
    timestamp: updated,
    productId: ICS_PRODUCT_ID,
  } as EventAttributes & { timestamp: number };
}

/**
 * The .ics file for one event (see icsEventAttributes): the same VEVENT as the club's feed, so
 * re-importing, or subscribing as well, updates the entry instead of duplicating it. `url` is the
 * event's booking page, in full, when the caller knows the site's address (left out if not a URL).
 */
export function icsText(event: IcsEvent, location: string, url?: string): string {
  const { error, value } = createEvent(icsEventAttributes(event, location));
  if (error || value === null) throw new Error(`Could not build the calendar file: ${error?.message ?? 'no output'}`);
  return foldIcsLines(withEventUrls(value, [url]));
}
