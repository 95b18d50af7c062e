import { Link } from 'react-router-dom';
import { bookedAttendeesText } from '@core/bookings/booking';
import { formatMoney } from '@core/shared/money';
import type { MyClubBooking } from '@core/my-club/my-club-schema';
import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { useMyBookings } from '../exports/my-bookings';
import { myClubWhen } from './my-club-dates';

const METHOD_TEXT = { card: 'card', cash: 'cash', transfer: 'bank transfer' } as const;
const REFUND_TEXT = {
  pending: 'Refund on its way',
  refunded: 'Refunded',
  failed: 'Refund being retried by the club',
  'by-hand': 'To be refunded by hand',
} as const;

function BookingItem({ booking }: { booking: MyClubBooking }) {
  const receipt = booking.receipt;
  return (
    <li className="my-booking">
      <p>
        <strong>{booking.eventName}</strong> · {myClubWhen(booking.eventStart)}
      </p>
      <p>
        Reference {booking.reference} · {booking.numberAttending} attending · {booking.status}
      </p>
      {booking.householdAttendees.length > 0 && <p>With {bookedAttendeesText(booking.householdAttendees)}</p>}
      {receipt !== null && (
        <p>
          {formatMoney(receipt.amount, receipt.currency)} ({receipt.priceKind === 'member' ? 'member price' : 'standard price'})
          {receipt.paid && receipt.method !== null && `, paid by ${METHOD_TEXT[receipt.method]}`}
          {receipt.refundStatus !== null && (
            <>
              {' · '}
              {REFUND_TEXT[receipt.refundStatus]}
              {receipt.refundAmount !== null && ` (${formatMoney(receipt.refundAmount, receipt.currency)})`}
            </>
          )}
        </p>
      )}
      <Link to={booking.managePath}>Manage booking {booking.reference}</Link>
    </li>
  );
}

/** My club's bookings: upcoming and past, each with its receipt and manage link. */
export function MyBookingsSection() {
  const bookings = useMyBookings();
  return (
    <section className="card" aria-labelledby="my-bookings-title">
      <h2 id="my-bookings-title">My bookings</h2>
      <QueryView query={bookings} loading="Loading your bookings…" failed="Failed to load your bookings">
        {({ upcoming, past }) => (
          <>
            <h3>Upcoming</h3>
            <ListOrEmpty items={upcoming} empty="No upcoming bookings.">
              {(booking) => <BookingItem key={booking.bookingId} booking={booking} />}
            </ListOrEmpty>
            <h3>Past</h3>
            <ListOrEmpty items={past} empty="No past bookings.">
              {(booking) => <BookingItem key={booking.bookingId} booking={booking} />}
            </ListOrEmpty>
          </>
        )}
      </QueryView>
    </section>
  );
}
