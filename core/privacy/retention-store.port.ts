import type { AuditEntry } from '../audit/audit';
import type { RetentionCutoff, RetentionKind } from './retention-schedule';
import type { PseudonymisedPerson } from './audit-pseudonyms';

/** What the store holds of one kind of personal data. */
export interface RetentionHolding {
  /** Records of this kind that still hold personal data (financial records: all of them). */
  count: number;
  /** The date of the oldest of them (an instant, or a calendar date for members), or null when none. */
  oldest: string | null;
  /** How many of them are past the cutoff asked about: what a run at that cutoff would change. */
  due: number;
}

/** Whom a run anonymised: the audit log's mentions of them become `pseudonymOf` their key. */
export interface AnonymisedPerson {
  /** The e-mail that names the person (Pseudonyms.of takes it), or the record's own id when it had none. */
  key: string;
  /** The texts that named them in the audit log. */
  texts: string[];
}

/**
 * The retention schedule's storage (docs/data-protection.md): per kind of personal data, what is held and the
 * removal of what is past its limit, in the configured storage. Kept apart from the repositories
 * the records belong to, so the rules of each feature stay as they are.
 *
 * Financial records are the bookings that asked for payment. The dates each kind is measured
 * from: bookingDetails, the event's start; financialRecords, the
 * booking's submission (only reported: a run never removes them); outboxBodies, the message's
 * creation; signInAttempts, the attempt; lapsedMembers, the renewal date (a calendar day,
 * compared with `cutoff.day`); waitingListEntries, their event's start; workDaySignups, the work
 * day's date; dutySignups, the duty's start (a swap request: its duty's, as the request copied it). Records of undated events and work days are never
 * past their limit. A record dated exactly at the cutoff is within its limit.
 */
export interface RetentionStore {
  /** What is held of this kind, and how many records are dated before the cutoff. */
  holding(kind: RetentionKind, cutoff: RetentionCutoff): Promise<RetentionHolding>;
  /**
   * Removes the personal data of up to `limit` records of this kind dated before the cutoff that
   * still hold it, and answers how many it changed (fewer than `limit`: none is left). Bookings:
   * names become "Anonymised person", the e-mail and boat go, the household's attendee names become
   * "Anonymised"; counts, amounts, references, dates and states stay. Outbox messages: text, html
   * and attachments are replaced by a short note and the recipient by `pseudonymOf` it. Sign-in
   * attempts: deleted. Lapsed members: name "Anonymised", e-mail anonymisedEmail(id), phone and
   * emergency contact removed. Waiting-list entries: deleted. Work-day sign-ups: anonymisedSignup
   * (names "Anonymised person", no e-mail, notes or own job text; chosen jobs stay). Duty
   * assignments: anonymisedAssignment (the member id becomes a placeholder made from
   * `pseudonymOf(dutyAssignmentKey(assignment))`, the override reason goes; slot, event and time
   * stay); the swap requests of duties past the limit are deleted, each counted as a record. With each anonymised booking or member, the audit entries about that
   * record are rewritten in the same write (pseudonymiseAuditEntry). Idempotent: a second call at
   * the same cutoff changes nothing and answers 0. Financial records: always 0.
   */
  apply(kind: RetentionKind, cutoff: RetentionCutoff, limit: number, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number>;
  /**
   * Rewrites the audit entries of `actions` written before `before` (their own `at`) that
   * `rewrite` changes (it answers null for an entry that names nobody any more), oldest first,
   * up to `limit` of them, in one write; answers how many it rewrote and whether entries are left
   * to look at (a full page was read). Idempotent through `rewrite`: a second call rewrites none.
   * `kind` names where the store may keep its place (Firestore: a mark per kind).
   */
  pseudonymiseAudit(kind: RetentionKind, actions: readonly string[], before: Date, limit: number, rewrite: AuditEntryRewrite): Promise<AuditRewrite>;
}

/** An audit entry as pseudonymiseAudit should store it, or null when it names nobody any more. */
export type AuditEntryRewrite = (entry: AuditEntry) => AuditEntry | null;

/** What one call of pseudonymiseAudit did. */
export interface AuditRewrite {
  rewritten: number;
  /** Whether a further call may find more (a full page was read). */
  more: boolean;
}
