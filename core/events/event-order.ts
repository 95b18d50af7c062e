import { isEventOver } from './event-time';
import { parseInstant } from '../shared/london-time';
import type { ClubEvent } from './event';

/**
 * The order admins see events in (the dashboard's Recent Events, the admin event list): the events
 * not over yet first, soonest first (the one coming next at the top), then the events over, latest
 * first, then the undated ones. Ties keep their order. A club that lists its season ahead would
 * otherwise see its farthest events first and today's race nowhere.
 */
export function nextEventsFirst<T extends Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>>(events: readonly T[], now: Date): T[] {
  const startOf = (event: T) => parseInstant(event.eventdatetime)?.getTime() ?? null;
  const group = (event: T) => (startOf(event) === null ? 2 : isEventOver(event, now) ? 1 : 0);
  return events
    .map((event, index) => ({ event, index, group: group(event), start: startOf(event) ?? 0 }))
    .sort((a, b) => a.group - b.group || (a.group === 0 ? a.start - b.start : b.start - a.start) || a.index - b.index)
    .map(({ event }) => event);
}
