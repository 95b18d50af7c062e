import { leftEntry } from '../domain/waiting-list';
import { GetMyWaitlistEntry, entryOfToken, type MyWaitlistDeps } from './get-my-waitlist-entry';
import type { MyWaitlistEntry } from './waitlist-schema';

/**
 * A member leaves the waiting list through the link in their e-mail. Leaving again changes
 * nothing and answers the entry as it is.
 */
export class LeaveWaitingList {
  constructor(private readonly deps: MyWaitlistDeps) {}

  async execute(request: unknown): Promise<MyWaitlistEntry> {
    const entry = await entryOfToken(this.deps, request);
    const now = this.deps.clock.now();
    await this.deps.waitingList.change(entry.id, (current) => {
      const next = leftEntry(current, now);
      return next ? { entry: next } : null;
    });
    return new GetMyWaitlistEntry(this.deps).execute(request);
  }
}
