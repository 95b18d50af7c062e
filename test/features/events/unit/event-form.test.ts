import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventSchema } from '../../../../core/events/event';
import { MAX_PAYMENT_AMOUNT } from '../../../../core/shared/money';
import {
  maxEventPrice,
  BOOKING_END_HINT,
  EVENT_FORM_MESSAGES,
  EventFormValuesSchema,
  emptyEventForm,
  eventToFormValues,
  validateEventForm,
  capacityRefusal,
  type EventFormValues,
} from '../../../../core/events/event-form';
import { makeEvent, minuteInstant } from '../../../support/unit/domain-fixtures';

function form(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return { ...emptyEventForm(), name: 'Summer Regatta', eventdatetime: '2026-06-06T10:00', ...overrides };
}

/** Not in the repeated autumn hour, whose wall-clock text names two instants. */
function unambiguous(d: Date): boolean {
  const wall = (x: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' }).format(x);
  return wall(new Date(d.getTime() - 3_600_000)) !== wall(d) && wall(new Date(d.getTime() + 3_600_000)) !== wall(d);
}

const storedEvent = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() === s && s !== ''),
    start: minuteInstant.filter(unambiguous),
    length: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    deadline: fc.option(minuteInstant.filter(unambiguous), { nil: null }),
    requiresPayment: fc.boolean(),
    // Up to the cap for the default 50 attendees (above it the form refuses the price; tested below).
    price: fc.integer({ min: 0, max: 2_000_000 }),
    currency: fc.constantFrom('GBP', 'EUR', 'USD') as fc.Arbitrary<'GBP' | 'EUR' | 'USD'>,
    capacity: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    // The member price as a share of the price (never above it); none on a free event.
    memberShare: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    flags: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  })
  .filter((r) => r.length === null || unambiguous(new Date(r.start.getTime() + r.length * 60_000)))
  .map((r) =>
    makeEvent({
      name: r.name,
      description: 'Short',
      longdescription: 'Long',
      eventdatetime: r.start.toISOString(),
      eventenddatetime: r.length === null ? null : new Date(r.start.getTime() + r.length * 60_000).toISOString(),
      bookingEndDate: r.deadline?.toISOString() ?? null,
      requiresPayment: r.requiresPayment,
      price: r.requiresPayment ? r.price : 0,
      memberPrice: r.requiresPayment && r.memberShare !== null ? Math.floor((r.price * r.memberShare) / 100) : null,
      currency: r.currency,
      capacity: r.capacity,
      allowBooking: r.flags[0],
      isBoatEvent: r.flags[1],
      offerChild: r.flags[2],
      offerSoftDrinks: r.flags[3],
      offerVeg: r.flags[4],
      remindersOff: r.flags[6],
    }),
  );

describe('event form properties', () => {
  it('a stored event, opened in the form and saved unchanged, keeps every field', () => {
    fc.assert(
      fc.property(storedEvent, (event) => {
        const result = validateEventForm(eventToFormValues(event));
        // The server's own fields (id, times, calendar revision, cancellation) are not the form's.
        const { id: _id, createdAt: _c, updatedAt: _u, sequence: _s, cancelledAt: _ca, cancelReason: _cr, ...fields } = event;
        expect(result).toEqual({ ok: true, value: fields });
        expect(eventToFormValues(event).sendReminders).toBe(!event.remindersOff);
      }),
    );
  });

  it('whatever the form holds, a valid result is a storable event', () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('2026-06-06T10:00', '12.50', 'GBP', 'EUR', '7', ''));
    fc.assert(
      fc.property(
        fc.record({
          name: text,
          eventdatetime: text,
          eventenddatetime: text,
          bookingEndDate: text,
          price: text,
          currency: text,
          capacity: text,
          requiresPayment: fc.boolean(),
        }),
        (values) => {
          const result = validateEventForm(form(values));
          if (result.ok) {
            const stored = EventSchema.safeParse({ ...result.value, id: 'e', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
            expect(stored.success).toBe(true);
          } else {
            expect(Object.keys(result.errors).length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('each invalid price fails with its exact message, and a free event ignores the price field', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== '' && !/^\d{1,13}(\.\d{1,2})?$/.test(s.trim())),
        (price) => {
          expect(validateEventForm(form({ requiresPayment: true, price }))).toEqual({
            ok: false,
            errors: { price: 'Price must be 0 or more, in steps of 0.01' },
          });
          const free = validateEventForm(form({ requiresPayment: false, price }));
          expect(free.ok && free.value.price).toBe(0);
        },
      ),
    );
  });

  it('takes a member price at or below the price, refuses one above it or not an amount, and drops it on a free event', () => {
    const paid = (memberPrice: string) => validateEventForm(form({ requiresPayment: true, price: '15', memberPrice }));
    expect(paid('10.50')).toMatchObject({ ok: true, value: { price: 1500, memberPrice: 1050 } });
    expect(paid('15.00')).toMatchObject({ ok: true, value: { memberPrice: 1500 } });
    expect(paid('0')).toMatchObject({ ok: true, value: { memberPrice: 0 } });
    expect(paid('  ')).toMatchObject({ ok: true, value: { memberPrice: null } });
    expect(paid('15.01')).toEqual({ ok: false, errors: { memberPrice: 'Member price must not be more than the price' } });
    expect(paid('ten')).toEqual({ ok: false, errors: { memberPrice: 'Member price must be 0 or more, in steps of 0.01' } });
    expect(validateEventForm(form({ requiresPayment: false, price: '15', memberPrice: '99' }))).toMatchObject({
      ok: true,
      value: { price: 0, memberPrice: null },
    });
  });

  it('an end not after the start fails with "End must be after the start"', () => {
    fc.assert(
      fc.property(minuteInstant.filter(unambiguous), fc.integer({ min: 0, max: 10_000 }), (start, back) => {
        const wall = (d: Date) =>
          new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' }).format(d).replace(' ', 'T');
        const end = new Date(start.getTime() - back * 60_000);
        fc.pre(unambiguous(end));
        expect(validateEventForm(form({ eventdatetime: wall(start), eventenddatetime: wall(end) }))).toEqual({
          ok: false,
          errors: { eventenddatetime: 'End must be after the start' },
        });
      }),
    );
  });
});

describe('event form examples', () => {
  it('turns London wall-clock times into instants and the price into pence', () => {
    const result = validateEventForm(
      form({
        name: '  Summer Regatta ',
        eventdatetime: '2026-06-06T10:00',
        eventenddatetime: '2026-06-06T16:00',
        bookingEndDate: '2026-06-01T23:59',
        requiresPayment: true,
        price: '12.5',
        currency: 'EUR',
        capacity: '40',
      }),
    );
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Summer Regatta',
        eventdatetime: '2026-06-06T09:00:00.000Z',
        eventenddatetime: '2026-06-06T15:00:00.000Z',
        bookingEndDate: '2026-06-01T22:59:00.000Z',
        price: 1250,
        currency: 'EUR',
        capacity: 40,
      }),
    });
  });

  it('gives each required-field message', () => {
    expect(validateEventForm(form({ name: '  ', eventdatetime: '' }))).toEqual({
      ok: false,
      errors: { name: 'Event name is required', eventdatetime: 'Start date and time is required' },
    });
    expect(validateEventForm(form({ requiresPayment: true, price: ' ' }))).toEqual({
      ok: false,
      errors: { price: 'Price is required when payment is required' },
    });
  });

  it('gives each format message', () => {
    expect(validateEventForm(form({ eventdatetime: '2026-02-30T10:00', eventenddatetime: 'soon', bookingEndDate: 'x' }))).toEqual({
      ok: false,
      errors: { eventdatetime: 'Enter a valid date and time', eventenddatetime: 'Enter a valid date and time', bookingEndDate: 'Enter a valid date and time' },
    });
    expect(validateEventForm(form({ currency: 'JPY' }))).toEqual({ ok: false, errors: { currency: 'Currency must be GBP, EUR or USD' } });
    for (const capacity of ['0', '-3', '2.5', 'ten', '9999999999']) {
      expect(validateEventForm(form({ capacity }))).toEqual({ ok: false, errors: { capacity: 'Capacity must be a whole number of at least 1' } });
    }
  });

  it('refuses texts longer than the stored event allows', () => {
    expect(validateEventForm(form({ name: 'x'.repeat(201) }))).toEqual({ ok: false, errors: { name: 'Event name must be at most 200 characters' } });
    expect(validateEventForm(form({ description: 'x'.repeat(2001) }))).toEqual({
      ok: false,
      errors: { description: 'Short description must be at most 2000 characters' },
    });
    expect(validateEventForm(form({ longdescription: 'x'.repeat(20001) }))).toEqual({
      ok: false,
      errors: { longdescription: 'Long description must be at most 20000 characters' },
    });
  });

  it('reads an empty currency as GBP and an empty capacity as no limit', () => {
    const result = validateEventForm(form({ currency: '', capacity: '' }));
    expect(result.ok && [result.value.currency, result.value.capacity]).toEqual(['GBP', null]);
  });

  it('accepts a price of 0 for a paid event, as the spec allows', () => {
    const result = validateEventForm(form({ requiresPayment: true, price: '0' }));
    expect(result.ok && result.value.price).toBe(0);
  });

  it('opens a stored event with London times, decimal price and text capacity', () => {
    const values = eventToFormValues(
      makeEvent({ eventdatetime: '2026-01-10T09:00:00.000Z', eventenddatetime: null, requiresPayment: true, price: 1250, capacity: 30 }),
    );
    expect(values).toMatchObject({ eventdatetime: '2026-01-10T09:00', eventenddatetime: '', price: '12.50', capacity: '30' });
    expect(eventToFormValues(makeEvent({ requiresPayment: false, price: 0 })).price).toBe('');
  });

  it('starts a new event empty, in pounds, not yet bookable', () => {
    expect(emptyEventForm()).toMatchObject({ name: '', eventdatetime: '', currency: 'GBP', allowBooking: false, requiresPayment: false, sendReminders: true });
    expect(EventFormValuesSchema.parse({})).toEqual(emptyEventForm());
    expect(BOOKING_END_HINT).toBe('After the booking end date users cannot book this event.');
    expect(EVENT_FORM_MESSAGES.priceInvalid).toBe('Price must be 0 or more, in steps of 0.01');
  });
});

describe('event price cap', () => {
  it('keeps the largest booking of any accepted price within one payment, and refuses a price above the cap', () => {
    expect(maxEventPrice(50)).toBe(2_000_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 1_000_000_000 }), (maxAttendees, pence) => {
        const price = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
        const checked = validateEventForm(form({ requiresPayment: true, price }), { maxAttendees });
        if (checked.ok) {
          expect(checked.value.price * maxAttendees).toBeLessThanOrEqual(MAX_PAYMENT_AMOUNT);
        } else {
          expect(pence).toBeGreaterThan(maxEventPrice(maxAttendees));
          expect(checked.errors.price).toBe(EVENT_FORM_MESSAGES.priceTooHigh(maxEventPrice(maxAttendees)));
        }
      }),
      { numRuns: 300 },
    );
    expect(validateEventForm(form({ requiresPayment: true, price: '20000.01' })).ok).toBe(false);
    expect(validateEventForm(form({ requiresPayment: true, price: '20000.00' })).ok).toBe(true);
    expect(EVENT_FORM_MESSAGES.priceTooHigh(2_000_000)).toBe('Price must be at most 20000.00, so that the largest booking can be paid in one payment');
  });
});

describe('capacity against the places already taken', () => {
  it('refuses a capacity below the places taken, naming them, and accepts anything from them up or no limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 500 }), (capacity, taken) => {
        const checked = validateEventForm(form({ capacity: String(capacity) }), { maxAttendees: 50, placesTaken: taken });
        if (capacity < taken) {
          expect(checked).toEqual({ ok: false, errors: { capacity: EVENT_FORM_MESSAGES.capacityBelowTaken(taken) } });
          expect(capacityRefusal(capacity, taken)).toBe(EVENT_FORM_MESSAGES.capacityBelowTaken(taken));
        } else {
          expect(checked.ok).toBe(true);
          expect(capacityRefusal(capacity, taken)).toBeNull();
        }
        // No capacity is no limit, however many places are taken.
        expect(validateEventForm(form({ capacity: '' }), { maxAttendees: 50, placesTaken: taken }).ok).toBe(true);
      }),
    );
    expect(EVENT_FORM_MESSAGES.capacityBelowTaken(8)).toBe('8 places are already taken: capacity cannot be less than 8.');
    expect(EVENT_FORM_MESSAGES.capacityBelowTaken(1)).toBe('1 place is already taken: capacity cannot be less than 1.');
  });
});
