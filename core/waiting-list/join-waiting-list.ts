import { joinRefusal, linePositions, validateWaitingListForm, WAITING_LIST_MESSAGES } from './waiting-list';
import { waitingListJoinedMail } from './waiting-list-mail';
import { placesLeftOf } from '../bookings/booking-state';
import { newOutboxMessage } from '../mail/outbox';
import type { WaitingListEntry } from './waiting-list-entry';
import { BookingClosedError, ConflictError } from '../shared/errors';
import { EVENT_NOT_FOUND } from '../shared/messages';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { WaitingList } from './waiting-list.port';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { JoinWaitingListRequestSchema, type JoinedWaitingList } from './waiting-list-schema';
import { signedWaitingListPath } from './waiting-list-links';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import type { Member } from '../members/member';

export interface JoinWaitingListDeps {
  events: EventRepository;
  bookings: BookingRepository;
  waitingList: WaitingList;
  waitingListLinks: BookingLinks;
  clock: Clock;
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
  maxAttendees: number;
}

/**
 * A member joins a full event's waiting list: name, e-mail and places wanted, checked as the page
 * checks them. Refused while the places they want are free (they book instead), for an event with
 * no capacity or not taking bookings, and for an address already in line. The e-mail with the
 * leave link is written with the entry. A member signed in (`member`) joins in their name: My club
 * lists the entry whatever e-mail it carries.
 */
export class JoinWaitingList extends UseCase<JoinWaitingListDeps> {
  async execute(eventId: string, request: unknown, member: Pick<Member, 'id'> | null = null): Promise<JoinedWaitingList> {
    const values = parseInput(JoinWaitingListRequestSchema, request);
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const valid = acceptedForm(validateWaitingListForm(values, { maxAttendees: this.deps.maxAttendees }));
    const now = this.deps.clock.now();
    const taken = (await this.deps.bookings.placesTakenByEvent([event.id], now)).get(event.id) ?? 0;
    const placesLeft = placesLeftOf(event.capacity, taken);
    const refusal = joinRefusal(event, placesLeft, valid.places, now);
    if (refusal === 'closed') throw new BookingClosedError();
    if (refusal === 'no-capacity') throw new ConflictError(WAITING_LIST_MESSAGES.noCapacity);
    if (refusal === 'not-full') throw new ConflictError(WAITING_LIST_MESSAGES.notFull);

    const entry: WaitingListEntry = {
      id: this.deps.ids.next(),
      eventId: event.id,
      ...valid,
      joinedAt: now.toISOString(),
      status: 'waiting',
      offeredUntil: null,
      updatedAt: now.toISOString(),
      memberId: member?.id ?? null,
    };
    const leaveUrl = `${this.deps.siteSettings.publicBaseUrl}${signedWaitingListPath(this.deps.waitingListLinks, entry, event)}`;
    const mail = waitingListJoinedMail(entry, event, { clubName: this.deps.siteSettings.clubName, leaveUrl });
    const added = await this.deps.waitingList.join(entry, [newOutboxMessage(this.deps.ids.next(), 'waitlist-joined', entry.id, mail, now)]);
    if (!added) throw new ConflictError(WAITING_LIST_MESSAGES.alreadyWaiting);
    const position = linePositions(await this.deps.waitingList.listByEvent(event.id)).get(entry.id) ?? 1;
    return { entryId: entry.id, position, message: WAITING_LIST_MESSAGES.joined };
  }
}
