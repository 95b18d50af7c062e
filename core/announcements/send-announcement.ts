import { pushDeliveriesFor, type QueuePushDeps } from '../push/queue-push';
import { announcementPush } from '../push/push-notifications';
import type { Admin } from '../admins/admin';
import type { AuditEntry } from '../audit/audit';
import { hasPermission } from '../admins/permissions';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, PermissionError } from '../shared/errors';
import { londonDate, parseInstant } from '../shared/london-time';
import { MESSAGES } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_MESSAGES,
  AUDIENCE_LABELS,
  type Announcement,
  type SendAnnouncement as SendAnnouncementForm,
} from './announcement';
import { announcementMail } from './announcement-mail';
import { announcementRecipients, type EventPeople } from './announcement-recipients';
import type { AnnouncementRepository } from './announcement-repository.port';

export interface SendAnnouncementDeps {
  events: Pick<EventRepository, 'get'>;
  bookings: Pick<BookingRepository, 'listByEvent'>;
  waitingList: Pick<WaitingList, 'listByEvent'>;
  duties: Pick<DutyRepository, 'listSlots'>;
  members: Pick<MemberRepository, 'list'>;
  households: Pick<HouseholdRepository, 'membershipOf' | 'membersOf'>;
  /** Members' push devices: each member told gets the announcement on the devices that chose it, written with the e-mails. */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  announcements: AnnouncementRepository;
  clock: Clock;
  clubName: string;
  publicBaseUrl: string;
  /** The club's FEEDBACK_EMAIL: where replies go when the admin has no address of their own. */
  feedbackEmail: string;
}

/** What a send did: the announcement as stored, and the members told by this send (none when repeated). */
export interface AnnouncementSent {
  result: 'sent' | 'repeated';
  announcement: Announcement;
  /**
   * The member ids of the people this send told (a person told who is on the member list): the
   * push notifications of an announcement went to their devices (docs/notifications.md#push).
   */
  membersTold: string[];
}

/** Whether the event runs on this London date (its start's day to its end's day). */
export function eventIsOnDay(event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>, date: string): boolean {
  const start = parseInstant(event.eventdatetime);
  if (start === null) return false;
  const end = parseInstant(event.eventenddatetime) ?? start;
  return londonDate(start) <= date && date <= londonDate(end < start ? start : end);
}

/**
 * Who may announce to this event (decisions): an admin with events:write, to any event; the
 * officer of the day (bookings:write), to an event running today in London only. Throws
 * PermissionError naming events:write otherwise.
 */
export function requireMayAnnounce(admin: Pick<Admin, 'permissions'>, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'> | null, now: Date): void {
  if (hasPermission(admin, 'events:write')) return;
  if (!hasPermission(admin, 'bookings:write')) throw new PermissionError(ANNOUNCEMENT_MESSAGES.permission, 'events:write');
  if (event !== null && !eventIsOnDay(event, londonDate(now))) throw new PermissionError(ANNOUNCEMENT_MESSAGES.notToday, 'events:write');
}

/**
 * The audit line of a send (docs/notifications.md#how): who sent it, to which event, how many were
 * told and who they were for. Its id is the announcement's: one line however often it is sent.
 */
export function sentAuditEntry(admin: Pick<Admin, 'uid' | 'email'>, announcement: Announcement): AuditEntry {
  const audiences = announcement.audiences.map((audience) => AUDIENCE_LABELS[audience].toLowerCase()).join(', ');
  return {
    id: `announcement-${announcement.id}`,
    at: announcement.sentAt,
    actor: { kind: 'admin', uid: admin.uid, email: admin.email },
    action: 'announcement.sent',
    recordType: 'event',
    recordId: announcement.eventId,
    summary: `Announcement "${announcement.subject}" sent to ${announcement.told} ${announcement.told === 1 ? 'person' : 'people'} (${audiences})`.slice(
      0,
      1000,
    ),
    changes: [],
  };
}

/**
 * An admin's announcement to an event's people (docs/notifications.md#announcements): stored with
 * one e-mail per person told, the push notifications to their devices and its audit line, in one
 * atomic write; sent once per id, however often it is asked.
 */
export class SendAnnouncement extends UseCase<SendAnnouncementDeps> {
  async execute(admin: Pick<Admin, 'uid' | 'name' | 'email' | 'permissions'>, eventId: string, form: SendAnnouncementForm): Promise<AnnouncementSent> {
    const now = this.deps.clock.now();
    // Refused before anything is read: an admin without either permission learns nothing of the event.
    requireMayAnnounce(admin, null, now);
    const event = await requireFound(this.deps.events.get(eventId), MESSAGES.eventNotFound);
    requireMayAnnounce(admin, event, now);
    const before = await this.repeated(form.id, eventId);
    if (before) return before;

    const audiences = ANNOUNCEMENT_AUDIENCES.filter((audience) => form.audiences.includes(audience));
    const recipients = announcementRecipients(await this.peopleOf(eventId), audiences, now);
    const announcement: Announcement = {
      id: form.id,
      eventId,
      eventName: event.name,
      audiences,
      subject: form.subject,
      text: form.text,
      replyTo: admin.email.trim() === '' ? this.deps.feedbackEmail : admin.email,
      authorUid: admin.uid,
      authorName: admin.name,
      sentAt: now.toISOString(),
      told: recipients.length,
    };
    const site = { clubName: this.deps.clubName, publicBaseUrl: this.deps.publicBaseUrl };
    const mail = recipients.map((recipient) => announcementMail(announcement, event, recipient, site));
    // Push: one notification per device of each member told, under the announcement's id (a
    // device gets it once, however often this is asked), written with the e-mails (docs/notifications.md#push).
    const membersTold = [...new Set(recipients.flatMap((recipient) => (recipient.memberId === null ? [] : [recipient.memberId])))];
    const push = await pushDeliveriesFor(
      this.deps,
      membersTold,
      `announcement-${announcement.id}`,
      announcementPush({ id: event.id, title: event.name }, announcement.subject),
    );
    if (!(await this.deps.announcements.add(announcement, mail, { audit: [sentAuditEntry(admin, announcement)], push }))) {
      // Another send with this id was written first (a resend racing the first): it stands.
      return (await this.repeated(form.id, eventId)) ?? { result: 'repeated', announcement, membersTold: [] };
    }
    return { result: 'sent', announcement, membersTold };
  }

  private async repeated(id: string, eventId: string): Promise<AnnouncementSent | null> {
    const stored = await this.deps.announcements.get(id);
    if (stored === null) return null;
    if (stored.eventId !== eventId) throw new ConflictError(ANNOUNCEMENT_MESSAGES.idTaken);
    return { result: 'repeated', announcement: stored, membersTold: [] };
  }

  private async peopleOf(eventId: string): Promise<EventPeople> {
    const [bookings, waitingList, slots, members] = await Promise.all([
      this.deps.bookings.listByEvent(eventId),
      this.deps.waitingList.listByEvent(eventId),
      this.deps.duties.listSlots(eventId),
      this.deps.members.list(),
    ]);
    // The household contact of each booker whose booking names household people.
    const householdContacts = new Map<string, string>();
    const bookers = new Set(bookings.flatMap((booking) => (booking.memberId !== null && booking.householdAttendees.length > 0 ? [booking.memberId] : [])));
    for (const memberId of bookers) {
      const membership = await this.deps.households.membershipOf(memberId);
      if (membership === null) continue;
      const contact = membership.contact ? membership : (await this.deps.households.membersOf(membership.householdId)).find((m) => m.contact);
      if (contact) householdContacts.set(memberId, contact.memberId);
    }
    return { bookings, waitingList, dutyHolderIds: slots.flatMap((slot) => slot.holders.map((holder) => holder.memberId)), householdContacts, members };
  }
}
