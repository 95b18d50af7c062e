import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HouseholdPerson } from '../../../core/members/household';
import { countHouseholdAttendees, householdAgeGroup, HOUSEHOLD_ATTENDEE_MESSAGES } from '../../../core/members/household-attendees';

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

const aPerson = fc.record({ kind: fc.constantFrom('adult' as const, 'junior' as const), yearOfBirth: fc.option(fc.integer({ min: 1900, max: THIS_YEAR }), { nil: null }) });

describe('householdAgeGroup', () => {
  it('takes a child’s place exactly when 12 or under this year, whatever the kind, when the year is known', () => {
    fc.assert(
      fc.property(aPerson.filter((p) => p.yearOfBirth !== null), (p) => {
        expect(householdAgeGroup(p, THIS_YEAR)).toBe(THIS_YEAR - p.yearOfBirth! <= 12 ? 'child' : 'adult');
      }),
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
      fc.property(fc.array(aPerson, { maxLength: 12 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (people, extraAdults, extraChildren) => {
        const household = people.map((p, i) => person(`p${i}`, p.kind, p.yearOfBirth));
        const children = household.filter((p) => householdAgeGroup(p, THIS_YEAR) === 'child').length;
        const adults = household.length - children;
        const counts = { numberAttending: 1 + adults + extraAdults + children + extraChildren, numberOfChildren: children + extraChildren };
        const ids = household.map((p) => p.id);
        expect(countHouseholdAttendees([...ids, ...ids], household, counts, THIS_YEAR)).toEqual({ ok: true, value: { adults, children } });
      }),
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
    expect(countHouseholdAttendees(['sam'], household, { numberAttending: 1, numberOfChildren: 0 }, THIS_YEAR)).toMatchObject({ ok: false, field: 'numberAttending' });
    expect(countHouseholdAttendees(['milly'], household, { numberAttending: 2, numberOfChildren: 0 }, THIS_YEAR)).toMatchObject({ ok: false, field: 'numberAttending' });
    expect(countHouseholdAttendees(['milly'], household, { numberAttending: 2, numberOfChildren: 1 }, THIS_YEAR)).toEqual({ ok: true, value: { adults: 0, children: 1 } });
  });
});
