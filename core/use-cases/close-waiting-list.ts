import type { ClubEvent } from '../entities/event';
import { newOutboxMessage } from '../domain/outbox';
import { offerHoldId } from '../domain/places-ledger';
import { isInLine, leftEntry } from '../domain/waiting-list';
import { waitlistEventCancelledMail } from '../domain/waitlist-mail';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { WaitingList } from '../ports/waiting-list';
import { UseCase } from './use-case';

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
export class CloseWaitingList extends UseCase<CloseWaitingListDeps> {
  /** Answers how many members were told. */
  async execute(event: ClubEvent): Promise<number> {
    const now = this.deps.clock.now();
    let told = 0;
    for (const entry of (await this.deps.waitingList.listByEvent(event.id)).filter(isInLine)) {
      const result = await this.deps.waitingList.change(entry.id, (current) => {
        const next = leftEntry(current, now);
        if (!next) return null;
        const mail = waitlistEventCancelledMail(current, event, { clubName: this.deps.siteSettings.clubName });
        return { entry: next, mail: [newOutboxMessage(`waitlist-event-cancelled-${current.id}`, 'waitlist-event-cancelled', current.id, mail, now)] };
      });
      if (!result?.changed) continue;
      told += 1;
      if (entry.status === 'offered') await this.deps.bookings.releaseHold(event.id, offerHoldId(entry.id), now);
    }
    return told;
  }
}
