import type { AuditEntry } from '../audit/audit';
import { pseudonymiseAuditEntry, type PseudonymisedPerson } from './audit-pseudonyms';
import { UNKNOWN_SWAP_MEMBER } from '../duties/duty-swaps';
import type { RetentionKind } from './retention-schedule';
import type { AnonymisedPerson } from './retention-store.port';

/**
 * The audit actions that name a person whose record of this kind is removed or anonymised by the
 * run, in entries about another record (the work day, the event, the duty slot): withdrawing or
 * removing a work-day sign-up, removing or offering by hand on a waiting list, assigning a member
 * to a duty (with an override reason) or taking them off it, and a duty's swap requests (asked,
 * handed to one member, taken over, withdrawn). The run pseudonymises these entries once they are older than the kind's limit.
 */
export const RETENTION_AUDIT_ACTIONS: Partial<Record<RetentionKind, readonly string[]>> = {
  waitingListEntries: ['waitlist.removed', 'waitlist.offered'],
  workDaySignups: ['workDay.signup-withdrawn', 'workDay.signup-removed'],
  dutySignups: [
    'duty.unassigned',
    'duty.assigned',
    'duty.assigned-override',
    'duty.swap-requested',
    'duty.transfer-requested',
    'duty.swap-taken',
    'duty.swap-withdrawn',
  ],
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
// As SWAP_AUDIT_SUMMARIES writes them (core/duties/duty-swaps.ts).
const SWAP_REQUESTED = /^(.+?) asked for a swap of .+; offered to \d+$/;
const TRANSFER_REQUESTED = /^(.+?) asked for a transfer to (.+?) of .+; offered to \d+$/;
const SWAP_TAKEN = /^(.+?) took over .+ from (.+)$/;
const SWAP_WITHDRAWN = /^(.+) withdrew their swap request$/;

/**
 * The people an entry of RETENTION_AUDIT_ACTIONS names, as those use cases write it: the
 * volunteer's name (the change of `signup` or `volunteer`), the waiting person's name and e-mail
 * (the summary), the member assigned to or taken off a duty (the summary's name, the change's
 * member id and an override reason), the members of a swap (who asked, to whom a transfer was
 * asked, who took it over from whom: the names of the entry's changes, or of its summary in
 * entries written before, and the change's member ids).
 * The key is the e-mail when the entry has one, else the name. Empty when the entry names nobody
 * any more (already pseudonymised) or is not one of these.
 */
export function auditEntryPeople(entry: AuditEntry): AnonymisedPerson[] {
  const value = (field: string, side: 'before' | 'after') => {
    const found = entry.changes.find((change) => change.field === field)?.[side];
    return typeof found === 'string' && found.trim() !== '' ? found : null;
  };
  const before = (field: string) => value(field, 'before');
  const named = (name: string | null | undefined, email: string | null, ...more: (string | null)[]): AnonymisedPerson[] => {
    if (name === null || name === undefined || isPseudonym(name) || name === UNKNOWN_SWAP_MEMBER) return [];
    return [
      { key: email ?? name, texts: [name, ...(email === null ? [] : [email]), ...more.filter((text): text is string => text !== null && !isPseudonym(text))] },
    ];
  };
  const summary = (pattern: RegExp) => pattern.exec(entry.summary) ?? [];
  switch (entry.action) {
    case 'workDay.signup-withdrawn':
      return named(before('signup'), null);
    case 'workDay.signup-removed':
      return named(before('volunteer'), null);
    case 'waitlist.removed':
    case 'waitlist.offered': {
      const match = WAITLIST_SUMMARIES.map((pattern) => pattern.exec(entry.summary)).find((found) => found !== null);
      return match ? named(match[1], match[2] || null) : [];
    }
    case 'duty.unassigned':
      return named(summary(DUTY_SUMMARY)[1], null, before('memberId'));
    case 'duty.assigned':
    case 'duty.assigned-override':
      return named(summary(ASSIGNED_SUMMARY)[1], null, value('memberId', 'after'), value('overrideReason', 'after'));
    // A swap's entry names its members in `memberName` (and `toMemberName`), whole; entries
    // written before those changes only in the summary, read back as SWAP_AUDIT_SUMMARIES wrote it.
    case 'duty.swap-requested':
      return named(swapNames(entry) ? value('memberName', 'after') : summary(SWAP_REQUESTED)[1], null);
    case 'duty.swap-withdrawn':
      return named(swapNames(entry) ? value('memberName', 'after') : summary(SWAP_WITHDRAWN)[1], null);
    case 'duty.transfer-requested': {
      const [asker, to] = swapNames(entry) ? [value('memberName', 'after'), value('toMemberName', 'after')] : summary(TRANSFER_REQUESTED).slice(1);
      return [...named(asker, null), ...named(to, null)];
    }
    case 'duty.swap-taken': {
      const [taker, from] = swapNames(entry) ? [value('memberName', 'after'), before('memberName')] : summary(SWAP_TAKEN).slice(1);
      return [...named(taker, null, value('memberId', 'after')), ...named(from, null, before('memberId'))];
    }
    default:
      return [];
  }
}

/** Whether a swap's entry carries its members' names as changes (swapAuditChanges), not only in its summary. */
function swapNames(entry: AuditEntry): boolean {
  return entry.changes.some((change) => change.field === 'memberName');
}

/** The first person an entry names (auditEntryPeople), or null. */
export function auditEntryPerson(entry: AuditEntry): AnonymisedPerson | null {
  return auditEntryPeople(entry)[0] ?? null;
}

/**
 * The entry with each person it names replaced by their own pseudonym (pseudonymiseAuditEntry;
 * the longer names first, so that one name inside another is not cut in two), or null when it
 * names nobody any more: a second run finds nothing to change.
 */
export function pseudonymisedNamedEntry(entry: AuditEntry, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): AuditEntry | null {
  const people = auditEntryPeople(entry).sort((a, b) => longest(b) - longest(a));
  return people.length === 0 ? null : people.reduce((rewritten, person) => pseudonymiseAuditEntry(rewritten, pseudonymOf(person)), entry);
}

const longest = (person: AnonymisedPerson) => Math.max(...person.texts.map((text) => text.length));
