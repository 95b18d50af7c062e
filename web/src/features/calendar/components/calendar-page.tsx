import { eventBookingPath } from '@core/paths';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateRange } from '@core/domain/calendar';
import { bookingOffer } from '@core/domain/booking-state';
import { useClubConfig } from '../../../lib/club-config';
import { CALENDAR_EVENTS_KEY } from '../api/calendar-events-path';
import { useApiQuery } from '../../../lib/query';
import { usePageTitle } from '../../../lib/use-page-title';
import { getCalendarEvents, type CalendarEvent } from '../api/get-calendar-events';
import { AddToCalendarButton } from './add-to-calendar-button';
import { SubscribeSection } from './subscribe-section';
import { CalendarIcon } from '../../../components/ui/icons';
import { LoadStatus } from '../../../components/ui/load-failed';

function EventCard({ event, location }: { event: CalendarEvent; location: string }) {
  const [expanded, setExpanded] = useState(false);
  const hasMore = event.longdescription.trim() !== '' && event.longdescription.trim() !== event.description.trim();
  const detailsId = `event-${event.id}-details`;
  // The booking page's rule: Book Event only while booking is open and a place is left.
  const offer = bookingOffer(event);
  return (
    <li className="card event-card">
      <h2 className="event-title">{event.name}</h2>
      {offer === 'cancelled' && (
        <p className="event-cancelled">
          <strong>Cancelled</strong>
          {event.cancelReason ? `: ${event.cancelReason}` : ''}
        </p>
      )}
      <p className="event-date">
        <CalendarIcon size={18} />
        {formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')}
      </p>
      {event.description.trim() !== '' && <p>{event.description}</p>}
      {hasMore && (
        <>
          <div id={detailsId} hidden={!expanded} className="event-long">
            {event.longdescription.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <button type="button" className="link-button" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Show less' : 'Show more'}
          </button>
        </>
      )}
      {offer === 'open' && event.placesLeft !== null && (
        <p className="places-left">{event.placesLeft === 1 ? '1 place left' : `${event.placesLeft} places left`}</p>
      )}
      <div className="event-actions">
        {offer === 'open' && (
          <Link className="btn btn-primary" to={eventBookingPath(event.id)}>
            Book Event <span className="visually-hidden">: {event.name}</span>
          </Link>
        )}
        {offer === 'cancelled' && <p className="booking-unavailable">Cancelled</p>}
        {offer === 'closed' && <p className="booking-unavailable">Booking closed</p>}
        {offer === 'full' && <p className="booking-unavailable">Fully booked</p>}
        {event.eventdatetime !== null && <AddToCalendarButton event={event} location={location} />}
      </div>
    </li>
  );
}

export function CalendarPage() {
  usePageTitle('Calendar');
  const config = useClubConfig();
  const state = useApiQuery(CALENDAR_EVENTS_KEY, (signal) => getCalendarEvents(signal));

  return (
    <div className="page">
      <h1>Upcoming Events</h1>
      <LoadStatus state={state} loading="Loading events..." failed="Failed to fetch events" />
      {state.status === 'success' && state.data.length === 0 && (
        <div className="empty-state">
          <h2>No Upcoming Events</h2>
          <p>New events are added through the season. Check back soon or read the latest news.</p>
          <Link to="/news">Recent News</Link>
        </div>
      )}
      {state.status === 'success' && state.data.length > 0 && (
        <ul className="event-list">
          {state.data.map((event) => (
            <EventCard key={event.id} event={event} location={config.clubName} />
          ))}
        </ul>
      )}
      <SubscribeSection />
    </div>
  );
}
