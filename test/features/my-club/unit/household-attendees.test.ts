import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HouseholdPerson } from '../../../../core/members/household';
import type { BookedAttendee } from '../../../../core/bookings/booking';
import { decideBookingPrice } from '../../../../core/bookings/booking-price';
import {
  bookedHouseholdAttendees,
  countHouseholdAttendees,
  householdAgeGroup,
  householdAttendeesFitting,
  HOUSEHOLD_ATTENDEE_MESSAGES,
} from '../../../../core/bookings/household-attendees';

const THIS_YEAR = 2026;
const person = (id: string, kind: 'adult' | 'junior', yearOfBirth: number | null): HouseholdPerson => ({
  id,
  memberId: 'm-1',
  name: `Person ${id}`,
  kind,
  yearOfBirth,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const aPerson = fc.record({
  kind: fc.constantFrom('adult' as const, 'junior' as const),
  yearOfBirth: fc.option(fc.integer({ min: 1900, max: THIS_YEAR }), { nil: null }),
});

describe('householdAgeGroup', () => {
  it('takes a child’s place exactly when 12 or under this year, whatever the kind, when the year is known', () => {
    fc.assert(
      fc.property(
        aPerson.filter((p) => p.yearOfBirth !== null),
        (p) => {
          expect(householdAgeGroup(p, THIS_YEAR)).toBe(THIS_YEAR - p.yearOfBirth! <= 12 ? 'child' : 'adult');
        },
      ),
    );
    expect(householdAgeGroup({ kind: 'junior', yearOfBirth: 2010 }, THIS_YEAR)).toBe('adult');
    expect(householdAgeGroup({ kind: 'adult', yearOfBirth: 2014 }, THIS_YEAR)).toBe('child');
  });

  it('goes by the kind without a year: a junior takes a child’s place', () => {
    expect(householdAgeGroup({ kind: 'junior', yearOfBirth: null }, THIS_YEAR)).toBe('child');
    expect(householdAgeGroup({ kind: 'adult', yearOfBirth: null }, THIS_YEAR)).toBe('adult');
  });
});

describe('countHouseholdAttendees', () => {
  it('counts the ticked people by their places, once each, when they fit beside the member’s lead place', () => {
    fc.assert(
      fc.property(
        fc.array(aPerson, { maxLength: 12 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (people, extraAdults, extraChildren) => {
          const household = people.map((p, i) => person(`p${i}`, p.kind, p.yearOfBirth));
          const children = household.filter((p) => householdAgeGroup(p, THIS_YEAR) === 'child').length;
          const adults = household.length - children;
          const counts = { numberAttending: 1 + adults + extraAdults + children + extraChildren, numberOfChildren: children + extraChildren };
          const ids = household.map((p) => p.id);
          expect(countHouseholdAttendees([...ids, ...ids], household, counts, THIS_YEAR)).toEqual({ ok: true, value: { adults, children }, people: household });
        },
      ),
    );
  });

  it('refuses a person of no household of the member’s, and people not counted in the numbers', () => {
    const household = [person('milly', 'junior', 2016), person('sam', 'adult', null)];
    expect(countHouseholdAttendees(['someone-else'], household, { numberAttending: 3, numberOfChildren: 1 }, THIS_YEAR)).toEqual({
      ok: false,
      field: 'householdAttendees',
      error: HOUSEHOLD_ATTENDEE_MESSAGES.notInHousehold,
    });
    // The member's own adult place leaves none for Sam.
    expect(countHouseholdAttendees(['sam'], household, { numberAttending: 1, numberOfChildren: 0 }, THIS_YEAR)).toMatchObject({
      ok: false,
      field: 'numberAttending',
    });
    expect(countHouseholdAttendees(['milly'], household, { numberAttending: 2, numberOfChildren: 0 }, THIS_YEAR)).toMatchObject({
      ok: false,
      field: 'numberAttending',
    });
    expect(countHouseholdAttendees(['milly'], household, { numberAttending: 2, numberOfChildren: 1 }, THIS_YEAR)).toEqual({
      ok: true,
      value: { adults: 0, children: 1 },
      people: [household[0]],
    });
  });
});

/** The places besides the lead's: the named attendees must fit in them. */
function freeBesideLead(counts: { numberAttending: number; numberOfChildren: number }): { adults: number; children: number } {
  const adults = counts.numberAttending - counts.numberOfChildren;
  return adults > 0 ? { adults: adults - 1, children: counts.numberOfChildren } : { adults: 0, children: counts.numberOfChildren - 1 };
}

function fits(attendees: readonly BookedAttendee[], counts: { numberAttending: number; numberOfChildren: number }): boolean {
  const free = freeBesideLead(counts);
  return attendees.filter((a) => a.place === 'adult').length <= free.adults && attendees.filter((a) => a.place === 'child').length <= free.children;
}

const someCounts = fc
  .record({ numberAttending: fc.integer({ min: 1, max: 20 }), children: fc.integer({ min: 0, max: 20 }) })
  .map(({ numberAttending, children }) => ({ numberAttending, numberOfChildren: Math.min(children, numberAttending) }));

describe('bookedHouseholdAttendees (the named attendees a booking stores)', () => {
  it('names each person counted once, in the order ticked, never more than the places beside the lead, with the place and price the rules gave', () => {
    const member = { id: 'm-1', renewalDate: '2027-03-31', disabled: false };
    const event = { price: 1500, requiresPayment: true, memberPrice: 1000 };
    fc.assert(
      fc.property(
        fc.array(aPerson, { maxLength: 12 }),
        fc.array(fc.nat({ max: 13 }), { maxLength: 15 }),
        someCounts,
        fc.boolean(),
        (people, picks, counts, current) => {
          const household = people.map((p, i) => person(`p${i}`, p.kind, p.yearOfBirth));
          const ids = picks.map((i) => `p${i}`);
          const counted = countHouseholdAttendees(ids, household, counts, THIS_YEAR);
          if (!counted.ok) return;
          const at = new Date('2026-06-01T09:00:00.000Z');
          const price = decideBookingPrice({
            event,
            counts,
            member: current ? member : { ...member, renewalDate: '2026-01-01' },
            at,
            dependants: counted.value,
          });
          const named = bookedHouseholdAttendees(counted.people, THIS_YEAR, price.priceKind);
          expect(named.map((a) => a.personId)).toEqual([...new Set(ids)]);
          expect(named.length).toBeLessThanOrEqual(counts.numberAttending - 1);
          expect(fits(named, counts)).toBe(true);
          for (const [i, attendee] of named.entries()) {
            expect(attendee).toEqual({
              personId: counted.people[i].id,
              name: counted.people[i].name,
              kind: counted.people[i].kind,
              place: householdAgeGroup(counted.people[i], THIS_YEAR),
              memberPrice: price.priceKind === 'member',
            });
          }
          // The places charged the member price are the member's own and those of the people named at it.
          if (price.priceKind === 'member') expect(price.memberPlaces).toBe(1 + named.filter((a) => a.memberPrice).length);
          else expect(named.every((a) => !a.memberPrice)).toBe(true);
        },
      ),
    );
  });
});

describe('householdAttendeesFitting (an admin corrects the numbers)', () => {
  const anAttendee: fc.Arbitrary<BookedAttendee> = fc.record({
    personId: fc.uuid(),
    name: fc.constantFrom<string>('Milly', 'Sam', 'Jo'),
    kind: fc.constantFrom('adult' as const, 'junior' as const),
    place: fc.constantFrom('adult' as const, 'child' as const),
    memberPrice: fc.boolean(),
  });

  it('keeps, in order, those the corrected numbers hold; all of them when they all fit', () => {
    fc.assert(
      fc.property(fc.array(anAttendee, { maxLength: 12 }), someCounts, (attendees, counts) => {
        const kept = householdAttendeesFitting(attendees, counts);
        expect(fits(kept, counts)).toBe(true);
        // An order-keeping selection of the named.
        let from = 0;
        for (const attendee of kept) {
          from = attendees.indexOf(attendee, from) + 1;
          expect(from).toBeGreaterThan(0);
        }
        if (fits(attendees, counts)) expect(kept).toEqual(attendees);
        // As many of each place as fit: none dropped while a place of its kind was left.
        const free = freeBesideLead(counts);
        for (const place of ['adult', 'child'] as const) {
          const room = place === 'adult' ? free.adults : free.children;
          expect(kept.filter((a) => a.place === place).length).toBe(Math.min(Math.max(room, 0), attendees.filter((a) => a.place === place).length));
        }
      }),
    );
  });
});
