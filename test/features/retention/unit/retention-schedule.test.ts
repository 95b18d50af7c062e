import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../core/audit/audit';
import { pseudonymiseAuditEntry } from '../../../../core/privacy/audit-pseudonyms';
import {
  anonymisedEmail,
  DEFAULT_RETENTION,
  isAnonymisedEmail,
  nextRetentionRun,
  RETENTION_KINDS,
  retentionCutoff,
} from '../../../../core/privacy/retention-schedule';
import { londonDate, londonWall } from '../../../../core/shared/london-time';
import { MemberSchema } from '../../../../core/members/member';

const instant = fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2090-12-31T00:00:00.000Z'), noInvalidDate: true });

describe('the retention schedule', () => {
  it("puts each cutoff before the clock, never more than its limit back (months on London's calendar)", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...RETENTION_KINDS), (now, kind) => {
        const cutoff = retentionCutoff(kind, DEFAULT_RETENTION, now);
        expect(cutoff.instant.getTime()).toBeLessThan(now.getTime());
        expect(cutoff.day).toBe(londonDate(cutoff.instant));
        const longest = {
          bookingDetails: 24 * 31,
          financialRecords: 6 * 366 + 1,
          outboxBodies: 90,
          signInAttempts: 30,
          lapsedMembers: 24 * 31,
          waitingListEntries: 1,
          workDaySignups: 24 * 31,
          dutySignups: 24 * 31,
        }[kind];
        expect(now.getTime() - cutoff.instant.getTime()).toBeLessThanOrEqual(longest * 86_400_000 + 3_600_000);
      }),
    );
  });

  it("counts months back to the same day, or the month's last day when it has fewer", () => {
    expect(retentionCutoff('bookingDetails', DEFAULT_RETENTION, new Date('2028-03-31T12:00:00.000Z')).day).toBe('2026-03-31');
    expect(retentionCutoff('bookingDetails', { ...DEFAULT_RETENTION, bookingDetailsMonths: 1 }, new Date('2027-03-31T12:00:00.000Z')).day).toBe('2027-02-28');
    expect(retentionCutoff('lapsedMembers', DEFAULT_RETENTION, new Date('2028-07-01T02:00:00.000Z')).day).toBe('2026-07-01');
  });

  it('runs next at the coming hour in London, within a day, summer and winter', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 23 }), (now, hour) => {
        const next = nextRetentionRun(now, hour);
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
        // On a clock-change night the hour may not exist (01:00 in spring): it then falls an hour on.
        expect([hour, (hour + 1) % 24]).toContain(londonWall(next).getUTCHours());
      }),
    );
    expect(nextRetentionRun(new Date('2026-06-01T09:00:00.000Z'), 3).toISOString()).toBe('2026-06-02T02:00:00.000Z');
    expect(nextRetentionRun(new Date('2026-12-01T02:59:00.000Z'), 3).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('anonymises members to an e-mail that is valid, unique per record and never deliverable', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), fc.string({ minLength: 1, maxLength: 80 }), (a, b) => {
        const email = anonymisedEmail(a);
        expect(isAnonymisedEmail(email)).toBe(true);
        expect(MemberSchema.shape.email.safeParse(email).success).toBe(true);
        expect(email.endsWith('@invalid.invalid')).toBe(true);
        if (a.replace(/[^A-Za-z0-9-]/g, '').toLowerCase() !== b.replace(/[^A-Za-z0-9-]/g, '').toLowerCase()) expect(anonymisedEmail(b)).not.toBe(email);
      }),
    );
  });
});

describe('the audit log under pseudonyms', () => {
  const entry = (summary: string, changes: AuditEntry['changes']): AuditEntry => ({
    id: 'e1',
    at: '2026-06-01T09:00:00.000Z',
    actor: { kind: 'member' },
    action: 'booking.changed',
    recordType: 'booking',
    recordId: 'b1',
    summary,
    changes,
  });
  // Names no other word of an entry holds ("Iel" is in "field"), so a leftover mention is found.
  const name = fc.stringMatching(/^Zx[a-z]{2,8}$/);

  it('leaves no mention of the person, keeps the pseudonym, and rewriting again changes nothing', () => {
    fc.assert(
      fc.property(name, name, fc.emailAddress(), (first, last, email) => {
        const person = { texts: [`${first} ${last}`, first, last, email], pseudonym: 'Person 0123456789ab' };
        const once = pseudonymiseAuditEntry(
          entry(`Booked by ${first} ${last} <${email.toUpperCase()}>`, [
            { field: 'firstName', before: null, after: first.slice(0, 2) },
            { field: 'numberAttending', before: 1, after: 2 },
            { field: 'note', before: `for ${last}`, after: null },
          ]),
          person,
        );
        const text = JSON.stringify(once).toLowerCase();
        for (const word of [first, last, email]) expect(text).not.toContain(word.toLowerCase());
        expect(once.summary).toContain('Person 0123456789ab');
        expect(once.changes[1]).toEqual({ field: 'numberAttending', before: 1, after: 2 });
        expect(pseudonymiseAuditEntry(once, person)).toEqual(once);
      }),
    );
  });
});
