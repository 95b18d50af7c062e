import type { ClubEvent } from '@core/events/event';
import { googleCalendarUrl, outlookCalendarUrl } from '@core/calendar/calendar';
import { icsFileName } from '@core/events/calendar-span';
import { eventBookingPath } from '@core/shared/paths';

/**
 * Offers the .ics text as a file download named by the core rule. The ics library is fetched
 * only now: most visits never ask for a calendar file.
 */
async function downloadIcs(event: ClubEvent, location: string): Promise<void> {
  const { icsText } = await import('@core/events/ics-file');
  // The same entry as the club's feed (UID, revision, booking link), so a calendar holding both shows one.
  const text = icsText(event, location, `${window.location.origin}${eventBookingPath(event.id)}`);
  const blob = new Blob([text], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = icsFileName(event.name);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download only after the click handler returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Google, Outlook and a downloadable calendar file for one event. Renders nothing for an
 * event without a date, which no calendar can hold.
 */
export function CalendarLinks({ event, location, onChosen }: { event: ClubEvent; location: string; onChosen?: () => void }) {
  const google = googleCalendarUrl(event, location);
  const outlook = outlookCalendarUrl(event, location);
  if (google === null || outlook === null) return <p>This event has no date yet, so it cannot be added to a calendar.</p>;
  return (
    <ul className="calendar-links">
      <li>
        <a className="btn btn-secondary" href={google} target="_blank" rel="noopener noreferrer" onClick={onChosen}>
          Google Calendar <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </li>
      <li>
        <a className="btn btn-secondary" href={outlook} target="_blank" rel="noopener noreferrer" onClick={onChosen}>
          Outlook Calendar <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </li>
      <li>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            downloadIcs(event, location).catch((error: unknown) => console.error('Could not make the calendar file', error));
            onChosen?.();
          }}
        >
          Download .ics file
        </button>
      </li>
    </ul>
  );
}
