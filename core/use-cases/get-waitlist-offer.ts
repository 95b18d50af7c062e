import { offerStands, WAITLIST_MESSAGES } from '../domain/waiting-list';
import { ConflictError } from '../errors';
import type { WaitlistEntry } from '../entities/waitlist-entry';
import type { BookingLinks } from '../ports/booking-links';
import type { Clock } from '../ports/clock';
import type { WaitingList } from '../ports/waiting-list';
import { parseInput } from './parse-input';
import { WaitlistTokenSchema, type WaitlistOffer } from './waitlist-schema';
import { UseCase } from './use-case';

export interface WaitlistOfferDeps {
  waitingList: WaitingList;
  offerLinks: BookingLinks;
  clock: Clock;
}

/** The entry an offer link names, while its offer stands; otherwise "no longer valid" (409). */
export async function standingOffer(deps: WaitlistOfferDeps, token: string, now: Date): Promise<WaitlistEntry> {
  const entryId = deps.offerLinks.read(token, now);
  const entry = entryId === null ? null : await deps.waitingList.get(entryId);
  if (!entry || !offerStands(entry, now)) throw new ConflictError(WAITLIST_MESSAGES.offerInvalid);
  return entry;
}

/** What the booking page fills its form with for an offer link. */
export class GetWaitlistOffer extends UseCase<WaitlistOfferDeps> {
  async execute(request: unknown): Promise<WaitlistOffer> {
    const { token } = parseInput(WaitlistTokenSchema, request);
    const entry = await standingOffer(this.deps, token, this.deps.clock.now());
    return { eventId: entry.eventId, name: entry.name, email: entry.email, places: entry.places, offeredUntil: entry.offeredUntil ?? '' };
  }
}
