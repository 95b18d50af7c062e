import { NotFoundError } from '../../core/shared/errors';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CURRENCIES, MAX_PAYMENT_AMOUNT, type Currency } from '../../core/shared/money';
import { ValidationError } from '../../core/shared/errors';

/** What a checkout charges: the booking it pays for and the amount, in minor units. */
export interface CheckoutTerms {
  bookingId: string;
  amount: number;
  currency: Currency;
}

/** The largest amount one checkout may charge: £/€/$ 1,000,000.00, far above any club event. */
export const MAX_CHECKOUT_AMOUNT = MAX_PAYMENT_AMOUNT;

// Square's reference_id holds at most 40 characters and the booking id travels there; ids of
// every storage adapter (22-character base64url, Firestore's 20 characters) fit.
const BOOKING_ID = /^[A-Za-z0-9_-]{1,40}$/;
const SIGNATURE_CHARS = 22;
const MIN_SECRET_LENGTH = 16;

export const AMOUNT_MESSAGE = `The amount must be a whole number of minor units from 1 to ${MAX_CHECKOUT_AMOUNT}`;

/**
 * Checkout ids that carry what they charge, signed with a server secret:
 * `chk.<amount>.<currency>.<bookingId>.<signature>` (e.g. `chk.2500.GBP.Xy3….Qm9…`).
 *
 * Why not a table of checkouts: a gateway then needs no storage of its own, an open checkout stays
 * payable across restarts (as long as the secret stays the same), and the same request always gives
 * the same id. Why signed: the amount charged can only be the one given to createCheckout, since an
 * id whose amount, currency or booking was changed no longer verifies.
 */
export class SignedCheckoutIds {
  constructor(private readonly secret: string) {
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new Error(`The checkout signing secret must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
  }

  /** The id of the checkout with these terms; throws ValidationError for terms no checkout can have. */
  create(terms: { bookingId: string; amount: number; currency: string }): string {
    const { bookingId, amount, currency } = terms;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_CHECKOUT_AMOUNT) {
      throw new ValidationError(AMOUNT_MESSAGE);
    }
    if (!(CURRENCIES as readonly string[]).includes(currency)) {
      throw new ValidationError(`The currency must be one of ${CURRENCIES.join(', ')}`);
    }
    if (!BOOKING_ID.test(bookingId)) {
      throw new ValidationError('A booking id for a checkout is 1 to 40 letters, digits, "-" or "_"');
    }
    const body = `chk.${amount}.${currency}.${bookingId}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The terms of a checkout id this secret signed, or null for any other text. */
  /**
   * The checkout a provider's payment is for, rebuilt from its reference (the booking) and its
   * amount and currency: a payment of another amount is not a payment of that checkout. Null when
   * the payment names no booking or cannot be one of this server's checkouts.
   */
  checkoutFor(payment: { referenceId: string | null; amount: number; currency: string }): string | null {
    if (payment.referenceId === null) return null;
    try {
      return this.create({ bookingId: payment.referenceId, amount: payment.amount, currency: payment.currency });
    } catch {
      return null;
    }
  }

  /** The terms of a checkout this server made; NotFoundError ("Checkout not found") for any other id. */
  termsOf(checkoutId: string): CheckoutTerms {
    const terms = this.read(checkoutId);
    if (!terms) throw new NotFoundError('Checkout not found');
    return terms;
  }

  read(checkoutId: string): CheckoutTerms | null {
    if (typeof checkoutId !== 'string' || checkoutId.length > 200) return null;
    const parts = checkoutId.split('.');
    if (parts.length !== 5 || parts[0] !== 'chk') return null;
    const [, amountText, currency, bookingId, signature] = parts;
    const body = parts.slice(0, 4).join('.');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^[1-9]\d*$/.test(amountText)) return null;
    const amount = Number(amountText);
    if (!Number.isSafeInteger(amount) || amount > MAX_CHECKOUT_AMOUNT) return null;
    if (!(CURRENCIES as readonly string[]).includes(currency) || !BOOKING_ID.test(bookingId)) return null;
    return { bookingId, amount, currency: currency as Currency };
  }

  /** A value derived from the secret and the text, for ids that must be stable but unguessable. */
  derive(purpose: string, text: string, length = SIGNATURE_CHARS): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${text}`).digest('base64url').slice(0, length);
  }

  private sign(body: string): string {
    return this.derive('checkout', body);
  }
}
