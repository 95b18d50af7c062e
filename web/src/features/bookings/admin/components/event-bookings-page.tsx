import { attendanceText } from '@core/check-in/attendance';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { formatMoney } from '@core/shared/money';
import { priceChargedText } from '@core/bookings/bookings-report';
import { HOLD_MINUTES, truncatePaymentId } from '@core/bookings/booking-state';
import type { PaymentStatus } from '@core/bookings/booking';
import { bookingsCsvUrl, eventBookingsQueryOptions, useEventBookings } from '../api/bookings';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { Badge, type BadgeTone } from '../../../../admin/shared/components/badge';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { moneyList } from './money-list';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { Alert } from '../../../../components/ui/alert';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { Checkbox } from '../../../../components/ui/checkbox';
import { EventWaitingList } from './event-waiting-list';

export const DETAIL_MESSAGES = { notFound: 'Event not found', failed: 'Failed to load booking details' };

export const STATUS_TONE: Record<PaymentStatus, BadgeTone> = {
  Paid: 'green',
  'Paid (cash)': 'green',
  'Paid (transfer)': 'green',
  Pending: 'amber',
  Expired: 'grey',
  'Free Event': 'blue',
  Cancelled: 'grey',
  'Refund failed': 'red',
  'To refund by hand': 'amber',
};

export function EventBookingsPage() {
  const { eventId = '' } = useParams();
  const bookings = useEventBookings(eventId);
  const tryAgain = useTryAgain(eventBookingsQueryOptions(eventId).queryKey);
  // Unpaid holds that lapsed count nowhere else; here they stay listed unless the admin hides them.
  const [hideExpired, setHideExpired] = useState(false);

  if (bookings.isError && bookings.error.status === 403) return <LoadError error={bookings.error} message={DETAIL_MESSAGES.failed} />;

  const title = bookings.isSuccess ? bookings.data.event.name : 'Event Bookings';
  const allBookings = bookings.isSuccess ? bookings.data.bookings : [];
  const expiredCount = allBookings.filter((booking) => booking.paymentStatus === 'Expired').length;
  const shownBookings = hideExpired ? allBookings.filter((booking) => booking.paymentStatus !== 'Expired') : allBookings;
  return (
    <>
      <p className="adm-breadcrumb">
        <Link to="/admin/bookings">← Back to bookings overview</Link>
      </p>
      <div className="adm-page-head">
        <PageTitle documentTitle={`Bookings: ${title}`}>{bookings.isSuccess ? `Bookings: ${title}` : title}</PageTitle>
        {bookings.isSuccess && (
          <a className="btn btn-secondary" href={bookingsCsvUrl(eventId)} download>
            Download CSV
          </a>
        )}
      </div>

      {bookings.isPending && <Loading label="Loading bookings…" />}
      {bookings.isError &&
        (bookings.error.status === 404 ? (
          <Alert tone="error">{DETAIL_MESSAGES.notFound}</Alert>
        ) : (
          <LoadError error={bookings.error} message={DETAIL_MESSAGES.failed} onRetry={tryAgain} />
        ))}
      {bookings.isSuccess && (
        <>
          <p className="adm-muted">{formatDate(bookings.data.event.eventdatetime, 'admin')}</p>
          <dl className="adm-cards">
            <SummaryCard label="Bookings" value={bookings.data.summary.bookings} />
            <SummaryCard label="Attendees" value={bookings.data.summary.attendees} />
            <SummaryCard label="Children" value={bookings.data.summary.children} />
            <SummaryCard label="Soft Drinks" value={bookings.data.summary.softDrinks} />
            <SummaryCard label="Vegetarian" value={bookings.data.summary.vegetarian} />
            <SummaryCard
              label="Paid / Pending / Free"
              value={`${bookings.data.summary.paid} / ${bookings.data.summary.pending} / ${bookings.data.summary.free}`}
            />
            <SummaryCard label="Cancelled" value={bookings.data.summary.cancelled} />
            {bookings.data.summary.toRefundByHand > 0 && <SummaryCard label="To refund by hand" value={bookings.data.summary.toRefundByHand} />}
            <SummaryCard label="Revenue (less refunds)" value={moneyList(bookings.data.summary.revenue, bookings.data.event.currency)} />
            {bookings.data.summary.memberPriced > 0 && (
              <SummaryCard
                label="At member prices"
                value={`${bookings.data.summary.memberPriced} (${moneyList(bookings.data.summary.memberRevenue, bookings.data.event.currency)})`}
              />
            )}
          </dl>

          {expiredCount > 0 && (
            <Checkbox
              id="adm-hide-expired"
              label={`Hide expired bookings (${expiredCount})`}
              hint={`Unpaid card bookings whose ${HOLD_MINUTES}-minute hold ran out: they hold no places and count in no total.`}
              checked={hideExpired}
              onChange={setHideExpired}
            />
          )}
          {bookings.data.bookings.length === 0 ? (
            <p className="adm-muted">No bookings for this event yet.</p>
          ) : shownBookings.length === 0 ? (
            <p className="adm-muted">Every booking for this event has expired.</p>
          ) : (
            <DataTable
              label="Bookings"
              columns={[
                'Name',
                'Reference',
                'Email',
                { label: 'Attending', numeric: true },
                { label: 'Children', numeric: true },
                { label: 'Soft Drinks', numeric: true },
                { label: 'Vegetarian', numeric: true },
                'Boat',
                'Submitted',
                'Payment',
                { label: 'Amount', numeric: true },
                'Price',
                'Payment ID',
                'Arrived',
              ]}
            >
              {shownBookings.map((booking) => {
                const status = booking.paymentStatus;
                return (
                  <tr key={booking.id}>
                    <th scope="row">
                      <Link to={`/admin/booking/${encodeURIComponent(booking.id)}`}>
                        {booking.firstName} {booking.lastName}
                      </Link>
                    </th>
                    <td>
                      <code>{booking.reference ?? '—'}</code>
                    </td>
                    <td>{booking.userEmail ?? '—'}</td>
                    <td className="adm-num">{booking.numberAttending}</td>
                    <td className="adm-num">{booking.numberOfChildren}</td>
                    <td className="adm-num">{booking.numberOfSoftDrinks}</td>
                    <td className="adm-num">{booking.numberOfVegetarian}</td>
                    <td>{booking.boatName ?? '—'}</td>
                    <td>{formatDate(booking.submittedAt, 'admin')}</td>
                    <td>
                      <Badge tone={STATUS_TONE[status]}>{status}</Badge>
                    </td>
                    <td className="adm-num">
                      {booking.paymentAmount ? formatMoney(booking.paymentAmount, booking.paymentCurrency ?? bookings.data.event.currency) : '—'}
                    </td>
                    <td>{priceChargedText(booking)}</td>
                    <td>
                      <code>{truncatePaymentId(booking.paymentId) || '—'}</code>
                    </td>
                    <td>{attendanceText(booking.attendance, booking.numberAttending) || '—'}</td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          {bookings.data.event.capacity !== null && <EventWaitingList eventId={eventId} />}
        </>
      )}
    </>
  );
}

function SummaryCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="adm-card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
