import type { OutboxMessage } from '../mail/mail';
import type { Announcement } from './announcement';

/**
 * The announcements sent to events' people (docs/notifications.md#announcements), each with its
 * e-mails: an announcement is stored with every one of its outbox messages or not at all.
 */
export interface AnnouncementRepository {
  /**
   * Stores the announcement and its e-mails (outbox messages, each with a unique id) unless an
   * announcement with its id is already stored: then nothing is written and false is returned.
   * Atomic: when the announcement is stored, all its e-mails are; of concurrent adds with one id,
   * one writes and the others answer false; an outbox message whose id is already stored is left
   * as it is (never queued again), so an add that failed half-way and is tried again sends none twice.
   */
  add(announcement: Announcement, mail: readonly OutboxMessage[]): Promise<boolean>;
  /** The announcement with this id, or null. */
  get(id: string): Promise<Announcement | null>;
  /** The event's announcements, newest first (by sentAt, then id). */
  listByEvent(eventId: string): Promise<Announcement[]>;
  /**
   * The announcements of any of these events, newest first (by sentAt, then id), at most `limit`
   * (which ones a longer list leaves out: the oldest). None for an empty list of events.
   */
  listByEvents(eventIds: readonly string[], limit: number): Promise<Announcement[]>;
}
