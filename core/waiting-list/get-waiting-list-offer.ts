import { offerStands, WAITING_LIST_MESSAGES } from './waiting-list';
import { ConflictError } from '../shared/errors';
import type { WaitingListEntry } from './waiting-list-entry';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { Clock } from '../shared/clock.port';
import type { WaitingList } from './waiting-list.port';
import { parseInput } from '../shared/parse-input';
import { WaitingListTokenSchema, type WaitingListOffer } from './waiting-list-schema';

export interface WaitingListOfferDeps {
  waitingList: WaitingList;
  offerLinks: BookingLinks;
  clock: Clock;
}

/** The entry an offer link names, while its offer stands; otherwise "no longer valid" (409). */
export async function standingOffer(deps: WaitingListOfferDeps, token: string, now: Date): Promise<WaitingListEntry> {
  const entryId = deps.offerLinks.read(token, now);
  const entry = entryId === null ? null : await deps.waitingList.get(entryId);
  if (!entry || !offerStands(entry, now)) throw new ConflictError(WAITING_LIST_MESSAGES.offerInvalid);
  return entry;
}

/** What the booking page fills its form with for an offer link. */
export class GetWaitingListOffer {
  constructor(private readonly deps: WaitingListOfferDeps) {}

  async execute(request: unknown): Promise<WaitingListOffer> {
    const { token } = parseInput(WaitingListTokenSchema, request);
    const entry = await standingOffer(this.deps, token, this.deps.clock.now());
    return { eventId: entry.eventId, name: entry.name, email: entry.email, places: entry.places, offeredUntil: entry.offeredUntil ?? '' };
  }
}
