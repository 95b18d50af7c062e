import type { AuditLog } from '../audit/audit-log.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { UseCase } from '../shared/use-case';
import type { Pseudonyms } from './pseudonyms.port';
import { RETENTION_KINDS, RETENTION_KIND_TEXT, nextRetentionRun, retentionCutoff, retentionRemoves, type RetentionKind, type RetentionSchedule } from './retention-schedule';
import type { RetentionStore } from './retention-store.port';

/** Records changed per write: small enough for one Firestore batch with their audit entries. */
export const RETENTION_PAGE = 100;
/** Writes per kind in one run: a backlog larger than this is finished by the following nights. */
export const RETENTION_PAGES_PER_RUN = 50;

export interface ApplyRetentionDeps {
  retention: RetentionStore;
  audit: AuditLog;
  pseudonyms: Pseudonyms;
  clock: Clock;
  ids: IdGenerator;
  retentionSchedule: RetentionSchedule;
  /** RETENTION_RUN_HOUR: the London hour of the nightly run. */
  retentionRunHour: number;
}

export type RetentionCounts = Record<RetentionKind, number>;

/**
 * The nightly retention run (issue 37): for each kind, removes the personal data of the records
 * past their limit at this clock, page by page, then writes one audit entry with the count per
 * kind. Idempotent: run again at the same clock it changes nothing and records zero counts.
 * Anonymised people keep their audit history under Pseudonyms.of(their e-mail).
 */
export class ApplyRetention extends UseCase<ApplyRetentionDeps> {
  async execute(): Promise<RetentionCounts> {
    const now = this.deps.clock.now();
    const counts = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])) as RetentionCounts;
    for (const kind of RETENTION_KINDS.filter(retentionRemoves)) {
      const cutoff = retentionCutoff(kind, this.deps.retentionSchedule, now);
      for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
        const changed = await this.deps.retention.apply(kind, cutoff, RETENTION_PAGE, (person) => ({ texts: person.texts, pseudonym: this.deps.pseudonyms.of(person.key) }));
        counts[kind] += changed;
        if (changed < RETENTION_PAGE) break;
      }
    }
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: now.toISOString(),
        actor: { kind: 'system' },
        action: 'retention.applied',
        recordType: 'retention',
        recordId: 'retention',
        summary: `Retention run: ${RETENTION_KINDS.filter(retentionRemoves)
          .map((kind) => `${RETENTION_KIND_TEXT[kind].title.toLowerCase()} ${counts[kind]}`)
          .join(', ')}`,
        changes: RETENTION_KINDS.filter(retentionRemoves).map((kind) => ({ field: kind, before: null, after: counts[kind] })),
      },
    ]);
    return counts;
  }

  /** When the nightly run is next due after a run at `now`. */
  nextRunAfter(now: Date): Date {
    return nextRetentionRun(now, this.deps.retentionRunHour);
  }
}
