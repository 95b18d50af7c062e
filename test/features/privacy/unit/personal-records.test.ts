import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { StoredRecord } from '../../../../core/privacy/personal-data-store.port';
import { archiveFiles, erasureRewrites, mentionsEmail, personMarks, personRecords, replacementFor } from '../../../../core/privacy/personal-records';
import { blockedMessage, erasureBlockers, requestedEmail } from '../../../../core/operations/data-requests';
import { aBooking } from '../../../support/entities';

const record = (kind: string, id: string, fields: Record<string, unknown>, key: string | null = id): StoredRecord => ({ kind, id, key, fields });

describe('a person’s records', () => {
  it('are found by e-mail in any case, never inside a longer address, with the records that name them by id', () => {
    const records = [
      record('members', '1', { id: 'm1', name: 'Ann Jones', email: 'Ann@Example.org' }, 'm1'),
      record('passkeys', '2', { memberId: 'm1', publicKey: 'xyz' }, null),
      record('bookings', '3', { id: 'b1', userEmail: 'joann@example.org', firstName: 'Jo' }, 'b1'),
      record('outbox', '4', { message: JSON.stringify({ mail: { to: 'ANN@EXAMPLE.ORG' } }) }, 'o1'),
      record('audit_log', '5', { recordId: 'b1' }, 'a1'),
    ];
    expect(personRecords(records, ' ann@example.org ').map((r) => r.id)).toEqual(['1', '2', '4']);
    expect(mentionsEmail(records[2], 'ann@example.org')).toBe(false);
    expect(personRecords(records, '')).toEqual([]);
  });

  it('take a household’s dependants only when the person is its one member: a shared household’s belong to every member', () => {
    const records = [
      record('members', '1', { id: 'm1', email: 'ann@example.org' }, 'm1'),
      record('members', '2', { id: 'm2', email: 'bob@example.org' }, 'm2'),
      record('members', '3', { id: 'm3', email: 'cat@example.org' }, 'm3'),
      record('household_members', '4', { memberId: 'm1', householdId: 'h-ann' }, null),
      record('household_people', '5', { id: 'p1', memberId: 'h-ann', name: 'Milly' }, 'p1'),
      record('household_members', '6', { memberId: 'm2', householdId: 'h-shared' }, null),
      record('household_members', '7', { memberId: 'm3', householdId: 'h-shared' }, null),
      record('household_people', '8', { id: 'p2', memberId: 'h-shared', name: 'Tom' }, 'p2'),
    ];
    expect(personRecords(records, 'ann@example.org').map((r) => r.id)).toEqual(['1', '4', '5']);
    expect(personRecords(records, 'bob@example.org').map((r) => r.id)).toEqual(['2', '6']);
  });

  it('take a record an admin typed the e-mail into, but not its name, nor the records that name it (its other bookings)', () => {
    const records = [
      record('bookings', '1', { id: 'b1', eventId: 'e1', firstName: 'Ann', lastName: 'Jones', userEmail: 'ann@example.org' }, 'b1'),
      record('events', '2', { id: 'e1', name: 'Laying-up supper', description: 'Ask Ann Jones (ann@example.org)' }, 'e1'),
      record('bookings', '3', { id: 'b2', eventId: 'e1', firstName: 'Bob', lastName: 'Stern', userEmail: 'bob@example.org' }, 'b2'),
      record('audit_log', '4', { recordId: 'b1', summary: 'Booked by Ann Jones <ann@example.org>' }, 'a1'),
    ];
    const found = personRecords(records, 'ann@example.org');
    expect(found.map((r) => r.id)).toEqual(['1', '2', '4']);
    const rewrites = erasureRewrites(found, 'ann@example.org', replacementFor('Person 3f9a'));
    const event = rewrites.find((r) => r.id === '2');
    expect(event?.fields).toEqual({ id: 'e1', name: 'Laying-up supper', description: 'Ask Person 3f9a (erased-3f9a@erased.invalid)' });
    expect(rewrites.find((r) => r.id === '4')?.fields.summary).toBe('Booked by Person 3f9a <erased-3f9a@erased.invalid>');
  });

  it('erasure leaves no name, boat, phone or e-mail in any text, JSON kept as text included, and keeps every number and key', () => {
    // Prefixed so that no generated name is a word of the records' own keys ("age" in "message").
    const name = fc.stringMatching(/^Zq[a-z]{2,8}$/);
    fc.assert(
      fc.property(name, name, name, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 9 }), (first, last, boat, amount, count) => {
        const email = `${first.toLowerCase()}@example.org`;
        const records = [
          record('bookings', '1', {
            id: 'b1',
            firstName: first,
            lastName: last,
            boatName: boat,
            userEmail: email.toUpperCase(),
            paymentAmount: amount,
            numberAttending: count,
          }),
          record('outbox', '2', {
            id: 'o1',
            message: JSON.stringify({ recordId: 'b1', mail: { to: email, text: `Dear ${first} ${last}, your boat ${boat}.` } }),
          }),
          record('audit_log', '3', { id: 'a1', recordId: 'b1', changes: JSON.stringify([{ field: 'lastName', before: `Mc${last}`, after: last }]) }),
        ];
        const rewrites = erasureRewrites(personRecords(records, email), email, replacementFor('Person 0123456789ab'));
        const text = JSON.stringify(rewrites).toLowerCase();
        for (const mark of [first, last, boat, `Mc${last}`, email]) expect(text).not.toContain(mark.toLowerCase());
        expect(rewrites[0].fields).toMatchObject({ id: 'b1', paymentAmount: amount, numberAttending: count, userEmail: 'erased-0123456789ab@erased.invalid' });
        expect(JSON.parse(rewrites[1].fields.message as string)).toMatchObject({ recordId: 'b1', mail: { to: 'erased-0123456789ab@erased.invalid' } });
      }),
    );
  });

  it('keeps a code the app reads that happens to equal a name (a Mr Cash paying cash), and erases the name itself', () => {
    const records = [
      record('bookings', '1', {
        id: 'b1',
        firstName: 'Adult',
        lastName: 'Cash',
        userEmail: 'c@x.org',
        paymentMethod: 'cash',
        priceKind: 'adult',
        note: 'Paid in cash by Adult Cash',
      }),
    ];
    const [rewrite] = erasureRewrites(records, 'c@x.org', replacementFor('Person 0123456789ab'));
    expect(rewrite.fields).toMatchObject({
      firstName: 'Person 0123456789ab',
      lastName: 'Person 0123456789ab',
      paymentMethod: 'cash',
      priceKind: 'adult',
      note: 'Paid in Person 0123456789ab by Person 0123456789ab',
    });
  });

  it('marks are the personal fields’ texts, the full name, and the old values of audited personal fields, longest first', () => {
    expect(
      personMarks([record('bookings', '1', { firstName: 'Jo', lastName: 'Lee', boatName: 'X', changes: [{ field: 'phone', before: '0770', after: null }] })]),
    ).toEqual(['Jo Lee', '0770', 'Lee', 'Jo']);
  });
});

describe('the subject-access archive', () => {
  it('has a JSON and a CSV file per kind, without secrets, sign-in codes or capability links', () => {
    const files = archiveFiles([
      record('members', '1', { id: 'm1', name: 'Ann', tokenHash: 'h', secret: 's' }),
      record('outbox', '2', {
        message: JSON.stringify({ kind: 'member-sign-in-code', mail: { to: 'a@x.org', text: 'Your sign-in code is 123456.', html: '<p>123456</p>' } }),
      }),
      record('outbox', '3', {
        message: JSON.stringify({ kind: 'booking-confirmation', mail: { text: 'Manage: https://club.example/my-booking?token=abc123' } }),
      }),
    ]);
    expect(files.map((f) => f.name)).toEqual(['members.json', 'members.csv', 'outbox.json', 'outbox.csv']);
    const all = files.map((f) => f.text).join('\n');
    for (const secret of ['tokenHash', '"secret"', '123456', 'abc123']) expect(all).not.toContain(secret);
    expect(files[3].text.trim().split('\r\n')).toHaveLength(3);
  });
});

describe('what holds an erasure back', () => {
  const events = new Map([
    ['past', { eventdatetime: '2026-05-01T10:00:00.000Z', eventenddatetime: null }],
    ['future', { eventdatetime: '2026-07-01T10:00:00.000Z', eventenddatetime: null }],
  ]);
  const now = new Date('2026-06-01T09:00:00.000Z');

  it('is exactly the paid, standing bookings of events not over', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom('past', 'future'), (paid, required, cancelled, eventId) => {
        const booking = aBooking({ eventId, paid, paymentRequired: required, cancelledAt: cancelled ? '2026-05-20T10:00:00.000Z' : null });
        expect(erasureBlockers([booking], events, now)).toHaveLength(paid && required && !cancelled && eventId === 'future' ? 1 : 0);
      }),
    );
  });

  it('names the bookings and what to do', () => {
    expect(blockedMessage([{ id: 'b1', reference: 'KYC-7F3K9', eventName: 'Regatta' }])).toBe(
      'Not erased yet: an upcoming paid booking KYC-7F3K9 (Regatta) must be cancelled and refunded first, so the money goes back before the name goes.',
    );
  });

  it('a request needs a plausible e-mail', () => {
    expect(requestedEmail('  a@b.org ')).toBe('a@b.org');
    expect(() => requestedEmail(' ')).toThrow('Enter the e-mail address of the person who asked');
    expect(() => requestedEmail('nope')).toThrow('Enter an e-mail address like name@example.org');
  });
});
