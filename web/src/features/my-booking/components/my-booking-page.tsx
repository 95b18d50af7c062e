import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '@core/paths';
import { LoadFailed, PageLoading } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { useApiQuery } from '../../../lib/query';
import { usePageTitle } from '../../../lib/use-page-title';
import { CalendarLinks } from '../../calendar/components/calendar-links';
import { getMyBooking, myBookingKey } from '../api/get-my-booking';
import '../my-booking.css';
import { MessagePage } from '../../../components/layout/message-page';

function BookingNotFound() {
  usePageTitle('Booking not found');
  return (
    <MessagePage title="Booking not found">
      <p>This link does not name a booking we hold. It may have been mistyped or cut short, or it has expired.</p>
      <p>
        Use the link in your confirmation e-mail, or see the <Link to={PATHS.calendar}>events calendar</Link>.
      </p>
    </MessagePage>
  );
}

/** /my-booking?token=…: a member's own booking, reached with the signed link of its confirmation. */
export function MyBookingPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Without a token there is nothing to ask the server.
  return token === '' ? <BookingNotFound /> : <MyBookingScreen key={token} token={token} />;
}

function MyBookingScreen({ token }: { token: string }) {
  const state = useApiQuery(myBookingKey(token), (signal) => getMyBooking(token, signal));
  const config = useClubConfig();
  usePageTitle(state.status === 'success' ? `Your booking: ${state.data.event.name}` : 'Your booking');

  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404) return <BookingNotFound />;
  if (state.status === 'loading') return <PageLoading label="Loading your booking..." />;
  if (state.status === 'error') {
    return (
      <div className="page narrow">
        <LoadFailed title="Failed to load your booking" onRetry={state.reload} />
      </div>
    );
  }

  const booking = state.data;
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="my-booking-title">
        <h1 id="my-booking-title">Your booking</h1>
        <p>
          Hello {booking.firstName}, this is your booking for <strong>{booking.event.name}</strong>.
        </p>
        <dl className="my-booking-details">
          {booking.details.map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>Status</dt>
            <dd>{booking.status}</dd>
          </div>
        </dl>
        <h2>Add to My Calendar</h2>
        <CalendarLinks event={booking.event} location={config.clubName} />
      </section>
    </div>
  );
}
