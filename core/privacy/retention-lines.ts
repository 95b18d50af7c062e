import type { RetentionLine } from './retention-overview-schema';
import { RETENTION_KIND_TEXT, RETENTION_KINDS, retentionLimitText, type RetentionSchedule } from './retention-schedule';

/** The schedule in words, one line per kind: what the privacy notice says the app does. */
export function retentionLines(schedule: RetentionSchedule): RetentionLine[] {
  return RETENTION_KINDS.map((kind) => {
    const text = RETENTION_KIND_TEXT[kind];
    return { kind, title: text.title, holds: text.holds, limit: retentionLimitText(kind, schedule), after: text.after, action: text.action };
  });
}
