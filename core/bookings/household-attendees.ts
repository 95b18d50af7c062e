import type { BookedAttendee } from './booking';
import type { DependantAttendees, PriceKind } from './booking-price';
import { HOUSEHOLD_MESSAGES, type BookingHousehold, type HouseholdPerson } from '../members/household';

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
): { ok: true; value: DependantAttendees; people: HouseholdPerson[] } | { ok: false; field: 'householdAttendees' | 'numberAttending'; error: string } {
  const byId = new Map(household.map((person) => [person.id, person]));
  const dependants = { adults: 0, children: 0 };
  const people: HouseholdPerson[] = [];
  for (const id of new Set(ids)) {
    const person = byId.get(id);
    if (!person) return { ok: false, field: 'householdAttendees', error: HOUSEHOLD_ATTENDEE_MESSAGES.notInHousehold };
    if (householdAgeGroup(person, thisYear) === 'child') dependants.children += 1;
    else dependants.adults += 1;
    people.push(person);
  }
  const free = freePlaces(counts);
  if (dependants.adults > free.adults || dependants.children > free.children) {
    return { ok: false, field: 'numberAttending', error: HOUSEHOLD_ATTENDEE_MESSAGES.notCounted };
  }
  return { ok: true, value: dependants, people };
}

/**
 * The household people named as attendees, counted for decideBookingPrice: the dependants by the
 * places they take, and apart from them the other members whose membership is current (a lapsed
 * one pays as a guest). Refused as countHouseholdAttendees refuses. SubmitBooking and the booking
 * form's total both count with it, so the form shows what the server charges.
 */
export function householdPricePlaces(
  ids: readonly string[],
  household: BookingHousehold,
  counts: { numberAttending: number; numberOfChildren: number },
  thisYear: number,
):
  | { ok: true; people: HouseholdPerson[]; dependants: DependantAttendees; otherMembers: DependantAttendees }
  | { ok: false; field: 'householdAttendees' | 'numberAttending'; error: string } {
  const counted = countHouseholdAttendees(ids, household.attendable, counts, thisYear);
  if (!counted.ok) return counted;
  return {
    ok: true,
    people: counted.people,
    dependants: attendeePlaces(
      counted.people.filter((p) => !household.memberIds.has(p.id)),
      thisYear,
    ),
    otherMembers: attendeePlaces(
      counted.people.filter((p) => household.currentMemberIds.has(p.id)),
      thisYear,
    ),
  };
}

/** The places of a booking left besides the lead's (an adult's when it has adults, else a child's). */
function freePlaces(counts: { numberAttending: number; numberOfChildren: number }): { adults: number; children: number } {
  const adults = counts.numberAttending - counts.numberOfChildren;
  const leadIsAdult = adults > 0;
  return { adults: adults - (leadIsAdult ? 1 : 0), children: counts.numberOfChildren - (leadIsAdult ? 0 : 1) };
}

/**
 * The named attendees a booking stores (docs/my-club.md#named-attendees): each person counted by
 * countHouseholdAttendees as they are now (a snapshot: later changes to the household do not reach
 * the booking), with the place they took and whether it was charged the member price. The price
 * rule charges every counted dependant the member price or none of them (decideBookingPrice), so
 * the booking's price kind says which.
 */
export function bookedHouseholdAttendees(
  people: readonly HouseholdPerson[],
  thisYear: number,
  priceKind: PriceKind,
  /** Whether this person's place may take the member price (a member of the household: their own membership current). */
  mayTakeMemberPrice: (person: HouseholdPerson) => boolean = () => true,
): BookedAttendee[] {
  return people.map((person) => ({
    personId: person.id,
    name: person.name.slice(0, 100),
    kind: person.kind,
    place: householdAgeGroup(person, thisYear),
    memberPrice: priceKind === 'member' && mayTakeMemberPrice(person),
  }));
}

/** The places of `people` counted as adults and children, as householdAgeGroup decides. */
export function attendeePlaces(people: readonly HouseholdPerson[], thisYear: number): DependantAttendees {
  const places = { adults: 0, children: 0 };
  for (const person of people) {
    if (householdAgeGroup(person, thisYear) === 'child') places.children += 1;
    else places.adults += 1;
  }
  return places;
}

/**
 * The named attendees that still fit in a booking's numbers once an admin corrected them: in the
 * order named, each adult while adult places besides the lead's remain, each child while child
 * places do; the others are no longer named (they still may come, as guests the numbers count).
 * Attendees that all fit are kept as they are.
 */
export function householdAttendeesFitting(
  attendees: readonly BookedAttendee[],
  counts: { numberAttending: number; numberOfChildren: number },
): BookedAttendee[] {
  const free = freePlaces(counts);
  return attendees.filter((attendee) => {
    const left = attendee.place === 'child' ? 'children' : 'adults';
    if (free[left] <= 0) return false;
    free[left] -= 1;
    return true;
  });
}
