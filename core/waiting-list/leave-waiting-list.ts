import { leftEntry } from './waiting-list';
import { offerHoldId } from '../bookings/places-ledger';
import { GetMyWaitingListEntry, entryOfToken, type MyWaitingListDeps } from './get-my-waiting-list-entry';
import type { MyWaitingListEntry } from './waiting-list-schema';

/**
 * A member leaves the waiting list through the link in their e-mail. Leaving again changes
 * nothing and answers the entry as it is.
 */
export class LeaveWaitingList {
  constructor(private readonly deps: MyWaitingListDeps) {}

  async execute(request: unknown): Promise<MyWaitingListEntry> {
    const entry = await entryOfToken(this.deps, request);
    const now = this.deps.clock.now();
    let wasOffered = false;
    const result = await this.deps.waitingList.change(entry.id, (current) => {
      const next = leftEntry(current, now);
      wasOffered = current.status === 'offered';
      return next ? { entry: next } : null;
    });
    // Leaving with an offer frees its places at once (the next round offers them on).
    if (result?.changed && wasOffered) await this.deps.bookings.releaseHold(entry.eventId, offerHoldId(entry.id), now);
    return new GetMyWaitingListEntry(this.deps).execute(request);
  }
}
