import { z } from 'zod';
import { LinkTokenSchema } from '../shared/link-token';

/**
 * The manage page's Change booking form: its request, the server's answer, and the rule for its
 * numbers, shared by the page and the server (core/bookings/change-my-booking.ts). Apart from the
 * change rule so the page loads nothing but zod.
 */

/** What the Change booking form sends. */
export const ChangeMyBookingRequestSchema = z.object({
  token: LinkTokenSchema,
  numberAttending: z.union([z.string().max(50), z.number()]),
  numberOfChildren: z.union([z.string().max(50), z.number()]).default(0),
  /** True to make the change; false (or absent) to see the new total and the difference first. */
  confirm: z.boolean().default(false),
});
export type ChangeMyBookingRequest = z.input<typeof ChangeMyBookingRequestSchema>;

/** The answer to a change, asked or made: the totals before and after and what moves. */
export const BookingChangeQuoteSchema = z.object({
  numberAttending: z.number().int(),
  numberOfChildren: z.number().int(),
  currency: z.string().nullable(),
  totalBefore: z.number().int(),
  totalAfter: z.number().int(),
  difference: z.number().int(),
  /** What happens to the money, in words ("£12.50 will be refunded to your card."); null when nothing moves. */
  money: z.string().nullable(),
  changed: z.boolean(),
  /**
   * A larger card-paid booking, confirmed: the change's own checkout, to pay the difference on the
   * card step (the booking keeps its numbers until it is paid); null for every other answer.
   */
  checkoutId: z.string().nullable(),
  /** With `checkoutId`: the card step to go to (the booking page's payment step for that checkout); else null. */
  paymentUrl: z.string().nullable().optional(),
  bookingId: z.string(),
  eventId: z.string(),
});
export type BookingChangeQuote = z.infer<typeof BookingChangeQuoteSchema>;

export const CHANGE_FORM_MESSAGES = {
  attending: (max: number) => `Number attending must be between 1 and ${max}`,
  children: 'Number of children cannot be more than the number attending',
} as const;

/** Reads a count as the booking form does: digits only, empty as 0; null when it is no whole number. */
function readCount(value: string | number): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  const digits = value.replace(/[^0-9]/g, '');
  if (digits === '') return 0;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** The new counts, checked as a booking's are (1..maxAttendees attending, children no more than them); or the refusal. */
export function changeCounts(
  input: { numberAttending: string | number; numberOfChildren: string | number },
  maxAttendees: number,
): { ok: true; numberAttending: number; numberOfChildren: number } | { ok: false; field: 'numberAttending' | 'numberOfChildren'; error: string } {
  const numberAttending = readCount(input.numberAttending);
  if (numberAttending === null || numberAttending < 1 || numberAttending > maxAttendees) {
    return { ok: false, field: 'numberAttending', error: CHANGE_FORM_MESSAGES.attending(maxAttendees) };
  }
  const numberOfChildren = readCount(input.numberOfChildren);
  if (numberOfChildren === null || numberOfChildren > numberAttending) return { ok: false, field: 'numberOfChildren', error: CHANGE_FORM_MESSAGES.children };
  return { ok: true, numberAttending, numberOfChildren };
}
