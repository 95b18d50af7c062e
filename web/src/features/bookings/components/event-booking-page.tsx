import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { eventBookedPath, eventBookingPath, manageBookingPath, manageTokenOf, PATHS } from '@core/shared/paths';
import { formatDateRange } from '@core/shared/date-text';
import { bookingOffer } from '@core/bookings/booking-state';
import { NO_EMAIL_MESSAGES } from '@core/bookings/booking-without-email';
import { offersWaitingList } from '@core/waiting-list/waiting-list';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { bookingEventQueryOptions, useBookingEvent } from '../api/booking-event-path';
import { usePageTitle } from '../../../lib/use-page-title';
import { CalendarLinks } from '../../events/exports/calendar-links';
import type { CalendarEvent } from '../../events/exports/get-calendar-events';
import type { ClosedReason } from '../api/get-booking-event';
import { useMyBooking } from '../api/my-booking-read';
import { calendarQueryOptions } from '../../events/exports/calendar-events-path';
import { Alert } from '../../../components/ui/alert';
import { CopyLink } from '../../../components/ui/copy-link';
import { BookingForm } from './booking-form';
import { WaitingListForm } from './waiting-list-form';
import { OfferBooking } from './offer-booking';
import { EventSummary } from './event-summary';
import { EventAnnouncements } from '../../announcements/exports/member-announcements';
import { EventConditions } from './event-conditions';
import { PageLoading, PageLoadFailed } from '../../../components/ui/load-failed';
import { MessagePage } from '../../../components/layout/message-page';
import { PageReadStates } from '../../../components/layout/link-page';

const CLOSED_TEXT: Record<Exclude<ClosedReason, null>, string> = {
  cancelled: 'This event has been cancelled, so it can no longer be booked.',
  'not-bookable': 'Online booking is not available for this event.',
  'deadline-passed': 'The booking deadline for this event has passed, so no more bookings can be taken.',
  'event-over': 'This event has already taken place.',
};

/**
 * The receipt of a free booking, at `?id=…&booked=<manage token>`: read back from the server with
 * the booking's manage token, so a reload, or Back and Forward, show it again (and not an empty
 * form that invites a second booking).
 */
function BookingSuccess({ event, token }: { event: CalendarEvent; token: string }) {
  const config = useClubConfig();
  const navigate = useNavigate();
  const state = useMyBooking(token);

  const notFound = (
    <MessagePage title="Booking not found">
      <p>This link does not name a booking we hold. It may have been mistyped or cut short, or it has expired.</p>
      <Link className="btn btn-primary" to={eventBookingPath(event.id)}>
        Go to the event
      </Link>
    </MessagePage>
  );
  return (
    <PageReadStates state={state} notFound={notFound} loading="Loading your booking..." failed="Failed to load your booking">
      {(booking) => (
        <div className="page narrow">
          <section className="card success-card" aria-labelledby="success-heading">
            <p className="success-icon" aria-hidden="true">
              ✓
            </p>
            <h1 id="success-heading" tabIndex={-1} ref={(el) => el?.focus()}>
              Booking Submitted Successfully
            </h1>
            <p>
              Thank you, {booking.firstName}. Your booking for <strong>{booking.event.name}</strong> has been received.
            </p>
            {booking.cancelled && <Alert tone="info" title="This booking has since been cancelled." />}
            <p className="booking-reference">
              Booking reference: <strong>{booking.reference}</strong>
            </p>
            <p className="event-date">{formatDateRange(booking.event.eventdatetime, booking.event.eventenddatetime, 'member')}</p>
            {booking.emailGiven ? (
              <p>
                Keep this link to see or cancel your booking later: <Link to={manageBookingPath(token)}>Manage my booking</Link>
              </p>
            ) : (
              // No e-mail: nothing will remind them of this link, so the page says so and helps keep it.
              <>
                <Alert tone="warning" title={NO_EMAIL_MESSAGES.title}>
                  <p>{NO_EMAIL_MESSAGES.body}</p>
                </Alert>
                <CopyLink path={manageBookingPath(token)} text={NO_EMAIL_MESSAGES} />
                <p>
                  <Link to={manageBookingPath(token)}>Manage my booking</Link>
                </p>
              </>
            )}
            <h2 className="h3">Add it to your calendar</h2>
            <CalendarLinks event={booking.event} location={config.clubName} />
            <div className="event-actions">
              <Button variant="secondary" onClick={() => navigate(eventBookingPath(event.id))}>
                Make another booking
              </Button>
              <Link className="btn btn-ghost" to="/calendar">
                Back to the calendar
              </Link>
            </div>
          </section>
        </div>
      )}
    </PageReadStates>
  );
}

/** Why this event takes no booking here (cancelled, closed, full), with the way on to other events. */
function ClosedCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card closed-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      <Link to="/calendar">See other upcoming events</Link>
    </section>
  );
}

// The card step of paid bookings (`?payment=pending|success&checkoutId=...`): loaded only when
// needed, so members who never pay do not download it.
const PaymentStep = lazy(() => import('../../payments/components/payment-step'));

function BookingScreen({
  id,
  payment,
  booked,
  offerToken,
}: {
  id: string;
  payment: { step: 'pending' | 'success'; checkoutId: string } | null;
  booked: string | null;
  offerToken: string | null;
}) {
  const config = useClubConfig();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = useBookingEvent(id);
  const [placesLeftOverride, setPlacesLeftOverride] = useState<number | null>(null);
  usePageTitle(state.status === 'success' ? `Book: ${state.data.event.name}` : 'Event Booking');

  if (state.status === 'pending') {
    // Laid out as the page it becomes, so nothing moves sideways when the event arrives.
    return <PageLoading label="Loading event..." layout="booking-page" />;
  }
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) {
      return (
        <MessagePage title="Event Not Found">
          <p>Event not found. It may have been removed, or the link may be wrong.</p>
          <Link className="btn btn-primary" to="/calendar">
            View Events Calendar
          </Link>
        </MessagePage>
      );
    }
    return <PageLoadFailed title="Failed to fetch event data" error={state.error} onRetry={state.tryAgain} />;
  }

  const { event, closedReason } = state.data;
  const placesLeft = placesLeftOverride ?? event.placesLeft;
  // The calendar's rule (core), so the two screens never disagree about Book Event.
  const offer = bookingOffer({ allowBooking: event.allowBooking, bookingOpen: closedReason === null, placesLeft, cancelledAt: event.cancelledAt });

  if (booked !== null) return <BookingSuccess event={event} token={booked} />;

  const onBooked = (receipt: { managePath: string | null }) => {
    // The places left here and on the calendar changed: their next look asks again.
    void client.invalidateQueries({ queryKey: bookingEventQueryOptions(id).queryKey });
    void client.invalidateQueries({ queryKey: calendarQueryOptions().queryKey });
    const token = receipt.managePath === null ? null : manageTokenOf(receipt.managePath);
    // The receipt replaces the form in the history: Back leads to where the member came
    // from, not to a blank form for the same booking.
    if (token !== null) navigate(eventBookedPath(id, token), { replace: true });
    else navigate(PATHS.calendar, { replace: true });
  };

  let body;
  if (payment !== null) {
    body = (
      <Suspense fallback={<Spinner label="Loading..." />}>
        <PaymentStep event={event} checkoutId={payment.checkoutId} payment={payment.step} />
      </Suspense>
    );
  } else if (offer === 'cancelled') {
    body = (
      <ClosedCard id="cancelled-heading" title="Event cancelled">
        <p>{CLOSED_TEXT.cancelled}</p>
        {event.cancelReason && <p>Reason: {event.cancelReason}</p>}
      </ClosedCard>
    );
  } else if (offerToken !== null && offer !== 'not-bookable' && offer !== 'closed') {
    // A waiting-list offer: its places are held for this member, so the event looks full to others.
    body = (
      <OfferBooking event={event} token={offerToken} maxAttendees={config.maxAttendeesPerBooking} onPlacesLeft={setPlacesLeftOverride} onBooked={onBooked} />
    );
  } else if (offer === 'not-bookable' || offer === 'closed') {
    body = (
      <ClosedCard id="closed-heading" title="Booking Closed">
        <p>{CLOSED_TEXT[closedReason ?? 'not-bookable']}</p>
      </ClosedCard>
    );
  } else if (offer === 'full') {
    body = (
      <>
        <ClosedCard id="full-heading" title="Fully booked">
          <p>Every place at this event has been taken.</p>
        </ClosedCard>
        {offersWaitingList(offer) && <WaitingListForm eventId={event.id} maxAttendees={config.maxAttendeesPerBooking} />}
      </>
    );
  } else {
    body = (
      <>
        {placesLeft !== null && (
          <p className="places-left" role="status">
            {placesLeft === 1 ? '1 place left' : `${placesLeft} places left`}
          </p>
        )}
        <BookingForm event={event} maxAttendees={config.maxAttendeesPerBooking} onPlacesLeft={setPlacesLeftOverride} onBooked={onBooked} />
      </>
    );
  }

  return (
    <div className="page booking-page">
      <EventSummary event={event} />
      <EventConditions eventId={event.id} />
      <EventAnnouncements eventId={event.id} />
      {/* A boundary of its own: a page the server drew hydrates the form apart from the event,
          in tasks of its own, so a slow phone is not blocked the whole time (ADR 29). */}
      <Suspense fallback={null}>{body}</Suspense>
    </div>
  );
}

function NoEventId() {
  usePageTitle('Event Booking');
  return (
    <div className="page narrow">
      <section className="card">
        <h1>No event ID provided</h1>
        <p>Choose an event from the calendar to book it.</p>
        <Link className="btn btn-primary" to="/calendar">
          View Events Calendar
        </Link>
      </section>
    </div>
  );
}

/** /event-booking?id={eventId}: the event, then the booking form or why booking is closed. */
export function EventBookingPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const step = params.get('payment');
  const checkoutId = params.get('checkoutId')?.trim() ?? '';
  const payment = (step === 'pending' || step === 'success') && checkoutId !== '' ? { step: step as 'pending' | 'success', checkoutId } : null;
  const booked = params.get('booked')?.trim() || null;
  const offerToken = params.get('offer')?.trim() || null;
  return id === '' ? (
    <NoEventId />
  ) : (
    <BookingScreen
      key={`${id} ${step ?? ''} ${checkoutId} ${booked ?? ''} ${offerToken ?? ''}`}
      id={id}
      payment={payment}
      booked={booked}
      offerToken={offerToken}
    />
  );
}
