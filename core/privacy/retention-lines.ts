import { londonLongDate, londonMidnight, londonTime } from '../shared/london-time';
import type { RetentionLine } from './retention-overview-schema';
import { RETENTION_KIND_TEXT, RETENTION_KINDS, retentionLimitText, type RetentionSchedule } from './retention-schedule';

/** The schedule in words, one line per kind: what the privacy notice says the app does. */
export function retentionLines(schedule: RetentionSchedule): RetentionLine[] {
  return RETENTION_KINDS.map((kind) => {
    const text = RETENTION_KIND_TEXT[kind];
    return { kind, title: text.title, holds: text.holds, limit: retentionLimitText(kind, schedule), after: text.after, action: text.action };
  });
}

/** A holding's oldest date in words: "11 June 2024" (an instant's London date, or a renewal date as it is). */
export function retentionDateText(date: string | null): string {
  if (date === null) return 'None held';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? londonLongDate(londonMidnight(date)) : londonLongDate(new Date(date));
}

/** When the next run starts, in words: "2 June 2026 at 03:00". */
export function retentionRunText(instant: string): string {
  return `${londonLongDate(new Date(instant))} at ${londonTime(new Date(instant))}`;
}
