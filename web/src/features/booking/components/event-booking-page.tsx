import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { BookingFormValues } from '@core/entities/booking';
import { formatDateRange } from '@core/domain/calendar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { bookingEventKey } from '../api/booking-event-path';
import { useApiQuery } from '../../../lib/query';
import { usePageTitle } from '../../../lib/use-page-title';
import { CalendarLinks } from '../../calendar/components/calendar-links';
import type { CalendarEvent } from '../../calendar/api/get-calendar-events';
import { getBookingEvent, type ClosedReason } from '../api/get-booking-event';
import type { BookingReceipt } from '../api/submit-booking';
import { BookingForm } from './booking-form';
import { CalendarIcon } from '../../../components/ui/icons';
import { LoadFailed, PageLoading } from '../../../components/ui/load-failed';
import { MessagePage } from '../../../components/layout/message-page';

const CLOSED_TEXT: Record<Exclude<ClosedReason, null>, string> = {
  'not-bookable': 'Online booking is not available for this event.',
  'deadline-passed': 'The booking deadline for this event has passed, so no more bookings can be taken.',
  'event-over': 'This event has already taken place.',
};

function EventSummary({ event }: { event: CalendarEvent }) {
  const paragraphs = (event.longdescription.trim() !== '' ? event.longdescription : event.description).split(/\n{2,}/);
  return (
    <section className="card event-summary" aria-labelledby="event-name">
      <h1 id="event-name">{event.name}</h1>
      <p className="event-date">
        <CalendarIcon size={18} />
        {formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')}
      </p>
      {paragraphs.map((text, i) => (text.trim() !== '' ? <p key={i}>{text}</p> : null))}
    </section>
  );
}

function BookingSuccess({ event, receipt, booked, location, onAnother }: { event: CalendarEvent; receipt: BookingReceipt; booked: BookingFormValues; location: string; onAnother: () => void }) {
  return (
    <div className="page narrow">
      <section className="card success-card" aria-labelledby="success-heading">
        <p className="success-icon" aria-hidden="true">
          ✓
        </p>
        <h1 id="success-heading" tabIndex={-1} ref={(el) => el?.focus()}>
          Booking Submitted Successfully
        </h1>
        <p>
          Thank you, {booked.firstName.trim()}. Your booking for <strong>{event.name}</strong> has been received.
        </p>
        <p className="booking-reference">
          Booking reference: <strong>{receipt.bookingId}</strong>
        </p>
        <p className="event-date">{formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')}</p>
        {receipt.managePath && (
          <p>
            Keep this link to see or cancel your booking later: <Link to={receipt.managePath}>Manage my booking</Link>
          </p>
        )}
        <h2 className="h3">Add it to your calendar</h2>
        <CalendarLinks event={event} location={location} />
        <div className="event-actions">
          <Button variant="secondary" onClick={onAnother}>
            Make another booking
          </Button>
          <Link className="btn btn-ghost" to="/calendar">
            Back to the calendar
          </Link>
        </div>
      </section>
    </div>
  );
}

// The card step of paid bookings (`?payment=pending|success&checkoutId=...`): loaded only when
// needed, so members who never pay do not download it.
const PaymentStep = lazy(() => import('../../payment/components/payment-step'));

function BookingScreen({ id, payment }: { id: string; payment: { step: 'pending' | 'success'; checkoutId: string } | null }) {
  const config = useClubConfig();
  const state = useApiQuery(bookingEventKey(id), (signal) => getBookingEvent(id, signal));
  const [success, setSuccess] = useState<{ receipt: BookingReceipt; booked: BookingFormValues } | null>(null);
  const [placesLeftOverride, setPlacesLeftOverride] = useState<number | null>(null);
  usePageTitle(state.status === 'success' ? `Book: ${state.data.event.name}` : 'Event Booking');

  if (state.status === 'loading') {
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
    return (
      <div className="page narrow">
        <LoadFailed title="Failed to fetch event data" onRetry={state.reload} />
      </div>
    );
  }

  const { event, closedReason } = state.data;
  const placesLeft = placesLeftOverride ?? event.placesLeft;

  if (success) {
    return (
      <BookingSuccess
        event={event}
        receipt={success.receipt}
        booked={success.booked}
        location={config.clubName}
        onAnother={() => setSuccess(null)}
      />
    );
  }

  let body;
  if (payment !== null) {
    body = (
      <Suspense fallback={<Spinner label="Loading..." />}>
        <PaymentStep event={event} checkoutId={payment.checkoutId} payment={payment.step} />
      </Suspense>
    );
  } else if (closedReason !== null) {
    body = (
      <section className="card closed-card" aria-labelledby="closed-heading">
        <h2 id="closed-heading">Booking Closed</h2>
        <p>{CLOSED_TEXT[closedReason]}</p>
        <Link to="/calendar">See other upcoming events</Link>
      </section>
    );
  } else if (placesLeft === 0) {
    body = (
      <section className="card closed-card" aria-labelledby="full-heading">
        <h2 id="full-heading">Fully booked</h2>
        <p>Every place at this event has been taken.</p>
        <Link to="/calendar">See other upcoming events</Link>
      </section>
    );
  } else {
    body = (
      <>
        {placesLeft !== null && (
          <p className="places-left" role="status">
            {placesLeft === 1 ? '1 place left' : `${placesLeft} places left`}
          </p>
        )}
        <BookingForm
          event={event}
          maxAttendees={config.maxAttendeesPerBooking}
          onPlacesLeft={setPlacesLeftOverride}
          onBooked={(receipt, booked) => {
            if (placesLeft !== null) setPlacesLeftOverride(Math.max(0, placesLeft - Number(booked.numberAttending)));
            setSuccess({ receipt, booked });
          }}
        />
      </>
    );
  }

  return (
    <div className="page booking-page">
      <EventSummary event={event} />
      {body}
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
  return id === '' ? <NoEventId /> : <BookingScreen key={`${id} ${step ?? ''} ${checkoutId}`} id={id} payment={payment} />;
}
