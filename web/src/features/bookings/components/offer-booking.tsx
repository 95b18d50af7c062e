import { Link } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { eventBookingPath } from '@core/shared/paths';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed, PageLoading } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api';
import type { CalendarEvent } from '../../events/exports/get-calendar-events';
import { useWaitingListOffer } from '../api/get-waiting-list-offer';
import { BookingForm, emptyBookingForm, type BookingFormProps } from './booking-form';

/**
 * The booking form for a waiting-list offer (`?id=…&offer=<token>`): filled in with the member's
 * details and the places held for them, which the booking takes up.
 */
export function OfferBooking({
  event,
  token,
  ...form
}: { event: CalendarEvent; token: string } & Pick<BookingFormProps, 'maxAttendees' | 'onBooked' | 'onPlacesLeft'>) {
  const state = useWaitingListOffer(token);
  if (state.status === 'pending') return <PageLoading label="Loading your offer..." />;
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 409) {
      return (
        <section className="card closed-card" aria-labelledby="offer-gone-heading">
          <h2 id="offer-gone-heading">Offer no longer valid</h2>
          <p>{state.error.message}</p>
          <Link to={eventBookingPath(event.id)}>Go to the event</Link>
        </section>
      );
    }
    return <LoadFailed title="Failed to load your offer" onRetry={state.tryAgain} />;
  }
  const offer = state.data;
  const [firstName, ...rest] = offer.name.trim().split(/\s+/);
  const initial = { ...emptyBookingForm(), firstName: firstName ?? '', lastName: rest.join(' '), email: offer.email, numberAttending: String(offer.places) };
  return (
    <>
      <Alert tone="info" title={`${offer.places} ${offer.places === 1 ? 'place is' : 'places are'} held for you`}>
        <p>Book before {formatDate(offer.offeredUntil, 'member')} (UK time), or they go to the next person on the waiting list.</p>
      </Alert>
      <BookingForm event={event} {...form} initial={initial} offerToken={token} />
    </>
  );
}
