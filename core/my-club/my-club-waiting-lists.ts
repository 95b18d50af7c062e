import { bookingEmailKey } from '../bookings/booking';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { EventRepository } from '../events/event-repository.port';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { offerBookingPath } from '../shared/paths';
import { UseCase } from '../shared/use-case';
import { recordsById } from '../shared/records-by-id';
import { offerStands } from '../waiting-list/waiting-list';
import { signedWaitingListPath } from '../waiting-list/waiting-list-links';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import type { MyClubWaitingListEntry, MyClubWaitingLists } from './my-club-schema';

/** The most waiting-list entries of each kind (joined signed in, joined with the member's e-mail) My club reads. */
export const MY_CLUB_WAITING_LIST_LIMIT = 100;

export interface GetMyClubWaitingListsDeps {
  waitingList: WaitingList;
  events: EventRepository;
  /** The joining e-mail's leave links. */
  waitingListLinks: BookingLinks;
  /** The offer e-mail's booking links. */
  offerLinks: BookingLinks;
  clock: Clock;
}

/**
 * The signed-in member's places on waiting lists (docs/my-club.md): entries still in line joined
 * while signed in, and those joined without signing in with the member's e-mail (proven by the
 * sign-in code), never another member's. Each carries the links its e-mails gave: the leave link,
 * and while an offer stands, its deadline and the link to book. An offer that ran out (the round
 * marks it expired soon) is left out. First joined first. Reads: two indexed, limited queries and
 * one read per event, whatever the club's size.
 */
export class GetMyClubWaitingLists extends UseCase<GetMyClubWaitingListsDeps> {
  async execute(member: Pick<Member, 'id' | 'email'>): Promise<MyClubWaitingLists> {
    const now = this.deps.clock.now();
    const emailKey = bookingEmailKey(member.email) ?? '';
    const found = await this.deps.waitingList.listInLineForMember({ memberId: member.id, emailKey }, MY_CLUB_WAITING_LIST_LIMIT);
    const shown = found.filter((entry) => entry.status === 'waiting' || offerStands(entry, now));
    const events = await recordsById(
      shown.map((entry) => entry.eventId),
      (id) => this.deps.events.get(id),
    );
    const entries = shown.flatMap((entry): MyClubWaitingListEntry[] => {
      const event = events.get(entry.eventId);
      if (!event) return [];
      const offered = entry.status === 'offered' && entry.offeredUntil !== null;
      return [
        {
          entryId: entry.id,
          eventId: event.id,
          eventName: event.name,
          eventStart: event.eventdatetime,
          places: entry.places,
          status: offered ? 'offered' : 'waiting',
          // The same signed link the offer e-mail carried: issued for the entry until the offer's end.
          offer: offered
            ? { until: entry.offeredUntil!, bookPath: offerBookingPath(event.id, this.deps.offerLinks.issue(entry.id, new Date(entry.offeredUntil!))) }
            : null,
          leavePath: signedWaitingListPath(this.deps.waitingListLinks, entry, event),
        },
      ];
    });
    return { entries };
  }
}
