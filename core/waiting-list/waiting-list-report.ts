import type { WaitingListEntry } from './waiting-list-entry';
import { csvCell } from '../shared/csv';
import { londonWallClock, parseInstant } from '../shared/london-time';
import { linePositions } from './waiting-list';

export const WAITING_LIST_CSV_HEADER = ['Waiting List Position', 'Name', 'Email', 'Places Wanted', 'Joined', 'Status', 'Offered Until'] as const;

const wallClock = (instant: string | null) => {
  const at = parseInstant(instant);
  return at === null ? (instant ?? '') : londonWallClock(at).replace('T', ' ');
};

/**
 * The waiting list as a second table of the bookings CSV (after an empty line): everyone who
 * joined, first joined first, with their place in line while in it; times in London. Nothing when
 * nobody joined.
 */
export function waitingListCsvSection(entries: readonly WaitingListEntry[]): string {
  if (entries.length === 0) return '';
  const positions = linePositions([...entries]);
  const lines = [WAITING_LIST_CSV_HEADER.map(csvCell).join(',')];
  for (const e of entries) {
    lines.push(
      [positions.get(e.id) ?? '', e.name, e.email, e.places, wallClock(e.joinedAt), e.status, e.offeredUntil === null ? '' : wallClock(e.offeredUntil)]
        .map(csvCell)
        .join(','),
    );
  }
  return `\r\n${lines.join('\r\n')}\r\n`;
}
