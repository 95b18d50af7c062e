import { linePositions, WAITING_LIST_MESSAGES } from './waiting-list';
import { NotFoundError } from '../shared/errors';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { Clock } from '../shared/clock.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { WaitingList } from './waiting-list.port';
import { parseInput } from '../shared/parse-input';
import { WaitingListTokenSchema, type MyWaitingListEntry } from './waiting-list-schema';

export interface MyWaitingListDeps {
  events: EventRepository;
  waitingList: WaitingList;
  waitingListLinks: BookingLinks;
  clock: Clock;
  /** To free an offer's places when its member leaves. */
  bookings: BookingRepository;
}

/** The entry a leave link names, for the member's page: a forged, expired or unknown link is "not found". */
export async function entryOfToken(deps: MyWaitingListDeps, request: unknown) {
  const { token } = parseInput(WaitingListTokenSchema, request);
  const entryId = deps.waitingListLinks.read(token, deps.clock.now());
  const entry = entryId === null ? null : await deps.waitingList.get(entryId);
  if (!entry) throw new NotFoundError(WAITING_LIST_MESSAGES.linkInvalid);
  return entry;
}

/** A member's own waiting-list entry, read with the signed link from their e-mail. */
export class GetMyWaitingListEntry {
  constructor(private readonly deps: MyWaitingListDeps) {}

  async execute(request: unknown): Promise<MyWaitingListEntry> {
    const entry = await entryOfToken(this.deps, request);
    const event = await this.deps.events.get(entry.eventId);
    const position = linePositions(await this.deps.waitingList.listByEvent(entry.eventId)).get(entry.id) ?? null;
    return { eventId: entry.eventId, eventName: event?.name ?? '', name: entry.name, places: entry.places, status: entry.status, position };
  }
}
