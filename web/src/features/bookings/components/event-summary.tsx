import { formatDateRange } from '@core/shared/date-text';
import { CalendarIcon } from '../../../components/ui/icons';
import type { CalendarEvent } from '@core/bookings/calendar-event';

/**
 * The event at the top of its booking page: name, dates and description. The server draws it too
 * (web/src/first-paint.tsx), in the page it answers, so a phone shows the event before the app's
 * script has arrived; the app then draws the same markup in its place.
 */
export function EventSummary({ event }: { event: CalendarEvent }) {
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
