import type { AuditEntry } from '../audit/audit';
import { pseudonymiseAuditEntry, type PseudonymisedPerson } from './audit-pseudonyms';
import type { RetentionKind } from './retention-schedule';
import type { AnonymisedPerson } from './retention-store.port';

/**
 * The audit actions that name a person whose record of this kind is removed or anonymised by the
 * run, in entries about another record (the work day, the event, the duty slot): withdrawing or
 * removing a work-day sign-up, removing or offering by hand on a waiting list, assigning a member
 * to a duty (with an override reason) or taking them off it. The run pseudonymises these entries once they are older than the kind's limit.
 */
export const RETENTION_AUDIT_ACTIONS: Partial<Record<RetentionKind, readonly string[]>> = {
  waitingListEntries: ['waitlist.removed', 'waitlist.offered'],
  workDaySignups: ['workDay.signup-withdrawn', 'workDay.signup-removed'],
  dutySignups: ['duty.unassigned', 'duty.assigned', 'duty.assigned-override'],
};

/** The shape of every pseudonym Pseudonyms.of gives: "Person " and twelve hex digits. */
const PSEUDONYM = /^Person [0-9a-f]{12}$/;

/** Whether a text is a pseudonym already: the run leaves an audit entry naming one as it is. */
export function isPseudonym(text: string): boolean {
  return PSEUDONYM.test(text.trim());
}

const WAITLIST_SUMMARIES = [/^Removed (.+) <([^<>]*)> \(\d+ places? wanted\) from the waiting list$/, /^Offered \d+ places? by hand to (.+) <([^<>]*)>$/];
const DUTY_SUMMARY = /^Took (.+) off a duty$/;
const ASSIGNED_SUMMARY = /^Assigned (.+?) to /;

/**
 * The person an entry of RETENTION_AUDIT_ACTIONS names, as those use cases write it: the
 * volunteer's name (the change of `signup` or `volunteer`), the waiting person's name and e-mail
 * (the summary), the member assigned to or taken off a duty (the summary's name, the change's
 * member id and an override reason).
 * The key is the e-mail when the entry has one, else the name. Null when the entry names nobody
 * any more (already pseudonymised) or is not one of these.
 */
export function auditEntryPerson(entry: AuditEntry): AnonymisedPerson | null {
  const value = (field: string, side: 'before' | 'after') => {
    const found = entry.changes.find((change) => change.field === field)?.[side];
    return typeof found === 'string' && found.trim() !== '' ? found : null;
  };
  const before = (field: string) => value(field, 'before');
  const named = (name: string | null, email: string | null, ...more: (string | null)[]): AnonymisedPerson | null => {
    if (name === null || isPseudonym(name)) return null;
    return { key: email ?? name, texts: [name, ...(email === null ? [] : [email]), ...more.filter((text): text is string => text !== null && !isPseudonym(text))] };
  };
  switch (entry.action) {
    case 'workDay.signup-withdrawn':
      return named(before('signup'), null);
    case 'workDay.signup-removed':
      return named(before('volunteer'), null);
    case 'waitlist.removed':
    case 'waitlist.offered': {
      const match = WAITLIST_SUMMARIES.map((pattern) => pattern.exec(entry.summary)).find((found) => found !== null);
      return match ? named(match[1], match[2] || null) : null;
    }
    case 'duty.unassigned': {
      const match = DUTY_SUMMARY.exec(entry.summary);
      return match ? named(match[1], null, before('memberId')) : null;
    }
    case 'duty.assigned':
    case 'duty.assigned-override': {
      const match = ASSIGNED_SUMMARY.exec(entry.summary);
      return match ? named(match[1], null, value('memberId', 'after'), value('overrideReason', 'after')) : null;
    }
    default:
      return null;
  }
}

/**
 * The entry with the person it names replaced by their pseudonym (pseudonymiseAuditEntry), or
 * null when it names nobody any more: a second run finds nothing to change.
 */
export function pseudonymisedNamedEntry(entry: AuditEntry, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): AuditEntry | null {
  const person = auditEntryPerson(entry);
  return person === null ? null : pseudonymiseAuditEntry(entry, pseudonymOf(person));
}
