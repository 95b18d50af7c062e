import { csvCell } from '../shared/csv';
import { londonWallClock } from '../shared/london-time';
import type { WalkIn } from './walk-in';

export const WALK_IN_CSV_HEADER = ['Walk-in', 'Name', 'Phone', 'Emergency Contact', 'Emergency Contact Phone', 'Added', 'Added By', 'Afloat'] as const;

/**
 * The walk-ins as a table of the event's bookings CSV (after an empty line): each one "Walk-in",
 * arrived by being added, with how to reach them and whether their last tally mark is afloat;
 * times in London. Nothing when there are none.
 */
export function walkInsCsvSection(walkIns: readonly WalkIn[]): string {
  if (walkIns.length === 0) return '';
  const lines = [WALK_IN_CSV_HEADER.map(csvCell).join(',')];
  for (const w of walkIns) {
    lines.push(
      [
        'Walk-in',
        w.name,
        w.phone,
        w.emergencyContactName,
        w.emergencyContactPhone,
        londonWallClock(new Date(w.addedAt)).replace('T', ' '),
        w.addedBy,
        w.afloat?.afloat ? 'Afloat' : 'Ashore',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\r\n${lines.join('\r\n')}\r\n`;
}
