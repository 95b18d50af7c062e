import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingFormValues } from '../../../../core/bookings/booking';
import {
  BOOKING_MESSAGES,
  bookingFormTotal,
  parseCount,
  stripNonDigits,
  validateBookingForm,
  visibleBookingFields,
} from '../../../../core/bookings/booking-validation';
import { priceBooking, TEST_HOOK_ATTENDEES } from '../../../../core/bookings/pricing';
import { makeEvent } from '../../../support/unit/domain-fixtures';

const everyField = makeEvent({ offerChild: true, offerSoftDrinks: true, offerVeg: true, isBoatEvent: true });
const noExtras = makeEvent();
const options = { maxAttendees: 50, testHook: false };

function form(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    firstName: 'Ann',
    lastName: 'Sailor',
    numberAttending: '2',
    numberOfChildren: '',
    numberOfSoftDrinks: '',
    numberOfVegetarian: '',
    boatName: '',
    email: '',
    ...overrides,
  };
}

const name = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
const blank = fc.constantFrom('', ' ', '   ', '\t', '\n ');
/** A valid booking of the all-fields event, with counts typed as text or numbers. */
const validForm = fc
  .integer({ min: 1, max: 50 })
  .chain((attending) =>
    fc.record({
      firstName: name,
      lastName: name,
      attending: fc.constant(attending),
      children: fc.integer({ min: 0, max: attending }),
      drinks: fc.integer({ min: 0, max: attending }),
      veg: fc.integer({ min: 0, max: attending }),
      asText: fc.boolean(),
      boatName: fc.string({ maxLength: 20 }),
      email: fc.constantFrom('', 'ann@example.org', '  bob.smith@club.co.uk '),
    }),
  );

describe('booking validation properties', () => {
  it('stripping non-digits is idempotent and leaves only digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = stripNonDigits(text);
        expect(stripNonDigits(once)).toBe(once);
        expect(once).toMatch(/^[0-9]*$/);
      }),
    );
  });

  it('stripping keeps every digit in order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...'0123456789'), fc.constantFrom('a', '-', '.', ' ', '£', 'é'))), (chars) => {
        expect(stripNonDigits(chars.join(''))).toBe(chars.filter((c) => /[0-9]/.test(c)).join(''));
      }),
    );
  });

  it('a typed count reads as its digits, and empty reads as 0', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 100000 }),
        fc.string({ maxLength: 5 }).map((s) => s.replace(/[0-9]/g, '')),
        (n, junk) => {
          expect(parseCount(`${junk}${n}${junk}`)).toBe(n);
          expect(parseCount(junk)).toBe(0);
        },
      ),
    );
  });

  it('every valid form passes, with trimmed names and exact counts', () => {
    fc.assert(
      fc.property(validForm, (v) => {
        const c = (n: number) => (v.asText ? String(n) : n);
        const result = validateBookingForm(
          form({
            firstName: v.firstName,
            lastName: v.lastName,
            numberAttending: c(v.attending),
            numberOfChildren: c(v.children),
            numberOfSoftDrinks: c(v.drinks),
            numberOfVegetarian: c(v.veg),
            boatName: v.boatName,
            email: v.email,
          }),
          everyField,
          options,
        );
        expect(result).toEqual({
          ok: true,
          value: {
            firstName: v.firstName.trim(),
            lastName: v.lastName.trim(),
            numberAttending: v.attending,
            numberOfChildren: v.children,
            numberOfSoftDrinks: v.drinks,
            numberOfVegetarian: v.veg,
            boatName: v.boatName.trim() === '' ? null : v.boatName.trim(),
            userEmail: v.email.trim() === '' ? null : v.email.trim(),
          },
        });
      }),
    );
  });

  it('a blank first or last name fails with its exact message', () => {
    fc.assert(
      fc.property(blank, fc.boolean(), (b, first) => {
        const result = validateBookingForm(form(first ? { firstName: b } : { lastName: b }), noExtras, options);
        expect(result).toEqual({
          ok: false,
          errors: first ? { firstName: BOOKING_MESSAGES.firstNameRequired } : { lastName: BOOKING_MESSAGES.lastNameRequired },
        });
      }),
    );
  });

  it('fewer than one attendee fails with "Number of attendees must be at least 1"', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('', '0', '00', 'abc', '-0'), fc.integer({ min: -1000, max: 0 })), (attending) => {
        const result = validateBookingForm(form({ numberAttending: attending }), noExtras, options);
        expect(result).toEqual({ ok: false, errors: { numberAttending: 'Number of attendees must be at least 1' } });
      }),
    );
  });

  it('more attendees than the limit fails with the limit in the message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 51, max: 1_000_000 }), fc.boolean(), (attending, asText) => {
        const result = validateBookingForm(form({ numberAttending: asText ? String(attending) : attending }), noExtras, options);
        expect(result).toEqual({ ok: false, errors: { numberAttending: 'A booking can be for at most 50 attendees' } });
      }),
    );
  });

  it('a negative count fails with its exact message', () => {
    const cases = [
      ['numberOfChildren', 'Number of children cannot be negative.'],
      ['numberOfSoftDrinks', 'Number requiring soft drinks cannot be negative.'],
      ['numberOfVegetarian', 'Number of vegetarian meals cannot be negative.'],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.integer({ min: -1000, max: -1 }), ([field, message], n) => {
        const result = validateBookingForm(form({ [field]: n }), everyField, options);
        expect(result).toEqual({ ok: false, errors: { [field]: message } });
      }),
    );
  });

  it('a count above the attendees fails with both numbers in the message', () => {
    const cases = [
      ['numberOfChildren', (n: number, t: number) => `Number of children (${n}) cannot exceed total attendees (${t})`],
      ['numberOfSoftDrinks', (n: number, t: number) => `Number requiring soft drinks (${n}) cannot exceed total attendees (${t})`],
      ['numberOfVegetarian', (n: number, t: number) => `Number of vegetarian meals (${n}) cannot exceed total attendees (${t})`],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 100 }), ([field, message], total, extra) => {
        const result = validateBookingForm(form({ numberAttending: String(total), [field]: String(total + extra) }), everyField, options);
        expect(result).toEqual({ ok: false, errors: { [field]: message(total + extra, total) } });
      }),
    );
  });

  it('fields the event does not offer are ignored whatever they hold', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), fc.string(), (junk, boat) => {
        const result = validateBookingForm(
          form({ numberOfChildren: junk, numberOfSoftDrinks: junk, numberOfVegetarian: junk, boatName: boat }),
          noExtras,
          options,
        );
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.value.numberOfChildren).toBe(0);
          expect(result.value.numberOfSoftDrinks).toBe(0);
          expect(result.value.numberOfVegetarian).toBe(0);
          expect(result.value.boatName).toBeNull();
        }
      }),
    );
  });
});

describe('booking validation examples', () => {
  it('keeps the spec messages word for word', () => {
    expect(BOOKING_MESSAGES.attendeesMin).toBe('Number of attendees must be at least 1');
    expect(BOOKING_MESSAGES.childrenNegative).toBe('Number of children cannot be negative.');
    expect(BOOKING_MESSAGES.softDrinksNegative).toBe('Number requiring soft drinks cannot be negative.');
    expect(BOOKING_MESSAGES.vegetarianNegative).toBe('Number of vegetarian meals cannot be negative.');
    expect(BOOKING_MESSAGES.childrenExceed(3, 2)).toBe('Number of children (3) cannot exceed total attendees (2)');
    expect(BOOKING_MESSAGES.softDrinksExceed(3, 2)).toBe('Number requiring soft drinks (3) cannot exceed total attendees (2)');
    expect(BOOKING_MESSAGES.vegetarianExceed(3, 2)).toBe('Number of vegetarian meals (3) cannot exceed total attendees (2)');
    expect(BOOKING_MESSAGES.submitFailed).toBe('Failed to submit booking. Please try again.');
  });

  it('strips what is not a digit, as the number fields do', () => {
    expect(stripNonDigits('1a2-3.4 5')).toBe('12345');
    expect(parseCount('-3')).toBe(3);
    expect(parseCount('')).toBe(0);
    expect(parseCount(-3)).toBe(-3);
  });

  it('shows the optional fields per event flag', () => {
    expect(visibleBookingFields(makeEvent({ offerChild: true, isBoatEvent: true }))).toEqual({
      children: true,
      softDrinks: false,
      vegetarian: false,
      boatName: true,
    });
  });

  it('refuses a malformed e-mail but accepts none', () => {
    expect(validateBookingForm(form({ email: 'not-an-email' }), noExtras, options)).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
    const ok = validateBookingForm(form({ email: '   ' }), noExtras, options);
    expect(ok.ok && ok.value.userEmail).toBeNull();
  });

  it('lets the test hook count through only when the hook is on', () => {
    const hook = form({ numberAttending: String(TEST_HOOK_ATTENDEES) });
    expect(validateBookingForm(hook, noExtras, { maxAttendees: 50, testHook: true }).ok).toBe(true);
    expect(validateBookingForm(hook, noExtras, options)).toEqual({ ok: false, errors: { numberAttending: 'A booking can be for at most 50 attendees' } });
  });

  it('refuses fractional or non-finite counts from API clients', () => {
    const cases: [field: keyof BookingFormValues, value: number, extras: typeof noExtras][] = [
      ['numberAttending', 2.5, noExtras],
      ['numberAttending', Number.NaN, noExtras],
      ['numberOfChildren', 0.5, everyField],
      ['numberOfVegetarian', Number.POSITIVE_INFINITY, everyField],
    ];
    for (const [field, value, extras] of cases) {
      expect(validateBookingForm(form({ [field]: value }), extras, options)).toEqual({ ok: false, errors: { [field]: 'Counts must be whole numbers' } });
    }
  });

  it('reports every problem of a form at once', () => {
    const result = validateBookingForm(form({ firstName: '', lastName: ' ', numberAttending: '0', email: 'x@' }), everyField, options);
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        numberAttending: 'Number of attendees must be at least 1',
        email: 'Please enter a valid email address',
      },
    });
  });
});

describe('the total beside the price', () => {
  const paidEvent = makeEvent({ offerChild: true, requiresPayment: true, price: 1500 });
  const digits = fc.oneof(fc.integer({ min: 0, max: 80 }).map(String), fc.constant(''), fc.constant(String(TEST_HOOK_ATTENDEES)), fc.constant('123456789012'));

  it('is shown only while attendees and children are valid, and is then what the server charges', () => {
    fc.assert(
      fc.property(digits, digits, (attending, children) => {
        const values = form({ numberAttending: attending, numberOfChildren: children });
        const checked = validateBookingForm(values, paidEvent, options);
        const countsValid = checked.ok || (checked.errors.numberAttending === undefined && checked.errors.numberOfChildren === undefined);
        const total = bookingFormTotal(values, paidEvent, options);
        expect(total === null).toBe(!countsValid);
        if (total !== null) expect(total).toBe(priceBooking(paidEvent, { numberAttending: parseCount(attending), numberOfChildren: parseCount(children) }));
      }),
    );
  });

  it('shows none for a count over the per-booking limit (the spec’s £1 count included, outside test mode)', () => {
    expect(bookingFormTotal(form({ numberAttending: String(TEST_HOOK_ATTENDEES) }), paidEvent, options)).toBeNull();
    expect(bookingFormTotal(form({ numberAttending: '51' }), paidEvent, options)).toBeNull();
    expect(bookingFormTotal(form({ numberAttending: '3', numberOfChildren: '4' }), paidEvent, options)).toBeNull();
    expect(bookingFormTotal(form({ numberAttending: '3', numberOfChildren: '1' }), paidEvent, options)).toBe(2 * 1500 + 750);
    // A name still missing does not hide the total: only the counts set it.
    expect(bookingFormTotal(form({ firstName: '', numberAttending: '2' }), paidEvent, options)).toBe(3000);
  });
});
