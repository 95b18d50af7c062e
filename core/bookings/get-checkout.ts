import { z } from 'zod';
import { isCancelled, withCheckoutOpened } from './booking-state';
import { refundLine } from './booking-mail';
import { CurrencySchema } from '../shared/money';
import { NotFoundError } from '../shared/errors';
import { BOOKING_NOT_FOUND } from '../shared/messages';
import type { BookingRepository } from './booking-repository.port';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import type { Booking } from './booking';
import type { BookingLinks } from './booking-links.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { managePath } from './booking-confirmations';
import { UseCase } from '../shared/use-case';
import { withChangeCheckoutOpened } from './booking-amendment';

/** What the booking page's card step needs: the amount the server worked out, and who pays. */
export const CheckoutSchema = z.object({
  bookingId: z.string(),
  /** The short reference to quote (`KYC-7F3K9`); the id for a booking not yet given one. */
  reference: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
  paid: z.boolean(),
  /** The gateway in use: which card form to show ('test' or 'square'). */
  paymentsMode: z.string(),
  /** The member as booked, passed to the card form for the bank's checks (Square's billingContact). */
  billingContact: z.object({ givenName: z.string(), familyName: z.string(), email: z.string().nullable() }),
  /**
   * Once paid, the member's manage page (its signed link), which the success page offers; null
   * before, and always null unless the request carries the proof of the browser that booked
   * (docs/payments.md#who-sees-a-checkout).
   */
  managePath: z.string().nullable(),
  /** The booking was cancelled (by the member, an admin, or because the payment came after its places went). */
  cancelled: z.boolean(),
  /** Once cancelled, what happened to the money, in the e-mail's words; else null. */
  note: z.string().nullable(),
  /**
   * For a larger change's own checkout, the booking's numbers once the change is paid (adults and
   * children together in `numberAttending`, as on the booking form); null for a booking's checkout.
   */
  change: z.object({ numberAttending: z.number().int().positive(), numberOfChildren: z.number().int().nonnegative() }).nullable(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export interface GetCheckoutDeps {
  bookings: BookingRepository;
  payments: PaymentGateway;
  clock: Clock;
  /** For the manage link of a paid booking. */
  events: EventRepository;
  bookingLinks: BookingLinks;
  /** The browser proofs: tokens naming the booking whose checkout that browser opened (checkoutProof). */
  checkoutLinks: BookingLinks;
}

/**
 * How long the browser that booked can prove it (and so see its manage link on the payment page):
 * long enough to come back to the success page, short enough that proofs do not pile up.
 */
export const CHECKOUT_PROOF_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The proof handed to the browser that booked, and only to it (an HttpOnly cookie on the
 * booking's answer): a signed token naming the booking, valid for CHECKOUT_PROOF_MS. A checkout id
 * alone lets anyone pay and see whether the booking is paid; only this proof also gets the manage
 * link, which cancels and refunds the booking.
 */
export function checkoutProof(links: BookingLinks, bookingId: string, now: Date): { proof: string; maxAgeMs: number } {
  return { proof: links.issue(bookingId, new Date(now.getTime() + CHECKOUT_PROOF_MS)), maxAgeMs: CHECKOUT_PROOF_MS };
}

/**
 * The checkout of a paid booking, by its id (a signed id: knowing it is the right to pay). The
 * first time it is asked for (the member opened the card step), the booking's hold grows from
 * 10 to 30 minutes after its submission, in one atomic change of the booking and its places.
 * The manage link of a paid booking goes only with `browserProof`, the proof checkoutProof gave
 * the browser that booked: the id alone never lets anyone cancel the booking.
 */
export class GetCheckout extends UseCase<GetCheckoutDeps> {
  async execute(checkoutId: string, browserProof: string | null = null): Promise<Checkout> {
    const found = typeof checkoutId === 'string' && checkoutId !== '' ? await this.deps.bookings.findByCheckoutId(checkoutId) : null;
    if (!found || found.paymentAmount === null || found.paymentCurrency === null) throw new NotFoundError(BOOKING_NOT_FOUND);
    if (found.checkoutId !== checkoutId) return this.changeCheckout(found, checkoutId, browserProof);
    const now = this.deps.clock.now();
    const booking =
      withCheckoutOpened(found, now) === null
        ? found
        : (
            await this.deps.bookings.change(found.id, now, (current) => {
              const opened = withCheckoutOpened(current, now);
              return opened ? { booking: opened } : null;
            })
          ).booking;
    if (booking.paymentAmount === null || booking.paymentCurrency === null) throw new NotFoundError(BOOKING_NOT_FOUND);
    return this.answer(booking, booking.paymentAmount, booking.paid, browserProof, now);
  }

  /**
   * The checkout of a larger change (docs/payments.md#changing-a-booking): its amount is the
   * difference; paid once the change is made with its payment. Opening it grows the change's hold
   * to 30 minutes, as for a booking. A change no longer waiting and never paid is gone: 404.
   */
  private async changeCheckout(found: Booking, checkoutId: string, browserProof: string | null): Promise<Checkout> {
    const now = this.deps.clock.now();
    const booking =
      found.pendingChange?.checkoutId === checkoutId && withChangeCheckoutOpened(found, now) !== null
        ? (
            await this.deps.bookings.change(found.id, now, (current) => {
              const opened = current.pendingChange?.checkoutId === checkoutId ? withChangeCheckoutOpened(current, now) : null;
              return opened ? { booking: opened } : null;
            })
          ).booking
        : found;
    const made = booking.amendments.find((a) => a.checkoutId === checkoutId && a.paymentId !== null);
    const change = made ?? (booking.pendingChange?.checkoutId === checkoutId ? booking.pendingChange : null);
    if (change === null) throw new NotFoundError(BOOKING_NOT_FOUND);
    const numbers = { numberAttending: change.numberAttending, numberOfChildren: change.numberOfChildren };
    return this.answer(booking, change.difference, made !== undefined, browserProof, now, numbers);
  }

  private async answer(
    booking: Booking,
    amount: number,
    paid: boolean,
    browserProof: string | null,
    now: Date,
    change: Checkout['change'] = null,
  ): Promise<Checkout> {
    if (booking.paymentCurrency === null) throw new NotFoundError(BOOKING_NOT_FOUND);
    return {
      bookingId: booking.id,
      reference: booking.reference ?? booking.id,
      eventId: booking.eventId,
      eventName: booking.eventName,
      amount,
      currency: booking.paymentCurrency,
      paid,
      paymentsMode: this.deps.payments.name,
      billingContact: { givenName: booking.firstName, familyName: booking.lastName, email: booking.userEmail },
      managePath: paid && this.provesBooker(browserProof, booking, now) ? await this.managePath(booking) : null,
      cancelled: isCancelled(booking),
      note: isCancelled(booking) ? refundLine(booking) : null,
      change,
    };
  }

  private provesBooker(browserProof: string | null, booking: Booking, now: Date): boolean {
    return typeof browserProof === 'string' && browserProof !== '' && this.deps.checkoutLinks.read(browserProof, now) === booking.id;
  }

  private async managePath(booking: Booking): Promise<string | null> {
    const event = await this.deps.events.get(booking.eventId);
    return event ? managePath(this.deps, booking, event) : null;
  }
}
