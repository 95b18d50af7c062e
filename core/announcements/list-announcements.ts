import { bookingEmailKey } from '../bookings/booking';
import { holdsPlace } from '../bookings/booking-state';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { MESSAGES } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import type { AdminAnnouncementList, Announcement, MemberAnnouncement, MemberAnnouncementList } from './announcement';
import type { AnnouncementRepository } from './announcement-repository.port';

/** The most announcements My club lists (the newest), and the most of a member's bookings and entries it looks through. */
export const MY_CLUB_ANNOUNCEMENTS_LIMIT = 20;
const MY_EVENTS_LIMIT = 100;

export interface ListAnnouncementsDeps {
  events: Pick<EventRepository, 'get'>;
  bookings: Pick<BookingRepository, 'listForMember'>;
  waitingList: Pick<WaitingList, 'listInLineForMember'>;
  duties: Pick<DutyRepository, 'listMemberDuties'>;
  announcements: AnnouncementRepository;
  clock: Clock;
}

/** What a member sees of an announcement: its words, its event and when. */
export function memberAnnouncement(announcement: Announcement): MemberAnnouncement {
  const { id, eventId, eventName, subject, text, sentAt } = announcement;
  return { id, eventId, eventName, subject, text, sentAt };
}

/** Announcements as each screen lists them (docs/notifications.md#where-they-are-shown), newest first. */
export class ListAnnouncements extends UseCase<ListAnnouncementsDeps> {
  /** The admin's event page: every announcement of the event with how many were told. */
  async forAdmin(eventId: string): Promise<AdminAnnouncementList> {
    await requireFound(this.deps.events.get(eventId), MESSAGES.eventNotFound);
    return { announcements: await this.deps.announcements.listByEvent(eventId) };
  }

  /** The members' event page (a signed-in member): the event's announcements' words and times. */
  async forEvent(eventId: string): Promise<MemberAnnouncementList> {
    await requireFound(this.deps.events.get(eventId), MESSAGES.eventNotFound);
    return { announcements: (await this.deps.announcements.listByEvent(eventId)).map(memberAnnouncement) };
  }

  /**
   * My club: the newest announcements of the events the member is booked on (a booking that
   * stands, made signed in or with their e-mail), on duty at, or in line for on the waiting list.
   */
  async forMember(member: Pick<Member, 'id' | 'email'>): Promise<MemberAnnouncementList> {
    const now = this.deps.clock.now();
    const mine = { memberId: member.id, emailKey: bookingEmailKey(member.email) ?? '' };
    const [bookings, entries, duties] = await Promise.all([
      this.deps.bookings.listForMember(mine, MY_EVENTS_LIMIT),
      this.deps.waitingList.listInLineForMember(mine, MY_EVENTS_LIMIT),
      this.deps.duties.listMemberDuties(member.id),
    ]);
    const eventIds = new Set([
      ...bookings.filter((booking) => holdsPlace(booking, now)).map((booking) => booking.eventId),
      ...entries.map((entry) => entry.eventId),
      ...duties.map((duty) => duty.eventId),
    ]);
    const found = await this.deps.announcements.listByEvents([...eventIds], MY_CLUB_ANNOUNCEMENTS_LIMIT);
    return { announcements: found.map(memberAnnouncement) };
  }
}
