import type { AuditLog } from '../audit/audit-log.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { UseCase } from '../shared/use-case';
import type { PersonalDataStore } from './personal-data-store.port';
import type { Pseudonyms } from './pseudonyms.port';
import { RETENTION_AUDIT_ACTIONS, pseudonymisedNamedEntry } from './retention-audit';
import { RETENTION_KINDS, RETENTION_KIND_TEXT, nextRetentionRun, retentionCutoff, retentionRemoves, type RetentionKind, type RetentionSchedule } from './retention-schedule';
import type { AnonymisedPerson, RetentionStore } from './retention-store.port';

/** Records changed per write: small enough for one Firestore batch with their audit entries. */
export const RETENTION_PAGE = 100;
/** Writes per kind in one run: a backlog larger than this is finished by the following nights. */
export const RETENTION_PAGES_PER_RUN = 50;

export interface ApplyRetentionDeps {
  retention: RetentionStore;
  /** Its files keep no copy of what the run anonymised or deleted (dropOldCopies). */
  personalData: Pick<PersonalDataStore, 'dropOldCopies'>;
  audit: AuditLog;
  pseudonyms: Pseudonyms;
  clock: Clock;
  ids: IdGenerator;
  retentionSchedule: RetentionSchedule;
  /** RETENTION_RUN_HOUR: the London hour of the nightly run. */
  retentionRunHour: number;
}

/** Records changed per kind, and the audit entries naming people of those kinds that were pseudonymised. */
export type RetentionCounts = Record<RetentionKind, number> & { auditEntries: number };

/**
 * The nightly retention run (issue 37): for each kind, removes the personal data of the records
 * past their limit at this clock, page by page, then writes one audit entry with the count per
 * kind. Idempotent: run again at the same clock it changes nothing and records zero counts.
 * Anonymised people keep their audit history under Pseudonyms.of(their e-mail). The audit entries
 * of RETENTION_AUDIT_ACTIONS (about a work day, an event or a duty, naming a volunteer, a waiting
 * person or a duty holder) older than their kind's limit are pseudonymised too, measured from the
 * entry's own date: an entry older than the limit names someone whose record is past it as well.
 */
export class ApplyRetention extends UseCase<ApplyRetentionDeps> {
  async execute(): Promise<RetentionCounts> {
    const now = this.deps.clock.now();
    const counts = { ...Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])), auditEntries: 0 } as RetentionCounts;
    const pseudonymOf = (person: AnonymisedPerson) => ({ texts: person.texts, pseudonym: this.deps.pseudonyms.of(person.key) });
    for (const kind of RETENTION_KINDS.filter(retentionRemoves)) {
      const cutoff = retentionCutoff(kind, this.deps.retentionSchedule, now);
      for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
        const changed = await this.deps.retention.apply(kind, cutoff, RETENTION_PAGE, pseudonymOf);
        counts[kind] += changed;
        if (changed < RETENTION_PAGE) break;
      }
      const actions = RETENTION_AUDIT_ACTIONS[kind];
      if (!actions) continue;
      for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
        const done = await this.deps.retention.pseudonymiseAudit(kind, actions, cutoff.instant, RETENTION_PAGE, (entry) => pseudonymisedNamedEntry(entry, pseudonymOf));
        counts.auditEntries += done.rewritten;
        if (!done.more) break;
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
          .join(', ')}, audit entries pseudonymised ${counts.auditEntries}`,
        changes: [...RETENTION_KINDS.filter(retentionRemoves).map((kind) => ({ field: kind, before: null, after: counts[kind] })), { field: 'auditEntries', before: null, after: counts.auditEntries }],
      },
    ]);
    await this.deps.personalData.dropOldCopies();
    return counts;
  }

  /** When the nightly run is next due after a run at `now`. */
  nextRunAfter(now: Date): Date {
    return nextRetentionRun(now, this.deps.retentionRunHour);
  }
}
