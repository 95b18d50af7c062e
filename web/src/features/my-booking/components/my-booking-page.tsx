import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { PageLoading, PageLoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { CalendarLinks } from '../../calendar/components/calendar-links';
import { useCancelMyBooking, type MyBooking } from '../api/cancel-my-booking';
import { useMyBooking } from '../api/my-booking-read';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
  const state = useMyBooking(token);
  const config = useClubConfig();
  usePageTitle(state.status === 'success' ? `Your booking: ${state.data.event.name}` : 'Your booking');

  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404) return <BookingNotFound />;
  if (state.status === 'loading') return <PageLoading label="Loading your booking..." />;
  if (state.status === 'error') {
    return (
      <PageLoadFailed title="Failed to load your booking" onRetry={state.reload} />
    );
  }

  const booking = state.data;
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="my-booking-title">
        <h1 id="my-booking-title">{booking.cancelled ? 'Your cancelled booking' : 'Your booking'}</h1>
        <p>
          Hello {booking.firstName}, this is your booking for <strong>{booking.event.name}</strong>.
        </p>
        {booking.cancelled && (
          <Alert tone="info" title="This booking is cancelled.">
            {booking.note && <p>{booking.note}</p>}
          </Alert>
        )}
        <DetailsList rows={[...booking.details.map(({ label, value }) => [label, value] as const), ['Status', booking.status]]} />
        {!booking.cancelled && (
          <>
            <h2>Add to My Calendar</h2>
            <CalendarLinks event={booking.event} location={config.clubName} />
            <CancelBooking token={token} booking={booking} />
          </>
        )}
      </section>
    </div>
  );
}

/** The words for a cancellation that failed: the server's own for a refusal, else a plea to try again. */
function cancelFailure(error: Error): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : 'Your booking could not be cancelled just now. Please try again.';
}

/**
 * Cancel Booking, with a confirmation that says what happens to the places and the money. After
 * the deadline the button is gone and the page says why and whom to contact.
 */
function CancelBooking({ token, booking }: { token: string; booking: MyBooking }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMyBooking(token);

  if (!booking.canCancel) {
    return (
      <>
        <h2>Cancel Booking</h2>
        <p>{booking.note}</p>
      </>
    );
  }

  const paid = booking.details.find((d) => d.label === 'Paid');
  const confirm = () => cancel.mutate(undefined, { onSettled: () => setConfirming(false) });
  const failure = cancel.isError ? cancelFailure(cancel.error) : null;

  return (
    <>
      <h2>Cancel Booking</h2>
      <p>If you cannot come, cancel your booking here so that someone else can have your places.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Cancel Booking
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this booking?"
        confirmLabel="Yes, cancel my booking"
        cancelLabel="Keep my booking"
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Your places at {booking.event.name} will be released at once.
          {paid ? ` The ${paid.value} you paid will be refunded in full.` : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}
