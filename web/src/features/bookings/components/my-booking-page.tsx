import { Link } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { CalendarLinks } from '../../events/exports/calendar-links';
import { useCancelMyBooking, type MyBooking } from '../api/cancel-my-booking';
import { useMyBooking } from '../api/my-booking-read';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkNotValidPage, PageReadStates, TokenLinkPage } from '../../../components/layout/link-page';
import { ChangeBooking } from './change-booking';

function BookingNotFound() {
  return (
    <LinkNotValidPage title="Booking not found">
      <p>This link does not name a booking we hold. It may have been mistyped or cut short, or it has expired.</p>
      <p>
        Use the link in your confirmation e-mail, or see the <Link to={PATHS.calendar}>events calendar</Link>.
      </p>
    </LinkNotValidPage>
  );
}

/** /my-booking?token=…: a member's own booking, reached with the signed link of its confirmation. */
export function MyBookingPage() {
  return <TokenLinkPage notValid={<BookingNotFound />}>{(token) => <MyBookingScreen token={token} />}</TokenLinkPage>;
}

function MyBookingScreen({ token }: { token: string }) {
  const state = useMyBooking(token);
  const config = useClubConfig();
  usePageTitle(state.status === 'success' ? `Your booking: ${state.data.event.name}` : 'Your booking');

  return (
    <PageReadStates state={state} notFound={<BookingNotFound />} loading="Loading your booking..." failed="Failed to load your booking">
      {(booking) => <Booking token={token} booking={booking} clubName={config.clubName} />}
    </PageReadStates>
  );
}

function Booking({ token, booking, clubName }: { token: string; booking: MyBooking; clubName: string }) {
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
            <CalendarLinks event={booking.event} location={clubName} />
            <ChangeBooking token={token} booking={booking} />
            <CancelBooking token={token} booking={booking} />
          </>
        )}
      </section>
    </div>
  );
}

/** The words for a cancellation that failed: the server's own for a refusal, else a plea to try again. */
function cancelFailure(error: Error): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500
    ? error.message
    : 'Your booking could not be cancelled just now. Please try again.';
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
          {/* Money taken by hand (cash, transfer) goes back by hand, not to a card. */}
          {paid
            ? booking.status === 'Paid (cash)' || booking.status === 'Paid (transfer)'
              ? ` The club will repay you the ${paid.value} you paid, by hand.`
              : ` The ${paid.value} you paid will be refunded in full.`
            : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}
