import { format } from 'date-fns/format';
import { dateWall } from '../shared/london-time';

/**
 * Reservoir readings in words, for the members' chart: no schemas here, so the
 * chart's code brings no zod with it (the page's answer comes inside the page, already checked).
 */

/** "21 November 2026". */
export function readingDateInWords(date: string): string {
  return format(dateWall(date), 'd MMMM uuuu');
}

/** The month of a reading's date: "November 2026". */
export function readingMonthInWords(date: string): string {
  return format(dateWall(date), 'MMMM uuuu');
}
