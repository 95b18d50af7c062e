import { ValidationError } from '../shared/errors';
import { z } from 'zod';
import type { ClubEvent, EventFields } from './event';
import { CURRENCIES, MAX_PAYMENT_AMOUNT, type Currency } from '../shared/money';
import { instantToLondonWallClock } from '../shared/date-text';
import { wallClockToInstant } from '../shared/london-time';
import { minorToDecimalText, parseMoneyInput } from '../shared/money';

/**
 * The admin event form as the browser sends it: date-times as London wall-clock text
 * ('YYYY-MM-DDTHH:mm', empty for none), price as decimal text, capacity as text. Strings are
 * only bounded here (to refuse absurd payloads); validateEventForm gives the friendly messages.
 */
export const EventFormValuesSchema = z.object({
  name: z.string().max(1000).default(''),
  description: z.string().max(10000).default(''),
  longdescription: z.string().max(100000).default(''),
  eventdatetime: z.string().max(100).default(''),
  eventenddatetime: z.string().max(100).default(''),
  bookingEndDate: z.string().max(100).default(''),
  allowBooking: z.boolean().default(false),
  isBoatEvent: z.boolean().default(false),
  offerChild: z.boolean().default(false),
  offerSoftDrinks: z.boolean().default(false),
  offerVeg: z.boolean().default(false),
  requiresPayment: z.boolean().default(false),
  price: z.string().max(100).default(''),
  /** Empty for no member price (docs/payments.md#member-prices). */
  memberPrice: z.string().max(100).default(''),
  currency: z.string().max(10).default('GBP'),
  capacity: z.string().max(100).default(''),
  /** Reminder e-mails before the event (core/reminders/reminders.ts); on unless unticked. */
  sendReminders: z.boolean().default(true),
});
export type EventFormValues = z.infer<typeof EventFormValuesSchema>;

export const EVENT_FORM_MESSAGES = {
  nameRequired: 'Event name is required',
  startRequired: 'Start date and time is required',
  dateInvalid: 'Enter a valid date and time',
  endBeforeStart: 'End must be after the start',
  priceRequired: 'Price is required when payment is required',
  priceInvalid: 'Price must be 0 or more, in steps of 0.01',
  priceTooHigh: (max: number) => `Price must be at most ${minorToDecimalText(max)}, so that the largest booking can be paid in one payment`,
  memberPriceInvalid: 'Member price must be 0 or more, in steps of 0.01',
  memberPriceAbovePrice: 'Member price must not be more than the price',
  currencyInvalid: 'Currency must be GBP, EUR or USD',
  currencyNotTaken: (taken: Currency) =>
    `Card payments can only be taken in ${taken} (the currency of the club's card payment account): choose ${taken}, or turn off payment for this event`,
  capacityInvalid: 'Capacity must be a whole number of at least 1',
  capacityBelowTaken: (taken: number) => `${taken === 1 ? '1 place is' : `${taken} places are`} already taken: capacity cannot be less than ${taken}.`,
  nameTooLong: 'Event name must be at most 200 characters',
  descriptionTooLong: 'Short description must be at most 2000 characters',
  longDescriptionTooLong: 'Long description must be at most 20000 characters',
} as const;

export const BOOKING_END_HINT = 'After the booking end date users cannot book this event.';

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

/** Limits of the stored event (core/events/event.ts). */
const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const LONG_DESCRIPTION_MAX = 20000;

function optionalInstant(text: string): { ok: true; value: string | null } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  const d = wallClockToInstant(text);
  return d === null ? { ok: false } : { ok: true, value: d.toISOString() };
}

/**
 * Checks the admin form and turns it into stored event fields: wall-clock times become
 * instants, the price minor units. A free event is stored at price 0 whatever the (hidden)
 * price field holds, so a leftover value there can neither block saving nor be charged later.
 * An empty currency means the default, GBP.
 */
/** MAX_ATTENDEES_PER_BOOKING's default; the server passes the configured value. */
export const DEFAULT_MAX_ATTENDEES = 50;

/**
 * The highest price per adult an event may have, so that the largest booking (`maxAttendees`
 * adults) stays within what one payment may charge: a booking is never refused at checkout.
 */
export function maxEventPrice(maxAttendees: number): number {
  return Math.floor(MAX_PAYMENT_AMOUNT / Math.max(1, maxAttendees));
}

/**
 * Why an event may not have this capacity while its bookings take `placesTaken` places, or null
 * when it may: a capacity below the places taken would leave it overfull (no capacity is no limit).
 */
export function capacityRefusal(capacity: number | null, placesTaken: number): string | null {
  if (capacity === null || capacity >= placesTaken) return null;
  return EVENT_FORM_MESSAGES.capacityBelowTaken(placesTaken);
}

/**
 * Throws the refusal of capacityRefusal as a 400 on the field `capacity`: what the storages call in
 * the atomic step that writes an event's new capacity (EventRepository.update with `placesAt`).
 */
export function requireCapacityFits(capacity: number | null, placesTaken: number): void {
  const refusal = capacityRefusal(capacity, placesTaken);
  if (refusal !== null) throw new ValidationError(refusal, { capacity: refusal });
}

export function validateEventForm(
  values: EventFormValues,
  limits: {
    maxAttendees: number;
    /** The one currency card payments can be taken in (Square's location's), or null for any. */
    cardCurrency?: Currency | null;
    /** The places the event's bookings already take (an edit): the capacity may not be less. */
    placesTaken?: number;
  } = { maxAttendees: DEFAULT_MAX_ATTENDEES },
): { ok: true; value: EventFields } | { ok: false; errors: EventFormErrors } {
  const errors: EventFormErrors = {};

  const name = values.name.trim();
  if (name === '') errors.name = EVENT_FORM_MESSAGES.nameRequired;
  else if (name.length > NAME_MAX) errors.name = EVENT_FORM_MESSAGES.nameTooLong;
  const description = values.description.trim();
  if (description.length > DESCRIPTION_MAX) errors.description = EVENT_FORM_MESSAGES.descriptionTooLong;
  const longdescription = values.longdescription.trim();
  if (longdescription.length > LONG_DESCRIPTION_MAX) errors.longdescription = EVENT_FORM_MESSAGES.longDescriptionTooLong;

  let start: string | null = null;
  if (values.eventdatetime.trim() === '') {
    errors.eventdatetime = EVENT_FORM_MESSAGES.startRequired;
  } else {
    const parsed = optionalInstant(values.eventdatetime);
    if (parsed.ok) start = parsed.value;
    else errors.eventdatetime = EVENT_FORM_MESSAGES.dateInvalid;
  }

  let end: string | null = null;
  const parsedEnd = optionalInstant(values.eventenddatetime);
  if (!parsedEnd.ok) errors.eventenddatetime = EVENT_FORM_MESSAGES.dateInvalid;
  else {
    end = parsedEnd.value;
    if (end !== null && start !== null && Date.parse(end) <= Date.parse(start)) {
      errors.eventenddatetime = EVENT_FORM_MESSAGES.endBeforeStart;
    }
  }

  let bookingEnd: string | null = null;
  const parsedBookingEnd = optionalInstant(values.bookingEndDate);
  if (!parsedBookingEnd.ok) errors.bookingEndDate = EVENT_FORM_MESSAGES.dateInvalid;
  else bookingEnd = parsedBookingEnd.value;

  let price = 0;
  if (values.requiresPayment) {
    if (values.price.trim() === '') errors.price = EVENT_FORM_MESSAGES.priceRequired;
    else {
      const minor = parseMoneyInput(values.price);
      if (minor === null) errors.price = EVENT_FORM_MESSAGES.priceInvalid;
      else if (minor > maxEventPrice(limits.maxAttendees)) errors.price = EVENT_FORM_MESSAGES.priceTooHigh(maxEventPrice(limits.maxAttendees));
      else price = minor;
    }
  }

  // A member price is a reduction: never above the standard price (docs/payments.md#member-prices).
  let memberPrice: number | null = null;
  if (values.requiresPayment && values.memberPrice.trim() !== '') {
    const minor = parseMoneyInput(values.memberPrice);
    if (minor === null) errors.memberPrice = EVENT_FORM_MESSAGES.memberPriceInvalid;
    else if (errors.price === undefined && minor > price) errors.memberPrice = EVENT_FORM_MESSAGES.memberPriceAbovePrice;
    else memberPrice = minor;
  }

  const currencyText = values.currency.trim() === '' ? 'GBP' : values.currency.trim();
  const currency = (CURRENCIES as readonly string[]).includes(currencyText) ? (currencyText as Currency) : null;
  if (currency === null) errors.currency = EVENT_FORM_MESSAGES.currencyInvalid;
  else if (values.requiresPayment && limits.cardCurrency && currency !== limits.cardCurrency) {
    // Refused here, in the admin's form, rather than at a member's checkout.
    errors.currency = EVENT_FORM_MESSAGES.currencyNotTaken(limits.cardCurrency);
  }

  let capacity: number | null = null;
  const capacityText = values.capacity.trim();
  if (capacityText !== '') {
    const n = /^\d{1,9}$/.test(capacityText) ? Number(capacityText) : 0;
    if (n < 1) errors.capacity = EVENT_FORM_MESSAGES.capacityInvalid;
    else capacity = n;
  }
  const belowTaken = capacityRefusal(capacity, limits.placesTaken ?? 0);
  if (belowTaken !== null) errors.capacity = belowTaken;

  if (Object.keys(errors).length > 0 || currency === null) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      description,
      longdescription,
      eventdatetime: start,
      eventenddatetime: end,
      bookingEndDate: bookingEnd,
      allowBooking: values.allowBooking,
      isBoatEvent: values.isBoatEvent,
      offerChild: values.offerChild,
      offerSoftDrinks: values.offerSoftDrinks,
      offerVeg: values.offerVeg,
      requiresPayment: values.requiresPayment,
      price,
      memberPrice,
      currency,
      capacity,
      remindersOff: !values.sendReminders,
    },
  };
}

/** The event's times the edit form shows as London wall-clock text. */
const FORM_TIMES = ['eventdatetime', 'eventenddatetime', 'bookingEndDate'] as const;
type FormTime = (typeof FORM_TIMES)[number];

/**
 * The instant an edit form's time names for the stored event: the stored instant itself when the
 * form shows it as it was opened, else the wall clock read as usual (wallClockToInstant; null:
 * empty or not a time). So saving an untouched form never moves an event, also one stored at the
 * second 01:xx of an autumn clock-change night, which the wall clock alone reads as the first.
 */
export function formTimeFor(text: string, stored: string | null): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (stored !== null && trimmed === instantToLondonWallClock(stored)) return stored;
  return wallClockToInstant(trimmed)?.toISOString() ?? null;
}

/** The checked form's times over the stored event: each time shown as opened keeps its stored instant (formTimeFor). */
export function keepingShownTimes<T extends Record<FormTime, string | null>>(
  checked: T,
  values: Pick<EventFormValues, FormTime>,
  stored: Pick<ClubEvent, FormTime>,
): T {
  const kept = { ...checked };
  for (const field of FORM_TIMES) if (checked[field] !== null) kept[field] = formTimeFor(values[field], stored[field]) as T[FormTime];
  return kept;
}

/** The form as the edit screen opens it; a free event at 0 shows an empty price field. */
export function eventToFormValues(event: ClubEvent): EventFormValues {
  return {
    name: event.name,
    description: event.description,
    longdescription: event.longdescription,
    eventdatetime: instantToLondonWallClock(event.eventdatetime),
    eventenddatetime: instantToLondonWallClock(event.eventenddatetime),
    bookingEndDate: instantToLondonWallClock(event.bookingEndDate),
    allowBooking: event.allowBooking,
    isBoatEvent: event.isBoatEvent,
    offerChild: event.offerChild,
    offerSoftDrinks: event.offerSoftDrinks,
    offerVeg: event.offerVeg,
    requiresPayment: event.requiresPayment,
    price: !event.requiresPayment && event.price === 0 ? '' : minorToDecimalText(event.price),
    memberPrice: event.memberPrice === null || event.memberPrice === undefined ? '' : minorToDecimalText(event.memberPrice),
    currency: event.currency,
    capacity: event.capacity === null ? '' : String(event.capacity),
    sendReminders: event.remindersOff !== true,
  };
}

/**
 * A new event's form. Booking starts switched off: an event takes bookings only once an admin
 * has deliberately ticked "allow booking" (and checked its price and deadline).
 */
export function emptyEventForm(): EventFormValues {
  return {
    name: '',
    description: '',
    longdescription: '',
    eventdatetime: '',
    eventenddatetime: '',
    bookingEndDate: '',
    allowBooking: false,
    isBoatEvent: false,
    offerChild: false,
    offerSoftDrinks: false,
    offerVeg: false,
    requiresPayment: false,
    price: '',
    memberPrice: '',
    currency: 'GBP',
    capacity: '',
    sendReminders: true,
  };
}

/** The event's name, words and times, in the form's order (the form's first fields, and the audit's). */
export const EVENT_DETAIL_FIELDS = ['name', 'description', 'longdescription', 'eventdatetime', 'eventenddatetime', 'bookingEndDate'] as const;
