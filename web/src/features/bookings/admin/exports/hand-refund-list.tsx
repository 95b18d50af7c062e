import { Link } from 'react-router-dom';
import type { HandRefund } from '@core/bookings/hand-refunds';
import { mayOpen } from '@core/admins/permissions';
import { formatMoney } from '@core/shared/money';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';

const bookingPath = (id: string) => `/admin/booking/${encodeURIComponent(id)}`;
const eventBookingsPath = (eventId: string) => `/admin/bookings/${encodeURIComponent(eventId)}`;

/**
 * The bookings an event's cancellation left to repay by hand (cash, transfers): each member's
 * name, the amount and the booking's reference, linked to the booking (where it is recorded as
 * repaid) when this admin may open it, and the event's bookings.
 */
export function HandRefundList({ eventId, eventName, refunds }: { eventId: string; eventName: string; refunds: readonly HandRefund[] }) {
  const admin = useSignedInAdmin();
  if (refunds.length === 0) return null;
  return (
    <section className="adm-panel" aria-labelledby="adm-hand-refunds">
      <h2 id="adm-hand-refunds">To refund by hand</h2>
      <p>
        These members paid in cash or by bank transfer. They have been told the club will repay them; once you have, record it on their booking (Record refund
        as handed back).
      </p>
      <ul>
        {refunds.map((refund) => {
          const how = refund.paymentMethod === 'transfer' ? 'bank transfer' : 'cash';
          const what = `${formatMoney(refund.amount, refund.currency)} (${how}), reference ${refund.bookingId}`;
          return (
            <li key={refund.bookingId}>
              {mayOpen(admin, bookingPath(refund.bookingId)) ? <Link to={bookingPath(refund.bookingId)}>{refund.name}</Link> : refund.name}: {what}
            </li>
          );
        })}
      </ul>
      {mayOpen(admin, eventBookingsPath(eventId)) && (
        <p>
          <Link to={eventBookingsPath(eventId)}>All the bookings of {eventName}</Link>
        </p>
      )}
    </section>
  );
}
