import { formatDate } from '@core/shared/date-text';

/** A start as My club shows it, in UK time, as every page does ("Sat 4 July 2026, 10:00"); "Date to be confirmed" without one. */
export function myClubWhen(start: string | null): string {
  return start === null ? 'Date to be confirmed' : formatDate(start, 'member');
}
