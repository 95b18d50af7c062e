import { createEvent, type DateArray } from 'ics';
import { calendarSpan, type Describable } from './calendar';
import { londonDate, parseInstant } from './london-time';

// The .ics file lives apart from the rest of the calendar rules so that pages showing dates do
// not download the ics library (and its validator) until a member asks for the file.

function dateArray(d: Date): DateArray {
  const [y, m, day] = londonDate(d).split('-').map(Number);
  return [y, m, day];
}

/**
 * The .ics file for one event. Timed events are written as UTC instants (DTSTART:...Z), which
 * every calendar reads the same way; all-day events as DATE values with an exclusive end.
 * DTSTAMP is the event's last update, so the same event always gives the same file, and the
 * UID is stable so re-importing updates the entry instead of duplicating it.
 * Throws when the event has no date: there is nothing to put in a calendar.
 */
export function icsText(event: Describable, location: string): string {
  const span = calendarSpan(event);
  if (span === null) throw new RangeError('An event without a date cannot be added to a calendar');
  const stamp = parseInstant(event.updatedAt)?.getTime() ?? span.start.getTime();
  const description = event.description.trim() !== '' ? event.description : event.longdescription;
  const times = span.allDay
    ? { start: dateArray(span.start), end: dateArray(span.end) }
    : {
        start: span.start.getTime(),
        startInputType: 'utc' as const,
        startOutputType: 'utc' as const,
        end: span.end.getTime(),
        endInputType: 'utc' as const,
        endOutputType: 'utc' as const,
      };
  const { error, value } = createEvent({
    ...times,
    title: event.name,
    ...(description.trim() !== '' ? { description } : {}),
    ...(location.trim() !== '' ? { location } : {}),
    uid: `${event.id}@kyc-members-area`,
    timestamp: stamp,
    productId: 'kyc-members-area',
  } as Parameters<typeof createEvent>[0] & { timestamp: number });
  if (error || value === null) throw new Error(`Could not build the calendar file: ${error?.message ?? 'no output'}`);
  return value;
}

