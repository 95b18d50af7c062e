import { z } from 'zod';
import { formCheck } from '../shared/form-check';
import type { BookingFormValues, ValidBooking } from './booking';
import type { ClubEvent } from '../events/event';
import { priceBooking, TEST_HOOK_ATTENDEES } from './pricing';

/** Messages of the booking form; the spec's are kept word for word. */
export const BOOKING_MESSAGES = {
  attendeesMin: 'Number of attendees must be at least 1',
  childrenNegative: 'Number of children cannot be negative.',
  softDrinksNegative: 'Number requiring soft drinks cannot be negative.',
  vegetarianNegative: 'Number of vegetarian meals cannot be negative.',
  childrenExceed: (n: number, total: number) => `Number of children (${n}) cannot exceed total attendees (${total})`,
  softDrinksExceed: (n: number, total: number) => `Number requiring soft drinks (${n}) cannot exceed total attendees (${total})`,
  vegetarianExceed: (n: number, total: number) => `Number of vegetarian meals (${n}) cannot exceed total attendees (${total})`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  tooMany: (max: number) => `A booking can be for at most ${max} attendees`,
  emailInvalid: 'Please enter a valid email address',
  /** Beyond the spec: only an API client can send a count like 2.5, the form cannot. */
  countNotWhole: 'Counts must be whole numbers',
  submitFailed: 'Failed to submit booking. Please try again.',
} as const;

export function stripNonDigits(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/**
 * A count as the form gives it: text loses every non-digit and empty reads as 0. Numbers (from
 * API clients) are kept as they are, so that a negative or fractional count is reported rather
 * than silently repaired.
 */
export function parseCount(value: string | number): number {
  if (typeof value === 'number') return value;
  const digits = stripNonDigits(value);
  return digits === '' ? 0 : Number(digits);
}

export function visibleBookingFields(event: Pick<ClubEvent, 'offerChild' | 'offerSoftDrinks' | 'offerVeg' | 'isBoatEvent'>): {
  children: boolean;
  softDrinks: boolean;
  vegetarian: boolean;
  boatName: boolean;
} {
  return { children: event.offerChild, softDrinks: event.offerSoftDrinks, vegetarian: event.offerVeg, boatName: event.isBoatEvent };
}

export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;
export type BookingValidationResult = { ok: true; value: ValidBooking } | { ok: false; errors: BookingFormErrors };

/** An e-mail address as every form takes it (bookings, waiting lists, work-day sign-ups). */
export const emailSchema = z.email();

type CountField = 'numberOfChildren' | 'numberOfSoftDrinks' | 'numberOfVegetarian';
const COUNT_RULES: { field: CountField; visible: 'children' | 'softDrinks' | 'vegetarian'; negative: string; exceed: (n: number, total: number) => string }[] =
  [
    { field: 'numberOfChildren', visible: 'children', negative: BOOKING_MESSAGES.childrenNegative, exceed: BOOKING_MESSAGES.childrenExceed },
    { field: 'numberOfSoftDrinks', visible: 'softDrinks', negative: BOOKING_MESSAGES.softDrinksNegative, exceed: BOOKING_MESSAGES.softDrinksExceed },
    { field: 'numberOfVegetarian', visible: 'vegetarian', negative: BOOKING_MESSAGES.vegetarianNegative, exceed: BOOKING_MESSAGES.vegetarianExceed },
  ];

/**
 * Checks a booking form against the event, the way both the browser and the server do.
 * Fields the event does not offer are ignored whatever they hold (a hidden field cannot block
 * a booking) and read as 0 / null. "Exceeds attendees" is only judged once the attendee count
 * itself is valid, so a member sees one message about attendees, not a cascade.
 */
export function validateBookingForm(
  values: BookingFormValues,
  event: ClubEvent,
  options: { maxAttendees: number; testHook: boolean },
): BookingValidationResult {
  const errors: BookingFormErrors = {};
  const visible = visibleBookingFields(event);

  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (firstName === '') errors.firstName = BOOKING_MESSAGES.firstNameRequired;
  if (lastName === '') errors.lastName = BOOKING_MESSAGES.lastNameRequired;

  const attending = parseCount(values.numberAttending);
  const isHook = options.testHook && attending === TEST_HOOK_ATTENDEES;
  let attendingValid = false;
  if (!Number.isFinite(attending)) {
    errors.numberAttending = BOOKING_MESSAGES.countNotWhole;
  } else if (attending < 1) {
    errors.numberAttending = BOOKING_MESSAGES.attendeesMin;
  } else if (!Number.isInteger(attending)) {
    errors.numberAttending = BOOKING_MESSAGES.countNotWhole;
  } else if (attending > options.maxAttendees && !isHook) {
    errors.numberAttending = BOOKING_MESSAGES.tooMany(options.maxAttendees);
  } else {
    attendingValid = true;
  }

  const counts: Record<CountField, number> = { numberOfChildren: 0, numberOfSoftDrinks: 0, numberOfVegetarian: 0 };
  for (const rule of COUNT_RULES) {
    if (!visible[rule.visible]) continue;
    const n = parseCount(values[rule.field]);
    if (!Number.isFinite(n)) {
      errors[rule.field] = BOOKING_MESSAGES.countNotWhole;
    } else if (n < 0) {
      errors[rule.field] = rule.negative;
    } else if (!Number.isInteger(n)) {
      errors[rule.field] = BOOKING_MESSAGES.countNotWhole;
    } else if (attendingValid && n > attending) {
      errors[rule.field] = rule.exceed(n, attending);
    } else {
      counts[rule.field] = n;
    }
  }

  const email = values.email.trim();
  if (email !== '' && !emailSchema.safeParse(email).success) errors.email = BOOKING_MESSAGES.emailInvalid;

  const boatName = visible.boatName ? values.boatName.trim() : '';

  return formCheck(errors, () => ({
    firstName,
    lastName,
    numberAttending: attending,
    numberOfChildren: counts.numberOfChildren,
    numberOfSoftDrinks: counts.numberOfSoftDrinks,
    numberOfVegetarian: counts.numberOfVegetarian,
    boatName: boatName === '' ? null : boatName,
    userEmail: email === '' ? null : email,
  }));
}

/**
 * The counts that set a booking form's price (attendees; children where the event asks), or null
 * while they break a rule, so that no total stands beside a message saying the count is refused.
 */
export function bookingFormCounts(
  values: BookingFormValues,
  event: ClubEvent,
  options: { maxAttendees: number; testHook: boolean },
): { numberAttending: number; numberOfChildren: number } | null {
  const checked = validateBookingForm(values, event, options);
  if (!checked.ok && (checked.errors.numberAttending !== undefined || checked.errors.numberOfChildren !== undefined)) return null;
  const children = visibleBookingFields(event).children ? parseCount(values.numberOfChildren) : 0;
  return { numberAttending: parseCount(values.numberAttending), numberOfChildren: children };
}

/**
 * The standard-price total of a booking form: what the server charges for these counts without
 * a signed-in member (core/bookings/booking-quote.ts prices a member's), or null as bookingFormCounts.
 */
export function bookingFormTotal(values: BookingFormValues, event: ClubEvent, options: { maxAttendees: number; testHook: boolean }): number | null {
  const counts = bookingFormCounts(values, event, options);
  return counts === null ? null : priceBooking(event, counts, { testHook: options.testHook });
}
