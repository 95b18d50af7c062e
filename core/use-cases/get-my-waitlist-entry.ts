import { linePositions, WAITLIST_MESSAGES } from '../domain/waiting-list';
import { NotFoundError } from '../errors';
import type { BookingLinks } from '../ports/booking-links';
import type { Clock } from '../ports/clock';
import type { BookingRepository } from '../ports/booking-repository';
import type { EventRepository } from '../ports/event-repository';
import type { WaitingList } from '../ports/waiting-list';
import { parseInput } from './parse-input';
import { WaitlistTokenSchema, type MyWaitlistEntry } from './waitlist-schema';
import { UseCase } from './use-case';

export interface MyWaitlistDeps {
  events: EventRepository;
  waitingList: WaitingList;
  waitlistLinks: BookingLinks;
  clock: Clock;
  /** To free an offer's places when its member leaves. */
  bookings: BookingRepository;
}

/** The entry a leave link names, for the member's page: a forged, expired or unknown link is "not found". */
export async function entryOfToken(deps: MyWaitlistDeps, request: unknown) {
  const { token } = parseInput(WaitlistTokenSchema, request);
  const entryId = deps.waitlistLinks.read(token, deps.clock.now());
  const entry = entryId === null ? null : await deps.waitingList.get(entryId);
  if (!entry) throw new NotFoundError(WAITLIST_MESSAGES.linkInvalid);
  return entry;
}

/** A member's own waiting-list entry, read with the signed link from their e-mail. */
export class GetMyWaitlistEntry extends UseCase<MyWaitlistDeps> {
  async execute(request: unknown): Promise<MyWaitlistEntry> {
    const entry = await entryOfToken(this.deps, request);
    const event = await this.deps.events.get(entry.eventId);
    const position = linePositions(await this.deps.waitingList.listByEvent(entry.eventId)).get(entry.id) ?? null;
    return { eventId: entry.eventId, eventName: event?.name ?? '', name: entry.name, places: entry.places, status: entry.status, position };
  }
}
