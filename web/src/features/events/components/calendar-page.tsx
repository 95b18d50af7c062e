import { eventBookingPath, eventWaitingListPath, workDayPath } from '@core/shared/paths';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatDateRange } from '@core/shared/date-text';
import { bookingOffer } from '@core/bookings/booking-state';
import { offersWaitingList } from '@core/waiting-list/waiting-list';
import { useClubConfig } from '../../../lib/club-config';
import { useCalendar } from '../exports/calendar-events-path';
import { usePageTitle } from '../../../lib/use-page-title';
import type { CalendarData, CalendarListEvent as CalendarEvent, CalendarWorkDay } from '../exports/get-calendar-events';
import { AddToCalendarButton } from './add-to-calendar-button';
import { SubscribeSection } from './subscribe-section';
import { CalendarIcon } from '../../../components/ui/icons';
import { LoadStatus } from '../../../components/ui/load-failed';
import { compassPoint } from '@core/conditions/forecast';

const FORECAST_WORDS = { within: 'within the club’s limits', near: 'near the club’s limits', beyond: 'beyond the club’s limits' } as const;
const knots = (value: number | null) => (value === null ? '–' : `${Math.round(value)} kn`);

/** The event's forecast on the list: wind, gusts and where from, against the club's limits for it. */
function EventForecast({ conditions }: { conditions: NonNullable<CalendarEvent['conditions']> }) {
  const from = conditions.directionDeg === null ? '' : ` from the ${compassPoint(conditions.directionDeg)}`;
  return (
    <p className={`event-forecast event-forecast-${conditions.rating}`} data-forecast-rating={conditions.rating}>
      Forecast: wind {knots(conditions.maxWindKn)}, gusts {knots(conditions.maxGustKn)}
      {from}: <strong>{FORECAST_WORDS[conditions.rating]}</strong>
    </p>
  );
}

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
      {event.conditions && <EventForecast conditions={event.conditions} />}
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
        {/* Full, with its waiting list open: the way to it, where Book Event would be. */}
        {offersWaitingList(offer) && (
          <Link className="btn btn-secondary" to={eventWaitingListPath(event.id)}>
            Join the waiting list <span className="visually-hidden">: {event.name}</span>
          </Link>
        )}
        {event.eventdatetime !== null && <AddToCalendarButton event={event} location={location} />}
      </div>
    </li>
  );
}

/** A work day beside the events: marked as one, with its Sign up link. */
function WorkDayCard({ workDay }: { workDay: CalendarWorkDay }) {
  const titleId = `workday-${workDay.id}-title`;
  return (
    <li className="card event-card workday-card">
      <p className="workday-badge">Work day</p>
      <h2 className="event-title" id={titleId}>
        {workDay.name}
      </h2>
      <p className="event-date">
        <CalendarIcon size={18} />
        {formatDate(workDay.date, 'member')}
      </p>
      {workDay.description.trim() !== '' && <p>{workDay.description}</p>}
      <p>Volunteers wanted{workDay.foodAvailable ? ': food is provided for helpers.' : '.'}</p>
      <div className="event-actions">
        <Link className="btn btn-primary" to={workDayPath(workDay.id)}>
          Sign up <span className="visually-hidden">: work day {workDay.name}</span>
        </Link>
      </div>
    </li>
  );
}

type CalendarItem = { kind: 'event'; event: CalendarEvent; at: number } | { kind: 'workDay'; workDay: CalendarWorkDay; at: number };

/** Events and work days in one list by start, undated events last (the server gives each list in order). */
function calendarItems(events: readonly CalendarEvent[], workDays: readonly CalendarWorkDay[]): CalendarItem[] {
  const at = (instant: string | null) => {
    const ms = instant === null ? NaN : Date.parse(instant);
    return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
  };
  const items: CalendarItem[] = [
    ...events.map((event) => ({ kind: 'event' as const, event, at: at(event.eventdatetime) })),
    ...workDays.map((workDay) => ({ kind: 'workDay' as const, workDay, at: at(workDay.date) })),
  ];
  // A stable sort: equal starts keep the server's order, events before work days.
  return items.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? -1 : 1));
}

/** The calendar's events and work days, as the page draws them once they have come. */
function CalendarList({ data, location }: { data: CalendarData; location: string }) {
  return (
    <ul className="event-list">
      {calendarItems(data.events, data.workDays).map((item) =>
        item.kind === 'event' ? (
          <EventCard key={`event-${item.event.id}`} event={item.event} location={location} />
        ) : (
          <WorkDayCard key={`workday-${item.workDay.id}`} workDay={item.workDay} />
        ),
      )}
    </ul>
  );
}

export function CalendarPage() {
  usePageTitle('Calendar');
  const config = useClubConfig();
  const state = useCalendar();

  return (
    <div className="page">
      <h1>Upcoming Events</h1>
      <LoadStatus state={state} loading="Loading events..." failed="Failed to fetch events" />
      {state.status === 'success' && state.data.events.length === 0 && state.data.workDays.length === 0 && (
        <div className="empty-state">
          <h2>No Upcoming Events</h2>
          <p>New events are added through the season. Check back soon or read the latest news.</p>
          <Link to="/news">Recent News</Link>
        </div>
      )}
      {state.status === 'success' && (state.data.events.length > 0 || state.data.workDays.length > 0) && (
        <CalendarList data={state.data} location={config.clubName} />
      )}
      {state.status === 'success' && state.data.forecastAttribution && <p className="event-forecast-source">{state.data.forecastAttribution}</p>}
      <SubscribeSection />
    </div>
  );
}
