import type { Currency } from '../../../core/shared/money';
import { PdfLibPdfInspector } from '../../../adapters/pdf-lib/pdf-lib-pdf-inspector';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';
import { LocalIdentityProvider } from '../../../adapters/local-identity/local-identity-provider';
import type { Admin, Permission } from '../../../core/admins/admin';
import type { ClubEvent } from '../../../core/events/event';
import type { WorkDay } from '../../../core/work-days/work-day';
import { HmacBookingLinks } from '../../../adapters/node-crypto/hmac-booking-links';
import type { PasswordHasher } from '../../../core/admins/password-hasher.port';
import { anAdmin } from '../entities';
import { memoryStorage } from '../stores';
import type {
  CheckoutRequest,
  PaymentGateway,
  PaymentNotification,
  PaymentResult,
  RefundRequest,
  RefundResult,
} from '../../../core/payments/payment-gateway.port';
import { UnavailableError } from '../../../core/shared/errors';

/** Fast stand-in for the slow scrypt hasher: salted, so two hashes of one password differ. */
export class QuickHasher implements PasswordHasher {
  private salt = 0;
  async hash(password: string): Promise<string> {
    this.salt += 1;
    return `quick$${this.salt}$${password}`;
  }
  async verify(password: string, hash: string): Promise<boolean> {
    const match = /^quick\$\d+\$(.*)$/s.exec(hash);
    return match !== null && match[1] === password;
  }
}

export const GOOD_CARD = 'card-ok';
export const DECLINED_CARD = 'card-declined';
export const GOOD_SIGNATURE = 'signed-by-provider';

/**
 * A payment provider as the port describes it: same idempotency key, same checkout; a
 * completed checkout completed again gives the same payment; webhooks need the signature.
 */
export class FakePaymentGateway implements PaymentGateway {
  readonly name = 'fake';
  /** The one currency its card payments take; null for any. */
  takesOnly: Currency | null = null;
  readonly checkouts = new Map<string, CheckoutRequest & { payment: PaymentResult | null }>();
  charges = 0;
  failNextCheckout: Error | null = null;

  async cardCurrency(): Promise<Currency | null> {
    return this.takesOnly;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string }> {
    if (this.failNextCheckout) {
      const error = this.failNextCheckout;
      this.failNextCheckout = null;
      throw error;
    }
    const existing = [...this.checkouts].find(([, c]) => c.idempotencyKey === request.idempotencyKey);
    if (existing) return { checkoutId: existing[0] };
    const checkoutId = `chk_${this.checkouts.size + 1}_${request.bookingId}`;
    this.checkouts.set(checkoutId, { ...request, payment: null });
    return { checkoutId };
  }

  async completeCheckout(checkoutId: string, cardToken: string): Promise<PaymentResult> {
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) return { status: 'FAILED', message: 'Unknown checkout' };
    if (checkout.payment?.status === 'COMPLETED') return checkout.payment;
    this.charges += 1;
    if (cardToken !== GOOD_CARD) return { status: 'FAILED', message: 'Card declined' };
    checkout.payment = { status: 'COMPLETED', paymentId: `pay_${checkoutId}_long_id`, completedAt: '2026-06-01T09:05:00.000Z' };
    return checkout.payment;
  }

  /** Refunds made, by idempotency key; `refuseRefunds` makes the provider say no; `failRefunds` makes it unreachable. */
  readonly refunds = new Map<string, RefundRequest & { refundId: string }>();
  refuseRefunds = false;
  failRefunds = false;

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (this.failRefunds) throw new UnavailableError('The payment provider could not be reached');
    const earlier = this.refunds.get(request.idempotencyKey);
    if (earlier) return { status: 'REFUNDED', refundId: earlier.refundId };
    if (this.refuseRefunds) return { status: 'FAILED', message: 'Refund refused by the provider' };
    const refundId = `ref_${this.refunds.size + 1}`;
    this.refunds.set(request.idempotencyKey, { ...request, refundId });
    return { status: 'REFUNDED', refundId };
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<PaymentNotification | null> {
    if (headers['x-signature'] !== GOOD_SIGNATURE) return null;
    return JSON.parse(rawBody.toString('utf8')) as PaymentNotification;
  }
}

/** The secret the world's signed links use. */
export const LINK_SECRET = 'a-secret-for-the-unit-tests-0123456789';

/** The ports the use cases keep; an optional one (households, passkeys ...) only where a test gives it. */
const WORLD_PORTS = [
  'events',
  'bookings',
  'outbox',
  'audit',
  'admins',
  'credentials',
  'sessions',
  'loginAttempts',
  'workDays',
  'documents',
  'campaigns',
  'sitePages',
  'members',
  'membership',
  'duties',
  'conditions',
  'attendance',
  'dutySwaps',
  'waitingList',
  'addressLimits',
  'search',
  'pushSubscriptions',
  'pushOutbox',
  'jobs',
] as const;

/**
 * Every port the use cases take, on memory adapters, and the settings as the server gives them:
 * a use case is built from `{ ...world }` and the rules its test is about.
 */
export function makeWorld() {
  const clock = new FixedClock('2026-06-01T09:00:00.000Z');
  const ids = new SequentialIdGenerator('id');
  const hasher = new QuickHasher();
  const storage = memoryStorage();
  const { credentials, sessions } = storage;
  const kept = Object.fromEntries(WORLD_PORTS.map((name) => [name, storage[name]])) as Pick<typeof storage, (typeof WORLD_PORTS)[number]>;
  return {
    clock,
    ids,
    ...kept,
    /** No forecast configured: nothing to credit. */
    attribution: null,
    clubName: 'Kestrel Yacht Club',
    payments: new FakePaymentGateway(),
    pdfs: new PdfLibPdfInspector(),
    hasher,
    identity: new LocalIdentityProvider({ credentials, sessions, hasher, ids: new SequentialIdGenerator('uid'), clock }),
    bookingLinks: new HmacBookingLinks(LINK_SECRET),
    waitingListLinks: new HmacBookingLinks(LINK_SECRET, 'waitlist-leave'),
    offerLinks: new HmacBookingLinks(LINK_SECRET, 'waitlist-offer'),
    workDayLinks: new HmacBookingLinks(LINK_SECRET, 'workday-withdraw'),
    checkoutLinks: new HmacBookingLinks(LINK_SECRET, 'checkout-browser'),
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.example' },
    maxAttendees: 50,
    testHook: false,
    bookingLimits: {},
    newsSource: 'database' as const,
    // What the server would log; the tests about a failure pass their own.
    reportSearchIndexError: ignore,
    reportSearchError: ignore,
    reportPasswordResetError: ignore,
    reportFileCleanupError: ignore,
  };
}

function ignore(): void {}
export type World = ReturnType<typeof makeWorld>;

export function withPermissions(permissions: Permission[]): Admin {
  return anAdmin({ uid: 'limited', email: 'limited@club.example', permissions });
}

/**
 * The event `aForm` books, as overrides of `anEvent`: free, without a place limit or a booking
 * end date, so a unit test of booking meets a rule only when it sets one.
 */
export const REGATTA = {
  id: 'regatta',
  bookingEndDate: null,
  requiresPayment: false,
  price: 0,
  capacity: null,
  offerSoftDrinks: true,
} satisfies Partial<ClubEvent>;

/**
 * The work day the unit tests sign up for, as overrides of `aWorkDay`: after the world's clock,
 * painting listed first.
 */
export const SPRING_CLEAN = {
  name: 'Spring Clean',
  date: '2026-06-20T08:00:00.000Z',
  jobs: [
    { id: 'paint', title: 'Painting', description: 'The clubhouse walls', volunteersNeeded: 4 },
    { id: 'slipway', title: 'Slipway', description: 'Clear the weed', volunteersNeeded: 2 },
  ],
} satisfies Partial<WorkDay>;

/** A valid booking form for `REGATTA`. */
export function aForm(overrides: Record<string, unknown> = {}) {
  return {
    eventId: 'regatta',
    firstName: 'Ann',
    lastName: 'Sailor',
    numberAttending: '3',
    numberOfChildren: '1',
    numberOfSoftDrinks: '2',
    numberOfVegetarian: '0',
    boatName: 'Swallow',
    email: 'ann@example.org',
    ...overrides,
  };
}
