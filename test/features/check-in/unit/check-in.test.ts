import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afloatRefusal,
  attendanceRefusal,
  attendanceText,
  BOOKER_PERSON_ID,
  CHECK_IN_MESSAGES,
  checkInSummary,
  stillAfloat,
  withAfloatMark,
  type Attendance,
} from '../../../../core/check-in/attendance';
import { decideMark } from '../../../../adapters/attendance-records';
import type { AttendanceChange } from '../../../../core/check-in/attendance-store.port';

/** A booking: its attendees, of whom some named household attendees (each with its own id). */
const aBooking = fc
  .record({ numberAttending: fc.integer({ min: 1, max: 12 }), named: fc.integer({ min: 0, max: 12 }) })
  .map(({ numberAttending, named }) => ({
    numberAttending,
    householdAttendees: Array.from({ length: Math.min(named, numberAttending) }, (_, i) => ({
      personId: `p${i}`,
      name: `Person ${i}`,
      kind: 'adult' as const,
      place: 'adult' as const,
      memberPrice: true,
    })),
  }));

describe('check-in rule', () => {
  it('accepts exactly the states where arrived is 0 to the attendees, named (booker included) ticked once each and the others fitting', () => {
    fc.assert(
      fc.property(
        aBooking,
        fc.integer({ min: -2, max: 15 }),
        fc.array(fc.constantFrom('p0', 'p1', 'p2', 'p3', 'stranger', BOOKER_PERSON_ID), { maxLength: 5 }),
        (booking, arrived, arrivedPeople) => {
          const household = booking.householdAttendees.map((p) => p.personId);
          const named = [BOOKER_PERSON_ID, ...household];
          // The booker, while not ticked, is one of the others.
          const others = booking.numberAttending - household.length - (arrivedPeople.includes(BOOKER_PERSON_ID) ? 1 : 0);
          const valid =
            arrived >= 0 &&
            arrived <= booking.numberAttending &&
            new Set(arrivedPeople).size === arrivedPeople.length &&
            arrivedPeople.every((id) => named.includes(id)) &&
            arrivedPeople.length <= arrived &&
            arrived - arrivedPeople.length <= others;
          expect(attendanceRefusal(booking, { arrived, arrivedPeople }) === null).toBe(valid);
        },
      ),
    );
  });

  it('every state the rule accepts keeps arrived within the attendees, and ticking every named person is always accepted', () => {
    fc.assert(
      fc.property(aBooking, (booking) => {
        const everyone = booking.householdAttendees.map((p) => p.personId);
        expect(attendanceRefusal(booking, { arrived: booking.numberAttending, arrivedPeople: everyone })).toBeNull();
        expect(attendanceRefusal(booking, { arrived: 0, arrivedPeople: [] })).toBeNull();
        expect(attendanceRefusal(booking, { arrived: booking.numberAttending + 1, arrivedPeople: everyone })).toBe(CHECK_IN_MESSAGES.tooMany);
      }),
    );
  });

  it('names the reason', () => {
    const booking = {
      numberAttending: 3,
      householdAttendees: [{ personId: 'a', name: 'A', kind: 'adult' as const, place: 'adult' as const, memberPrice: false }],
    };
    expect(attendanceRefusal(booking, { arrived: 2, arrivedPeople: ['a', 'a'] })).toBe(CHECK_IN_MESSAGES.twice);
    expect(attendanceRefusal(booking, { arrived: 1, arrivedPeople: ['b'] })).toBe(CHECK_IN_MESSAGES.notNamed);
    expect(attendanceRefusal(booking, { arrived: 0, arrivedPeople: ['a'] })).toBe(CHECK_IN_MESSAGES.fewerThanNamed);
    expect(attendanceRefusal(booking, { arrived: 3, arrivedPeople: [] })).toBe(CHECK_IN_MESSAGES.othersTooMany);
    expect(attendanceRefusal(booking, { arrived: 3, arrivedPeople: [BOOKER_PERSON_ID] })).toBe(CHECK_IN_MESSAGES.othersTooMany);
  });

  it('ticks the booker by name: a booking of one is the booker alone, and the booker is not one of the household named', () => {
    const solo = { numberAttending: 1, householdAttendees: [] };
    expect(attendanceRefusal(solo, { arrived: 1, arrivedPeople: [BOOKER_PERSON_ID] })).toBeNull();
    expect(attendanceRefusal(solo, { arrived: 1, arrivedPeople: [] })).toBeNull();
    const household = {
      numberAttending: 3,
      householdAttendees: [{ personId: 'a', name: 'A', kind: 'adult' as const, place: 'adult' as const, memberPrice: false }],
    };
    expect(attendanceRefusal(household, { arrived: 3, arrivedPeople: [BOOKER_PERSON_ID, 'a'] })).toBeNull();
    expect(checkInSummary(household, { arrived: 2, arrivedPeople: [BOOKER_PERSON_ID, 'a'] })).toBe('Checked in: 2 of 3 arrived (1 of 1 named)');
  });

  it('shows the attendance as "n of m arrived", and nothing before any check-in', () => {
    expect(attendanceText(null, 3)).toBe('');
    expect(attendanceText({ arrived: 0, version: 0 }, 3)).toBe('');
    expect(attendanceText({ arrived: 0, version: 2 }, 3)).toBe('0 of 3 arrived');
    expect(attendanceText({ arrived: 2, version: 1 }, 3)).toBe('2 of 3 arrived');
  });
});

describe('applying marks (the decision every storage makes)', () => {
  const change = (key: string, expectedVersion: number, arrived: number): AttendanceChange => ({
    key,
    bookingId: 'b1',
    eventId: 'e1',
    expectedVersion,
    arrived,
    arrivedPeople: [],
    at: '2026-06-20T10:00:00.000Z',
    by: 'officer@club.example',
  });

  it('any sequence of marks, each sent any number of times, applies each key at most once and versions count the applied', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.constantFrom('k1', 'k2', 'k3', 'k4'), expected: fc.nat(4), arrived: fc.nat(3) }), { maxLength: 20 }),
        (sends) => {
          const applied = new Set<string>();
          let stored: ReturnType<typeof decideMark>['attendance'] | null = null;
          for (const send of sends) {
            const outcome = decideMark(change(send.key, send.expected, send.arrived), applied.has(send.key), stored);
            if (outcome.result === 'applied') {
              expect(applied.has(send.key)).toBe(false);
              applied.add(send.key);
              stored = outcome.attendance;
            } else {
              expect(outcome.attendance.version).toBe(stored?.version ?? 0);
            }
          }
          expect(stored?.version ?? 0).toBe(applied.size);
        },
      ),
    );
  });
});

describe('the tally board rule', () => {
  it('marks only named attendees, and only one ticked as arrived goes afloat', () => {
    fc.assert(
      fc.property(
        aBooking,
        fc.subarray(['p0', 'p1', BOOKER_PERSON_ID]),
        fc.constantFrom('p0', 'p1', 'stranger', BOOKER_PERSON_ID),
        fc.boolean(),
        (booking, arrivedPeople, personId, afloat) => {
          const named = [BOOKER_PERSON_ID, ...booking.householdAttendees.map((p) => p.personId)];
          const expected = !named.includes(personId)
            ? CHECK_IN_MESSAGES.afloatNotNamed
            : afloat && !arrivedPeople.includes(personId)
              ? CHECK_IN_MESSAGES.afloatNotArrived
              : null;
          expect(afloatRefusal(booking, { arrivedPeople }, { personId, afloat })).toBe(expected);
        },
      ),
    );
  });

  it('the last mark by its time wins, in whatever order the marks are taken in', () => {
    const base: Attendance = { bookingId: 'b', eventId: 'e', arrived: 2, arrivedPeople: ['p0', 'p1'], version: 3, updatedAt: null, updatedBy: null };
    const aMark = fc.record({ personId: fc.constantFrom('p0', 'p1'), afloat: fc.boolean(), minute: fc.integer({ min: 0, max: 59 }) });
    fc.assert(
      fc.property(fc.uniqueArray(aMark, { selector: (m) => m.minute, maxLength: 8 }), fc.func(fc.integer()), (marks, order) => {
        const shuffled = [...marks].sort((a, b) => order(a.minute) - order(b.minute));
        const taken = shuffled.reduce(
          (record, m) => withAfloatMark(record, m.personId, { afloat: m.afloat, at: `2026-06-01T09:${String(m.minute).padStart(2, '0')}:00.000Z`, by: 'o@x' }),
          base,
        );
        const last = (id: string) => [...marks].filter((m) => m.personId === id).sort((a, b) => b.minute - a.minute)[0];
        const expected = ['p0', 'p1'].filter((id) => last(id)?.afloat === true);
        expect(stillAfloat(taken).sort()).toEqual(expected);
        expect(taken.version).toBe(3);
      }),
    );
  });
});
