import { formatDateRange } from '@core/shared/date-text';

/** A duty's time in London, in the one format every page uses: "Sat 4 July 2026, 10:00 – 17:00". */
export function dutyWhen(duty: { start: string; end: string }): string {
  return formatDateRange(duty.start, duty.end, 'member');
}
