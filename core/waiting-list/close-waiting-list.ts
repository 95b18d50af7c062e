import type { ClubEvent } from '../events/event';
import { newOutboxMessage } from '../mail/outbox';
import { offerHoldId } from '../bookings/places-ledger';
import { isInLine, leftEntry } from './waiting-list';
import { waitingListEventCancelledMail } from './waiting-list-mail';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { WaitingList } from './waiting-list.port';

export interface CloseWaitingListDeps {
  waitingList: WaitingList;
  bookings: Pick<BookingRepository, 'releaseHold'>;
  clock: Clock;
  siteSettings: { clubName: string };
}

/**
 * A cancelled event's waiting list is closed: everyone still in line leaves it and is told by
 * e-mail, written with the change (one transaction per entry); an offer's held places are let go.
 * Run again (say after a crash part-way), it tells only those still in line: the e-mail's id
 * follows the entry, so nobody is told twice.
 */
export class CloseWaitingList {
  constructor(private readonly deps: CloseWaitingListDeps) {}

  /** Answers how many members were told. */
  async execute(event: ClubEvent): Promise<number> {
    const now = this.deps.clock.now();
    let told = 0;
    for (const entry of (await this.deps.waitingList.listByEvent(event.id)).filter(isInLine)) {
      const result = await this.deps.waitingList.change(entry.id, (current) => {
        const next = leftEntry(current, now);
        if (!next) return null;
        const mail = waitingListEventCancelledMail(current, event, { clubName: this.deps.siteSettings.clubName });
        return { entry: next, mail: [newOutboxMessage(`waitlist-event-cancelled-${current.id}`, 'waitlist-event-cancelled', current.id, mail, now)] };
      });
      if (!result?.changed) continue;
      told += 1;
      if (entry.status === 'offered') await this.deps.bookings.releaseHold(event.id, offerHoldId(entry.id), now);
    }
    return told;
  }
}
