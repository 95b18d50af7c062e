import type { AuditEntry } from '../audit/audit';
import type { OutboxMessage } from '../mail/mail';
import type { PushDelivery } from '../push/push';
import type { Announcement } from './announcement';

/** What a send writes with the announcement and its e-mails, in the same atomic write. */
export interface AnnouncementWrites {
  /** The admin's audit entries of the send (each id unique). */
  audit?: readonly AuditEntry[];
  /** The push deliveries to the devices of the members told (each id unique), each written only if absent, as the e-mails are. */
  push?: readonly PushDelivery[];
}

/**
 * The announcements sent to events' people (docs/notifications.md#announcements), each with its
 * e-mails: an announcement is stored with every one of its outbox messages or not at all.
 */
export interface AnnouncementRepository {
  /**
   * Stores the announcement, its e-mails (outbox messages, each with a unique id) and `also` (its
   * audit entries and push deliveries) unless an announcement with its id is already stored: then
   * nothing is written and false is returned. Atomic: when the announcement is stored, all its
   * e-mails, push deliveries and audit entries are; of concurrent adds with one id, one writes and
   * the others answer false; an outbox message or push delivery whose id is already stored is
   * left as it is (never queued again), so an add that failed half-way and is tried again sends
   * none twice. The audit entries are written with the announcement itself; an audit id already
   * stored throws ConflictError and writes nothing (Firestore, beyond one transaction: the e-mails
   * and deliveries written first stay, each queued once, and the announcement is not stored).
   */
  add(announcement: Announcement, mail: readonly OutboxMessage[], also?: AnnouncementWrites): Promise<boolean>;
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
