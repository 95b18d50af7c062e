import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_AUDIENCES, type AnnouncementAudience } from '../../../../core/announcements/announcement';
import { announcementRecipients, type EventPeople } from '../../../../core/announcements/announcement-recipients';
import { memberEmailKey } from '../../../../core/members/member';
import { aBooking } from '../../../support/entities';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const member = (id: string, email: string, disabled = false) => ({ id, name: `Member ${id}`, email, disabled });
const entry = (email: string, status: 'waiting' | 'offered' | 'left' | 'booked' | 'expired' = 'waiting', memberId: string | null = null) => ({
  name: `Waiting ${email}`,
  email,
  status,
  memberId,
});
const people = (overrides: Partial<EventPeople> = {}): EventPeople => ({
  bookings: [],
  waitingList: [],
  dutyHolderIds: [],
  householdContacts: new Map(),
  members: [],
  ...overrides,
});
const ALL = [...ANNOUNCEMENT_AUDIENCES];

describe('announcementRecipients', () => {
  it('tells a person with two roles once, by address compared without case or spaces, naming both roles', () => {
    const found = announcementRecipients(
      people({
        bookings: [aBooking({ userEmail: 'Ann@Example.org', memberId: 'm-ann' })],
        dutyHolderIds: ['m-ann'],
        waitingList: [entry(' ann@example.org ')],
        members: [member('m-ann', 'ann@example.org')],
      }),
      ALL,
      NOW,
    );
    expect(found).toEqual([
      { email: 'Ann@Example.org', key: 'ann@example.org', name: 'Ann Jones', memberId: 'm-ann', audiences: ['booked', 'waiting', 'duty'] },
    ]);
  });

  it('leaves out cancelled bookings, lapsed unpaid holds, entries no longer in line, disabled members and erased addresses', () => {
    const found = announcementRecipients(
      people({
        bookings: [
          aBooking({ userEmail: 'cancelled@example.org', cancelledAt: '2026-05-30T09:00:00.000Z' }),
          aBooking({
            userEmail: 'lapsed@example.org',
            paymentRequired: true,
            paid: false,
            submittedAt: '2026-05-01T09:00:00.000Z',
            checkoutOpenedAt: '2026-05-01T09:00:00.000Z',
          }),
          aBooking({ userEmail: 'stands@example.org' }),
          aBooking({ userEmail: 'erased-3f9a2c1b7d04@erased.invalid' }),
          aBooking({ userEmail: 'Off@example.org' }),
        ],
        waitingList: [entry('left@example.org', 'left'), entry('offered@example.org', 'offered'), entry('booked@example.org', 'booked')],
        dutyHolderIds: ['m-disabled', 'm-unknown'],
        members: [member('m-disabled', 'disabled@example.org', true), member('m-off', 'off@example.org', true)],
      }),
      ALL,
      NOW,
    );
    expect(found.map((r) => r.key)).toEqual(['stands@example.org', 'offered@example.org']);
  });

  it("tells the household contact of the people a booking names, and a member's booking without an address through the member list", () => {
    const found = announcementRecipients(
      people({
        bookings: [
          aBooking({
            userEmail: null,
            memberId: 'm-dad',
            householdAttendees: [{ personId: 'p-kid', name: 'Kid', kind: 'junior', place: 'child', memberPrice: false }],
          }),
        ],
        householdContacts: new Map([['m-dad', 'm-mum']]),
        members: [member('m-dad', 'dad@example.org'), member('m-mum', 'mum@example.org')],
      }),
      ['booked'],
      NOW,
    );
    expect(found.map((r) => [r.key, r.memberId])).toEqual([
      ['dad@example.org', 'm-dad'],
      ['mum@example.org', 'm-mum'],
    ]);
  });

  it('tells only the audiences chosen', () => {
    const all = people({
      bookings: [aBooking({ userEmail: 'booked@example.org' })],
      waitingList: [entry('waiting@example.org')],
      dutyHolderIds: ['m-duty'],
      members: [member('m-duty', 'duty@example.org')],
    });
    expect(announcementRecipients(all, ['waiting'], NOW).map((r) => r.key)).toEqual(['waiting@example.org']);
    expect(announcementRecipients(all, ['duty'], NOW).map((r) => r.key)).toEqual(['duty@example.org']);
    expect(announcementRecipients(all, [], NOW)).toEqual([]);
  });

  it('property: everyone is told once, each is in at least one chosen audience, and nobody disabled is told', () => {
    const address = fc.constantFrom('a@example.org', 'A@example.org ', 'b@example.org', 'c@example.org', 'd@EXAMPLE.org', 'e@erased.invalid');
    const memberIds = ['m1', 'm2', 'm3', 'm4'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ email: fc.option(address), memberId: fc.option(fc.constantFrom(...memberIds)), cancelled: fc.boolean() }), { maxLength: 6 }),
        fc.array(fc.record({ email: address, status: fc.constantFrom('waiting', 'offered', 'left', 'booked', 'expired') as fc.Arbitrary<'waiting'> }), {
          maxLength: 6,
        }),
        fc.array(fc.constantFrom(...memberIds, 'm-gone'), { maxLength: 5 }),
        fc.array(fc.tuple(address, fc.boolean()), { minLength: 4, maxLength: 4 }),
        fc.subarray(ALL),
        (bookings, waiting, holders, memberRows, audiences: AnnouncementAudience[]) => {
          const members = memberRows.map(([email, disabled], i) => member(memberIds[i], email, disabled));
          const input = people({
            bookings: bookings.map((b) => aBooking({ userEmail: b.email, memberId: b.memberId, cancelledAt: b.cancelled ? '2026-05-30T09:00:00.000Z' : null })),
            waitingList: waiting.map((w) => entry(w.email, w.status)),
            dutyHolderIds: holders,
            members,
          });
          const found = announcementRecipients(input, audiences, NOW);
          const keys = found.map((r) => r.key);
          expect(new Set(keys).size).toBe(keys.length);
          const disabledKeys = new Set(members.filter((m) => m.disabled).map((m) => memberEmailKey(m.email)));
          for (const recipient of found) {
            expect(recipient.audiences.length).toBeGreaterThan(0);
            for (const audience of recipient.audiences) expect(audiences).toContain(audience);
            expect(disabledKeys.has(recipient.key)).toBe(false);
            expect(recipient.key.endsWith('@erased.invalid')).toBe(false);
            // In an audience chosen for a reason: a standing booking, an entry in line or a duty held with this address.
            const reasons = [
              ...input.bookings.filter((b) => b.cancelledAt === null).map((b) => ['booked', b.userEmail ?? members.find((m) => m.id === b.memberId)?.email]),
              ...input.waitingList.filter((w) => w.status === 'waiting' || w.status === 'offered').map((w) => ['waiting', w.email]),
              ...holders.map((id) => ['duty', members.find((m) => m.id === id)?.email]),
            ].filter(
              ([audience, email]) => audiences.includes(audience as AnnouncementAudience) && email !== undefined && memberEmailKey(email) === recipient.key,
            );
            expect(reasons.length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});
