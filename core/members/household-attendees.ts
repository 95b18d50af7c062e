import type { DependantAttendees } from '../bookings/booking-price';
import { HOUSEHOLD_MESSAGES, type HouseholdPerson } from './household';

/** The age of the child price (docs/payments.md): 12 or under. */
export const CHILD_PRICE_MAX_AGE = 12;

export const HOUSEHOLD_ATTENDEE_MESSAGES = {
  notInHousehold: HOUSEHOLD_MESSAGES.notFound,
  notCounted: 'Count the household people you ticked in the numbers attending',
} as const;

/**
 * Whether a household person takes a child's place or an adult's (docs/my-club.md#booking-as-a-member).
 * The year of birth decides when given (12 or under this London year: a child); without one the kind
 * does (a junior takes a child's place). "Junior" alone is a membership type, so the year wins.
 */
export function householdAgeGroup(person: Pick<HouseholdPerson, 'kind' | 'yearOfBirth'>, thisYear: number): 'adult' | 'child' {
  if (person.yearOfBirth !== null) return thisYear - person.yearOfBirth <= CHILD_PRICE_MAX_AGE ? 'child' : 'adult';
  return person.kind === 'junior' ? 'child' : 'adult';
}

/**
 * The dependants a signed-in member names as attendees, counted as adults and children; or the
 * refusal. Each id must be a person of the member's own household (another member's person is
 * refused as one that does not exist); repeats count once. The member takes the lead place (an
 * adult's when the booking has adults), so the people ticked must fit in the other places.
 */
export function countHouseholdAttendees(
  ids: readonly string[],
  household: readonly HouseholdPerson[],
  counts: { numberAttending: number; numberOfChildren: number },
  thisYear: number,
): { ok: true; value: DependantAttendees } | { ok: false; field: 'householdAttendees' | 'numberAttending'; error: string } {
  const byId = new Map(household.map((person) => [person.id, person]));
  const dependants = { adults: 0, children: 0 };
  for (const id of new Set(ids)) {
    const person = byId.get(id);
    if (!person) return { ok: false, field: 'householdAttendees', error: HOUSEHOLD_ATTENDEE_MESSAGES.notInHousehold };
    if (householdAgeGroup(person, thisYear) === 'child') dependants.children += 1;
    else dependants.adults += 1;
  }
  const adults = counts.numberAttending - counts.numberOfChildren;
  const leadIsAdult = adults > 0;
  const freeAdults = adults - (leadIsAdult ? 1 : 0);
  const freeChildren = counts.numberOfChildren - (leadIsAdult ? 0 : 1);
  if (dependants.adults > freeAdults || dependants.children > freeChildren) {
    return { ok: false, field: 'numberAttending', error: HOUSEHOLD_ATTENDEE_MESSAGES.notCounted };
  }
  return { ok: true, value: dependants };
}
