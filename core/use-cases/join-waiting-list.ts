import { joinRefusal, linePositions, validateWaitlistForm, WAITLIST_MESSAGES } from '../domain/waiting-list';
import { waitlistJoinedMail } from '../domain/waitlist-mail';
import { newOutboxMessage } from '../domain/outbox';
import type { WaitlistEntry } from '../entities/waitlist-entry';
import { BookingClosedError, ConflictError } from '../errors';
import { EVENT_NOT_FOUND } from '../messages';
import type { BookingLinks } from '../ports/booking-links';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';
import type { IdGenerator } from '../ports/id-generator';
import type { WaitingList } from '../ports/waiting-list';
import { fieldsError, parseInput } from './parse-input';
import { JoinWaitingListRequestSchema, type JoinedWaitingList } from './waitlist-schema';
import { waitlistPath } from './waitlist-links';
import { requireFound } from './require-found';
import { UseCase } from './use-case';

export interface JoinWaitingListDeps {
  events: EventRepository;
  bookings: BookingRepository;
  waitingList: WaitingList;
  waitlistLinks: BookingLinks;
  clock: Clock;
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
  maxAttendees: number;
}

/**
 * A member joins a full event's waiting list: name, e-mail and places wanted, checked as the page
 * checks them. Refused while the places they want are free (they book instead), for an event with
 * no capacity or not taking bookings, and for an address already in line. The e-mail with the
 * leave link is written with the entry.
 */
export class JoinWaitingList extends UseCase<JoinWaitingListDeps> {
  async execute(eventId: string, request: unknown): Promise<JoinedWaitingList> {
    const values = parseInput(JoinWaitingListRequestSchema, request);
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const checked = validateWaitlistForm(values, { maxAttendees: this.deps.maxAttendees });
    if (!checked.ok) throw fieldsError(checked.errors);
    const now = this.deps.clock.now();
    const taken = (await this.deps.bookings.placesTakenByEvent([event.id], now)).get(event.id) ?? 0;
    const placesLeft = event.capacity === null ? null : Math.max(0, event.capacity - taken);
    const refusal = joinRefusal(event, placesLeft, checked.value.places, now);
    if (refusal === 'closed') throw new BookingClosedError();
    if (refusal === 'no-capacity') throw new ConflictError(WAITLIST_MESSAGES.noCapacity);
    if (refusal === 'not-full') throw new ConflictError(WAITLIST_MESSAGES.notFull);

    const entry: WaitlistEntry = {
      id: this.deps.ids.next(),
      eventId: event.id,
      ...checked.value,
      joinedAt: now.toISOString(),
      status: 'waiting',
      offeredUntil: null,
      updatedAt: now.toISOString(),
    };
    const leaveUrl = `${this.deps.siteSettings.publicBaseUrl}${waitlistPath(this.deps.waitlistLinks, entry, event)}`;
    const mail = waitlistJoinedMail(entry, event, { clubName: this.deps.siteSettings.clubName, leaveUrl });
    const added = await this.deps.waitingList.join(entry, [newOutboxMessage(this.deps.ids.next(), 'waitlist-joined', entry.id, mail, now)]);
    if (!added) throw new ConflictError(WAITLIST_MESSAGES.alreadyWaiting);
    const position = linePositions(await this.deps.waitingList.listByEvent(event.id)).get(entry.id) ?? 1;
    return { entryId: entry.id, position, message: WAITLIST_MESSAGES.joined };
  }
}
