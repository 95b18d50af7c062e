import { MESSAGES } from '../../core/shared/messages';
import { DOCUMENT_MESSAGES } from '../../core/documents/documents';
import { WORK_DAY_MESSAGES } from '../../core/work-days/work-days';

/**
 * Parts of route declarations that routes in several files share, written once. A refusal's
 * description quotes the message the core refuses with, so the OpenAPI document shows the words
 * callers get.
 */

/**
 * A public read that a members' page starts with: the server answers it in process while it draws
 * the page (`inPage`, which only a public GET may be).
 */
export const PAGE_READ = { method: 'get', access: 'public', inPage: true } as const;

/** A refusal described by the core's own message, in quotes. */
export function saying(message: string): { description: string } {
  return { description: `"${message}"` };
}

export const EVENT_NOT_FOUND = saying(MESSAGES.eventNotFound);
export const BOOKING_NOT_FOUND = saying(MESSAGES.bookingNotFound);
export const WORK_DAY_NOT_FOUND = saying(WORK_DAY_MESSAGES.notFound);
export const DOCUMENT_NOT_FOUND = saying(DOCUMENT_MESSAGES.notFound);

/** The answer of a route that removes something (route-helpers.ts's `noContent`). */
export const DELETED = { description: 'Deleted' };

/** A member's or admin's change refused before it runs: the same-site check of server/http/auth.ts. */
export const CROSS_SITE = { description: 'A cross-site request, or one without X-Requested-With: fetch' };
