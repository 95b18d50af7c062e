import type { Booking } from './booking';
import { holdsPlace } from './booking-state';
import type { ChangeNoticeCount } from '../events/event-change-notice';

type Tellable = Pick<Booking, 'userEmail' | 'cancelledAt' | 'paymentRequired' | 'paid' | 'submittedAt'> & { checkoutOpenedAt?: string | null };

/**
 * The bookings told of a change at `now`: each live one (not cancelled, not a lapsed hold) whose
 * member gave an e-mail. A hold still running is told too: its member saw the old time.
 */
export function bookingsToTell<B extends Tellable>(bookings: readonly B[], now: Date): B[] {
  return bookings.filter((b) => holdsPlace(b, now) && Boolean(b.userEmail));
}

export function changeNoticeCount(bookings: readonly Tellable[], now: Date, dutyHolders = 0): ChangeNoticeCount {
  const live = bookings.filter((b) => holdsPlace(b, now));
  const withEmail = live.filter((b) => Boolean(b.userEmail)).length;
  return { withEmail, withoutEmail: live.length - withEmail, dutyHolders };
}
