import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { HmacPseudonyms } from '../../../../adapters/node-crypto/hmac-pseudonyms';
import type { AuditEntry } from '../../../../core/audit/audit';
import { recordAdminAction } from '../../../../core/audit/audit-trail';
import { anAdmin } from '../../../support/entities';
import { RETENTION_AUDIT_ACTIONS, auditEntryPerson, isPseudonym, pseudonymisedNamedEntry } from '../../../../core/privacy/retention-audit';
import type { AnonymisedPerson } from '../../../../core/privacy/retention-store.port';
import { recordSignupRemoval } from '../../../../core/work-days/remove-work-day-signup';
import { SWAP_AUDIT_SUMMARIES, UNKNOWN_SWAP_MEMBER, swapAuditChanges, type DutySwap, type SwapAuditNames } from '../../../../core/duties/duty-swaps';

const pseudonyms = new HmacPseudonyms('a-secret-of-at-least-thirty-two-characters');
const pseudonymOf = (person: AnonymisedPerson) => ({ texts: person.texts, pseudonym: pseudonyms.of(person.key) });
const admin = anAdmin({ email: 'admin@club.example', name: 'Ada Admin', permissions: [] });
const AT = '2026-05-01T10:00:00.000Z';
/** The other member of a swap. */
const OTHER = 'Olly Otherside';

/** The entries the use cases write when a person leaves a work day, a waiting list or a duty. */
async function entriesNaming(first: string, last: string, email: string): Promise<AuditEntry[]> {
  const name = `${first} ${last}`;
  const written: AuditEntry[] = [];
  const deps = {
    audit: { append: async (entries: readonly AuditEntry[]) => void written.push(...entries), list: async () => [] },
    ids: { next: () => `e${written.length}` },
    clock: new FixedClock(new Date(AT)),
  };
  const workDay = {
    id: 'wd-1',
    name: 'Spring clean',
    description: '',
    date: AT,
    foodAvailable: true,
    active: true,
    tools: '',
    notes: '',
    jobs: [{ id: 'paint', title: 'Painting', description: '', volunteersNeeded: 4 }],
  };
  await recordSignupRemoval(deps, admin, workDay, {
    id: 's-1',
    workDayId: 'wd-1',
    firstName: first,
    lastName: last,
    selectedJobs: ['paint'],
    otherJob: `${first}'s own job`,
    notes: '',
    bringingTools: false,
    wantsFood: true,
    submittedAt: AT,
    email,
  });
  await recordAdminAction(deps, admin, {
    action: 'duty.unassigned',
    recordType: 'duty',
    recordId: 'slot-1',
    summary: `Took ${name} off a duty`,
    before: { memberId: 'member-77' },
    after: { memberId: null },
  });
  await recordAdminAction(deps, admin, {
    action: 'duty.assigned',
    recordType: 'duty',
    recordId: 'slot-1',
    summary: `Assigned ${name} to Galley at Spring race`,
    before: { memberId: null },
    after: { memberId: 'member-77', overrideReason: null },
  });
  await recordAdminAction(deps, admin, {
    action: 'duty.assigned-override',
    recordType: 'duty',
    recordId: 'slot-1',
    summary: `Assigned ${name} to Galley at Spring race, not eligible (no Food hygiene); reason: ${first} cooked for years`,
    before: { memberId: null },
    after: { memberId: 'member-77', overrideReason: `${first} cooked for years` },
  });
  return [...written, ...swapEntries(name), ...swapEntries(name).map(beforeNamesInChanges), ...otherEntries(name, email)];
}

/** A swap's entries, as DutySwaps writes them (swapAuditChanges): the other member of a transfer or a take-over is OTHER. */
function swapEntries(name: string): AuditEntry[] {
  const swap = (id: string, action: string, summary: string, names: SwapAuditNames, takenBy?: { from: string; by: string }): AuditEntry => {
    const record: DutySwap = {
      id: 'swap-1',
      slotId: 'slot-1',
      eventId: 'ev-1',
      fromMemberId: takenBy?.from ?? 'member-77',
      toMemberId: null,
      window: { start: AT, end: AT },
      createdAt: AT,
      status: takenBy ? 'taken' : 'open',
      takenBy: takenBy?.by ?? null,
      takenAt: takenBy ? AT : null,
    };
    return { id, at: AT, actor: { kind: 'member' }, action, recordType: 'duty', recordId: 'slot-1', summary, changes: swapAuditChanges(record, names) };
  };
  return [
    swap('s1', 'duty.swap-requested', SWAP_AUDIT_SUMMARIES.requested(name, 'Galley', 'Spring race', 3), { member: name }),
    swap('s2', 'duty.transfer-requested', SWAP_AUDIT_SUMMARIES.transfer(name, OTHER, 'Galley', 'Spring race'), { member: name, other: OTHER }),
    swap(
      's3',
      'duty.swap-taken',
      SWAP_AUDIT_SUMMARIES.taken(name, 'Galley', 'Spring race', OTHER),
      { member: name, other: OTHER },
      { from: 'member-88', by: 'member-77' },
    ),
    swap(
      's4',
      'duty.swap-taken',
      SWAP_AUDIT_SUMMARIES.taken(OTHER, 'Galley', 'Spring race', name),
      { member: OTHER, other: name },
      { from: 'member-77', by: 'member-88' },
    ),
    swap('s5', 'duty.swap-withdrawn', SWAP_AUDIT_SUMMARIES.withdrawn(name), { member: name }),
  ];
}

/** A swap's entry as written before its names were changes too: the names in its summary only. */
function beforeNamesInChanges(entry: AuditEntry): AuditEntry {
  return { ...entry, id: `${entry.id}-old`, changes: entry.changes.filter((change) => change.field !== 'memberName' && change.field !== 'toMemberName') };
}

/** The work-day and waiting-list entries naming the person. */
function otherEntries(name: string, email: string): AuditEntry[] {
  const actor = { kind: 'admin' as const, uid: admin.uid, email: admin.email };
  return [
    {
      id: 'w',
      at: AT,
      actor: { kind: 'member' },
      action: 'workDay.signup-withdrawn',
      recordType: 'workDay',
      recordId: 'wd-1',
      summary: `${name} withdrew through the e-mailed link (sign-up s-2)`,
      changes: [{ field: 'signup', before: name, after: null }],
    },
    {
      id: 'r',
      at: AT,
      actor,
      action: 'waitlist.removed',
      recordType: 'event',
      recordId: 'ev-1',
      summary: `Removed ${name} <${email}> (2 places wanted) from the waiting list`,
      changes: [{ field: 'waitlist', before: 'waiting', after: 'left' }],
    },
    {
      id: 'o',
      at: AT,
      actor,
      action: 'waitlist.offered',
      recordType: 'event',
      recordId: 'ev-1',
      summary: `Offered 1 places by hand to ${name} <${email}>`,
      changes: [{ field: 'waitlist', before: 'waiting', after: 'offered' }],
    },
  ];
}

describe('pseudonymising the audit entries that name a person who left', () => {
  it('covers every action the run names', async () => {
    const entries = await entriesNaming('Robin', 'Sailwell', 'robin@example.org');
    expect([...new Set(entries.map((entry) => entry.action))].sort()).toEqual(Object.values(RETENTION_AUDIT_ACTIONS).flat().sort());
  });

  it('leaves no name, e-mail or member id, keeps what happened, and finds nothing to do a second time', async () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
    await fc.assert(
      fc.asyncProperty(word, word, fc.emailAddress(), async (first, last, email) => {
        for (const entry of await entriesNaming(first, last, email)) {
          const rewritten = pseudonymisedNamedEntry(entry, pseudonymOf);
          expect(rewritten).not.toBeNull();
          const text = JSON.stringify(rewritten).toLowerCase();
          for (const personal of [`${first} ${last}`, email, 'member-77', `${first}'s own job`, `${first} cooked`, OTHER, 'member-88'])
            expect(text).not.toContain(personal.toLowerCase());
          expect(rewritten!.summary).toContain(pseudonyms.of(entry.action.startsWith('waitlist.') ? email : `${first} ${last}`));
          expect({ ...rewritten, summary: '', changes: rewritten!.changes.map((c) => c.field) }).toEqual({
            ...entry,
            summary: '',
            changes: entry.changes.map((c) => c.field),
          });
          expect(pseudonymisedNamedEntry(rewritten!, pseudonymOf)).toBeNull();
        }
      }),
      { numRuns: 50 },
    );
  });

  it('gives each member of a swap their own pseudonym, and leaves a member no longer on the list as the summary had them', () => {
    const entry: AuditEntry = {
      id: 't',
      at: AT,
      actor: { kind: 'member' },
      action: 'duty.swap-taken',
      recordType: 'duty',
      recordId: 'slot-1',
      summary: SWAP_AUDIT_SUMMARIES.taken('Sam Sailor', 'Galley', 'Spring race', 'Sam Sailorson'),
      changes: [{ field: 'memberId', before: 'member-88', after: 'member-77' }],
    };
    const rewritten = pseudonymisedNamedEntry(entry, pseudonymOf)!;
    expect(rewritten.summary).toBe(`${pseudonyms.of('Sam Sailor')} took over Galley at Spring race from ${pseudonyms.of('Sam Sailorson')}`);
    expect(rewritten.changes).toEqual([{ field: 'memberId', before: pseudonyms.of('Sam Sailorson'), after: pseudonyms.of('Sam Sailor') }]);
    const unknown = { ...entry, summary: SWAP_AUDIT_SUMMARIES.taken('Sam Sailor', 'Galley', 'Spring race', UNKNOWN_SWAP_MEMBER), changes: [] };
    expect(pseudonymisedNamedEntry(unknown, pseudonymOf)?.summary).toBe(
      `${pseudonyms.of('Sam Sailor')} took over Galley at Spring race from ${UNKNOWN_SWAP_MEMBER}`,
    );
  });

  it('finds a swap member’s whole name when it holds words the summary uses (" of ", " from ", " took over ")', () => {
    for (const name of ['Anne of Cleves', 'Ben from Leeds', 'Cat Took Over']) {
      for (const entry of swapEntries(name)) {
        const rewritten = pseudonymisedNamedEntry(entry, pseudonymOf)!;
        const text = JSON.stringify(rewritten);
        for (const word of name.split(' ').filter((w) => w.length >= 3 && !['from', 'Over', 'Took'].includes(w))) expect(text).not.toContain(word);
        expect(text).not.toContain(OTHER);
        expect(rewritten.summary).toContain(pseudonyms.of(name));
        expect(pseudonymisedNamedEntry(rewritten, pseudonymOf)).toBeNull();
      }
    }
  });

  it('names nobody in entries of other actions, or in summaries it does not know', () => {
    const entry: AuditEntry = {
      id: 'x',
      at: AT,
      actor: { kind: 'system' },
      action: 'event.updated',
      recordType: 'event',
      recordId: 'ev-1',
      summary: 'Took Sam off a duty',
      changes: [],
    };
    expect(auditEntryPerson(entry)).toBeNull();
    expect(auditEntryPerson({ ...entry, action: 'waitlist.removed', summary: 'Removed someone' })).toBeNull();
    expect(isPseudonym(pseudonyms.of('sam@example.org'))).toBe(true);
    expect(isPseudonym('Person of interest')).toBe(false);
  });
});
