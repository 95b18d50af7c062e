import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from '../shared/money';
import { InstantSchema } from '../shared/instant';
import { BookingReferenceSchema } from './booking-reference';
import { BookingAmendmentSchema, PendingChangeSchema, type BookingAmendment } from './booking-amendment-schema';

export const PaymentMethodSchema = z.enum(['card', 'cash', 'transfer']);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
/**
 * pending: asked of the card gateway, answer not yet recorded; refunded; failed: the gateway said
 * no (or could not be reached); by-hand: money taken by hand (cash, transfer), owed back by a
 * person, never sent to the gateway (docs/payments.md#refunds-by-hand).
 */
export const RefundStatusSchema = z.enum(['pending', 'refunded', 'failed', 'by-hand']);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

/**
 * A household person a signed-in member named as attending (docs/my-club.md#named-attendees), as
 * they were at booking time: later changes to the household do not change the booking.
 */
export const BookedAttendeeSchema = z.object({
  /** The household person's id (core/members/household.ts); a check-in ticks them by it. */
  personId: z.string().min(1).max(200),
  name: z.string().min(1).max(100),
  /** The household's word for them: adult or junior. */
  kind: z.enum(['adult', 'junior']),
  /** The place they took: a child's (12 or under, or a junior without a year of birth) or an adult's. */
  place: z.enum(['adult', 'child']),
  /** Whether their place was charged the member price (the member's membership current, a paid event with one). */
  memberPrice: z.boolean(),
});
export type BookedAttendee = z.infer<typeof BookedAttendeeSchema>;

/**
 * A stored booking. Unpaid bookings of paid events hold their places for 30 minutes after
 * `submittedAt`, or 10 while their checkout was never opened (see core/bookings/booking-state).
 * Amounts are in minor units.
 */
export const BookingSchema = z.object({
  id: z.string().min(1),
  /**
   * The short reference members and admins say and type (`KYC-7F3K9`), unique; null only for a
   * booking stored before references, until the server gives it one at start.
   */
  reference: BookingReferenceSchema.nullable().default(null),
  eventId: z.string().min(1),
  eventName: z.string(),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  numberAttending: z.number().int().positive(),
  numberOfChildren: z.number().int().nonnegative(),
  numberOfSoftDrinks: z.number().int().nonnegative(),
  numberOfVegetarian: z.number().int().nonnegative(),
  boatName: z.string().nullable(),
  userEmail: z.string().nullable(),
  submittedAt: InstantSchema,
  paymentRequired: z.boolean(),
  paid: z.boolean(),
  paymentAmount: MinorUnitsSchema.nullable(),
  paymentCurrency: CurrencySchema.nullable(),
  /** The payment provider's checkout (payment link) id, while or after paying. */
  checkoutId: z.string().nullable(),
  /** When the member first opened the checkout (the card step); null until then. */
  checkoutOpenedAt: InstantSchema.nullable().default(null),
  paymentId: z.string().nullable(),
  paymentCompletedAt: InstantSchema.nullable(),
  /** How it was paid: by card through the gateway, or marked paid by an admin (cash, bank transfer). */
  paymentMethod: PaymentMethodSchema.nullable().default(null),
  /** The admin's note of a cash or transfer payment (receipt number, bank reference). */
  paymentReference: z.string().max(200).nullable().default(null),
  /** When it was cancelled (by the member, an admin, or for a payment that came too late); null while it stands. */
  cancelledAt: InstantSchema.nullable().default(null),
  /** Who cancelled it: 'member', 'system' (late payment), or the admin's uid. */
  cancelledBy: z.string().max(200).nullable().default(null),
  /** The reason an admin gave when cancelling this one booking (told to the member); null when none was given. */
  cancelReason: z.string().max(2000).nullable().default(null),
  /**
   * The refund of a cancelled paid booking: pending (asked of the gateway, answer not yet
   * recorded), refunded, failed (the gateway said no) for an admin to retry, or by-hand (cash or
   * a transfer, for a person to repay and record). Null when no refund is owed.
   */
  refundStatus: RefundStatusSchema.nullable().default(null),
  refundAmount: MinorUnitsSchema.nullable().default(null),
  refundId: z.string().max(200).nullable().default(null),
  refundFailure: z.string().max(1000).nullable().default(null),
  /** Refusals so far: each definite refusal moves the refund to a new idempotency key. */
  refundAttempts: z.number().int().nonnegative().default(0),
  refundedAt: InstantSchema.nullable().default(null),
  /**
   * Which price the server charged (core/bookings/booking-price.ts): 'member' when some places were
   * charged the event's member price. Bookings stored before member prices read as 'standard'.
   */
  priceKind: z.enum(['member', 'standard']).default('standard'),
  /** The signed-in member who made the booking (whatever price applied); null for a booking made without signing in. */
  memberId: z.string().min(1).max(200).nullable().default(null),
  /** The places charged the member price; 0 for a standard-price booking. */
  memberPlaces: z.number().int().nonnegative().default(0),
  /**
   * The member's household people named as attending, besides the member (the lead), in the order
   * ticked; they always fit in the booking's numbers (householdAttendeesFitting). Empty for a
   * guest booking, one naming no one, and every booking stored before named attendees.
   */
  householdAttendees: z.array(BookedAttendeeSchema).max(50).default([]),
  /**
   * The member's own changes of the booking through the manage link, oldest first
   * (core/bookings/booking-amendment.ts): the numbers and the money each moved. `paymentAmount`
   * stays what was first charged; the booking's price is it plus every change's difference.
   */
  amendments: z.array(BookingAmendmentSchema).max(20).default([]),
  /** A larger change waiting for its payment (core/bookings/booking-amendment.ts); null when none. */
  pendingChange: PendingChangeSchema.nullable().default(null),
  /** Larger changes asked so far: the next one's checkout is `<id>_c<changeAttempts + 1>`. */
  changeAttempts: z.number().int().nonnegative().default(0),
});
export type Booking = z.infer<typeof BookingSchema>;

/**
 * A booking as admins see it (their screens, answers and exports): without its checkout id. The
 * id is a capability, like a manage link: whoever holds it may pay the checkout and follow it, so
 * it stays with the member's browser (docs/payments.md#who-sees-a-checkout).
 */
export const AdminBookingViewSchema = BookingSchema.omit({ checkoutId: true }).extend({
  amendments: z.array(BookingAmendmentSchema.omit({ checkoutId: true })),
  pendingChange: PendingChangeSchema.omit({ checkoutId: true }).nullable(),
});
export type AdminBookingView = z.infer<typeof AdminBookingViewSchema>;

/** The booking without the capability fields admins never see (AdminBookingViewSchema). */
export function adminBookingView(booking: Booking): AdminBookingView {
  const { checkoutId: _capability, pendingChange, amendments, ...view } = booking;
  const changes = amendments.map(({ checkoutId: _changeCheckout, ...amendment }: BookingAmendment) => amendment);
  if (pendingChange === null) return { ...view, amendments: changes, pendingChange: null };
  const { checkoutId: _changeCapability, ...pending } = pendingChange;
  return { ...view, amendments: changes, pendingChange: pending };
}

/**
 * The life-cycle fields of a booking just made: not paid by hand, not cancelled, no refund; and,
 * unless the server decided otherwise, the standard price, made without signing in.
 */
export const UNCHANGED_BOOKING = {
  priceKind: 'standard',
  memberId: null,
  memberPlaces: 0,
  householdAttendees: [],
  amendments: [],
  pendingChange: null,
  changeAttempts: 0,
  checkoutOpenedAt: null,
  paymentMethod: null,
  paymentReference: null,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  refundStatus: null,
  refundAmount: null,
  refundId: null,
  refundFailure: null,
  refundAttempts: 0,
  refundedAt: null,
} as const satisfies Partial<Booking>;

/**
 * What the browser sends for a booking, before validation. Counts arrive as typed text or
 * numbers; validation strips non-digits and reads empty as 0 (core/bookings/booking-validation).
 */
export const BookingFormValuesSchema = z.object({
  firstName: z.string().max(200).default(''),
  lastName: z.string().max(200).default(''),
  numberAttending: z.union([z.string().max(50), z.number()]).default(''),
  numberOfChildren: z.union([z.string().max(50), z.number()]).default(''),
  numberOfSoftDrinks: z.union([z.string().max(50), z.number()]).default(''),
  numberOfVegetarian: z.union([z.string().max(50), z.number()]).default(''),
  boatName: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
});
export type BookingFormValues = z.infer<typeof BookingFormValuesSchema>;
/** The booking form's fields in the order its pages show them (the first with a message gets the focus). */
export const BOOKING_FORM_FIELDS: readonly (keyof BookingFormValues)[] = [
  'firstName',
  'lastName',
  'email',
  'numberAttending',
  'numberOfChildren',
  'numberOfSoftDrinks',
  'numberOfVegetarian',
  'boatName',
];

/** A booking form that passed validation: whole counts, trimmed names, e-mail or null. */
export interface ValidBooking {
  firstName: string;
  lastName: string;
  numberAttending: number;
  numberOfChildren: number;
  numberOfSoftDrinks: number;
  numberOfVegetarian: number;
  boatName: string | null;
  userEmail: string | null;
}

/**
 * What admins see of a booking (docs/product.md#booking-states-and-cancellation). Pending: unpaid, its hold running;
 * Expired: unpaid, its hold over (attending nothing, counted nowhere but the detail list).
 * Refund failed: a card refund the gateway refused; To refund by hand: cancelled, its cash or
 * transfer payment still to be repaid by a person.
 */
export const PaymentStatusSchema = z.enum([
  'Paid',
  'Paid (cash)',
  'Paid (transfer)',
  'Pending',
  'Expired',
  'Free Event',
  'Cancelled',
  'Refund failed',
  'To refund by hand',
]);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** A booking's e-mail as My club looks it up (trimmed, lower-cased); null without one. */
export function bookingEmailKey(email: string | null): string | null {
  const key = email?.trim().toLowerCase() ?? '';
  return key === '' ? null : key;
}

/**
 * A booking's named household attendees as pages, e-mails and the CSV show them: names in the
 * order named, a child's place marked ("Milly Jones (child), Sam Jones"); empty when none.
 */
export function bookedAttendeesText(attendees: readonly Pick<BookedAttendee, 'name' | 'place'>[]): string {
  return attendees.map((attendee) => (attendee.place === 'child' ? `${attendee.name} (child)` : attendee.name)).join(', ');
}
