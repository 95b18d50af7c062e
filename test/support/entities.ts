import type { MembershipApplication } from '../../core/membership/membership-application';
import type { MembershipOrder } from '../../core/membership/membership-order';
import type { MembershipCategory } from '../../core/membership/membership-category';
import { UNCHANGED_BOOKING, type Booking } from '../../core/bookings/booking';
import type { BookingAmendment, PendingChange } from '../../core/bookings/booking-amendment';
import { NEW_EVENT, type ClubEvent } from '../../core/events/event';
import type { EventSeries } from '../../core/events/event-series';
import type { WorkDay, WorkDaySignup } from '../../core/work-days/work-day';
import { DEFAULT_PERMISSIONS, type Admin } from '../../core/admins/admin';
import type { Member } from '../../core/members/member';
import type { HouseholdPerson } from '../../core/members/household';
import type { Photo } from '../../core/photos/photo';
import type { SitePage } from '../../core/site-pages/site-page';
import type { ClubDocument } from '../../core/documents/document';
import type { Campaign } from '../../core/campaigns/campaign';
import type { NewsItem } from '../../core/news/news-item';
import type { Credential } from '../../core/admins/credential-repository.port';
import type { Passkey } from '../../core/member-sign-in/passkey-repository.port';
import type { SignInCode } from '../../core/member-sign-in/sign-in-code-repository.port';

// Complete entities for tests, benchmarks and the worker processes of the race tests: a test
// overrides only the fields it is about. No test framework here, so any process may import it.

/**
 * Makes the builder of one entity: each call gives a fresh copy of `defaults` (no array or object
 * shared between calls, so a test may change what it got) with the given fields replaced.
 */
export function builder<T extends object>(defaults: T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...structuredClone(defaults), ...overrides });
}

/** Overrides of `anEvent` for an event with nothing extra: free, no closing date, no boats, no children's or vegetarian choice. */
export const PLAIN_FREE_EVENT = {
  bookingEndDate: null,
  isBoatEvent: false,
  offerChild: false,
  offerVeg: false,
  requiresPayment: false,
  price: 0,
} satisfies Partial<ClubEvent>;

export const anEvent = builder<ClubEvent>({
  id: 'summer-regatta',
  name: 'Summer Regatta',
  description: 'Racing round the cans',
  longdescription: 'Two races in the morning, lunch in the clubhouse, one race after.',
  eventdatetime: '2026-07-04T09:00:00.000Z',
  eventenddatetime: '2026-07-04T16:00:00.000Z',
  bookingEndDate: '2026-07-01T22:59:59.000Z',
  allowBooking: true,
  isBoatEvent: true,
  offerChild: true,
  offerSoftDrinks: false,
  offerVeg: true,
  requiresPayment: true,
  price: 1250,
  currency: 'GBP',
  capacity: 40,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  ...NEW_EVENT,
});

/** What a series copies to its dates, from an event's fields. */
function seriesFieldsOf(event: ClubEvent): EventSeries['event'] {
  const {
    id: _id,
    name: _name,
    eventdatetime: _s,
    eventenddatetime: _e,
    bookingEndDate: _b,
    createdAt: _c,
    updatedAt: _u,
    sequence: _q,
    cancelledAt: _x,
    cancelReason: _r,
    ...fields
  } = event;
  return fields;
}

/** A series of Sundays around the March clock change, copying anEvent's fields. */
export const anEventSeries = builder<EventSeries>({
  id: 'sunday-racing',
  name: 'Sunday racing',
  rule: 'FREQ=WEEKLY;BYDAY=SU',
  firstDate: '2026-03-22',
  lastDate: '2026-04-05',
  startTime: '10:00',
  endTime: '16:00',
  skippedDates: [],
  addedDates: ['2026-04-06'],
  event: seriesFieldsOf(anEvent()),
  templateId: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-01-05T09:00:00.000Z',
});

const storedBooking = builder<Booking>({
  id: 'booking-1',
  reference: null,
  eventId: 'summer-regatta',
  eventName: 'Summer Regatta',
  firstName: 'Ann',
  lastName: 'Jones',
  numberAttending: 1,
  numberOfChildren: 0,
  numberOfSoftDrinks: 0,
  numberOfVegetarian: 0,
  boatName: null,
  userEmail: null,
  submittedAt: '2026-06-01T09:00:00.000Z',
  paymentRequired: false,
  paid: false,
  paymentAmount: null,
  paymentCurrency: null,
  checkoutId: null,
  paymentId: null,
  paymentCompletedAt: null,
  ...UNCHANGED_BOOKING,
});

/**
 * A booking as stored. Unless told otherwise its checkout was opened when it was made (the member
 * went on to the card step), so an unpaid one holds its places for the full 30 minutes.
 */
export function aBooking(overrides: Partial<Booking> = {}): Booking {
  return storedBooking({ checkoutOpenedAt: overrides.submittedAt ?? storedBooking().submittedAt, ...overrides });
}

/** A booking of a paid event, paid £10 by card (payment pay-1). */
export function aCardPaidBooking(overrides: Partial<Booking> = {}): Booking {
  return aBooking({ paymentRequired: true, paid: true, paymentAmount: 1000, paymentCurrency: 'GBP', paymentId: 'pay-1', paymentMethod: 'card', ...overrides });
}

/** A larger change of a booking waiting for its payment: one place more, £10 at the standard price, checkout not yet opened. */
export const aPendingChange = builder<PendingChange>({
  attempt: 1,
  checkoutId: 'chk-c1',
  at: '2026-06-01T09:05:00.000Z',
  checkoutOpenedAt: null,
  numberAttending: 2,
  numberOfChildren: 0,
  difference: 1000,
  priceKind: 'standard',
  memberPlaces: 0,
  latePaymentId: null,
});

/** A booking's first change, from one place to two, costing £10 more; no refund, paid by no card. */
export const anAmendment = builder<BookingAmendment>({
  revision: 1,
  at: '2026-06-01T09:01:00.000Z',
  numberAttendingBefore: 1,
  numberOfChildrenBefore: 0,
  numberAttending: 2,
  numberOfChildren: 0,
  difference: 1000,
  refundStatus: null,
  refundId: null,
  refundFailure: null,
  refundedAt: null,
  paymentId: null,
  checkoutId: null,
});

/** An unpaid booking of a paid event: it holds its places for 30 minutes. */
export function anUnpaidBooking(overrides: Partial<Booking> = {}): Booking {
  return aBooking({ paymentRequired: true, paid: false, paymentAmount: 1250, paymentCurrency: 'GBP', ...overrides });
}

export const aWorkDay = builder<WorkDay>({
  id: 'spring-clean',
  name: 'Spring clean',
  description: 'Get the club ready for the season',
  date: '2026-04-11T08:00:00.000Z',
  foodAvailable: true,
  active: true,
  tools: 'Bring gloves',
  notes: 'Park by the boat park',
  jobs: [
    { id: 'slipway', title: 'Clear the slipway', description: 'Weed and sweep', volunteersNeeded: 4 },
    { id: 'paint', title: 'Paint the hut', description: '', volunteersNeeded: 2 },
  ],
});

/** An active admin with every permission, managing admins included. */
export const anAdmin = builder<Admin>({
  uid: 'admin-1',
  email: 'commodore@club.example',
  name: 'The Commodore',
  role: 'admin',
  permissions: [...DEFAULT_PERMISSIONS, 'admins:manage'],
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

export const aMember = builder<Member>({
  id: 'mem-ann',
  name: 'Ann Sailor',
  email: 'ann@club.example',
  membershipType: 'Family',
  renewalDate: '2027-03-31',
  disabled: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

export const aMembershipCategory = builder<MembershipCategory>({
  id: 'adult',
  name: 'Adult',
  description: 'Full sailing membership',
  seasonPrice: 12_000,
  coversHousehold: false,
  dutiesPerSeason: 2,
  onlinePurchase: true,
  life: false,
  withdrawn: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
});

/** A renewal order paid by card (docs/membership.md, "Orders and payments"). */
export const aMembershipOrder = builder<MembershipOrder>({
  id: 'order-1',
  kind: 'renewal',
  memberId: 'mem-ann',
  applicationId: null,
  categoryId: 'adult',
  householdMemberIds: [],
  amount: 12_000,
  currency: 'GBP',
  paysUntil: '2027-03-31',
  method: 'card',
  status: 'paid',
  paymentId: 'pay-1',
  paidAt: '2026-11-01T10:00:00.000Z',
  appliedAt: '2026-11-01T10:00:00.000Z',
  confirmedBy: null,
  createdAt: '2026-11-01T09:00:00.000Z',
});

export const aPhoto = builder<Photo>({
  id: 'p1',
  caption: 'Evening sail',
  credit: 'A. Member',
  position: 0,
  hidden: false,
  width: 1280,
  height: 853,
  variants: [
    { file: 'w320.avif', format: 'avif', width: 320, height: 213, bytes: 4000 },
    { file: 'w320.webp', format: 'webp', width: 320, height: 213, bytes: 6000 },
    { file: 'w320.jpg', format: 'jpeg', width: 320, height: 213, bytes: 9000 },
  ],
  createdAt: '2026-06-01T09:00:00.000Z',
  updatedAt: '2026-06-01T09:00:00.000Z',
});

export const aHouseholdPerson = builder<HouseholdPerson>({
  id: 'hp-1',
  memberId: 'member-ann',
  name: 'Tom Sailor',
  kind: 'junior',
  yearOfBirth: 2016,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
});

export const aSitePage = builder<SitePage>({
  slug: 'beginners',
  title: 'Beginner Sailing Tips',
  body: 'New to sailing?\n\n## Before you go afloat\n\n- Check the forecast.\n',
  updatedAt: '2026-11-25T10:00:00.000Z',
  updatedBy: 'editor@example.org',
});

export const aCredential = builder<Credential>({
  uid: 'uid-commodore',
  email: 'Commodore@Club.example',
  passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
  disabled: false,
});

export const aPasskey = builder<Passkey>({
  credentialId: 'cred-AAAA_-1',
  memberId: 'member-pat',
  publicKey: 'pQECAyYgASFYIFx8',
  counter: 0,
  transports: ['internal', 'hybrid'],
  createdAt: '2026-06-01T09:00:00.000Z',
  lastUsedAt: null,
});

export const aSignInCode = builder<SignInCode>({
  emailHash: 'email-hash-1',
  memberId: 'member-pat',
  codeHash: 'code-hash-1',
  seed: 'seed-1',
  createdAt: '2026-06-01T09:00:00.000Z',
  expiresAt: '2026-06-01T09:10:00.000Z',
  tries: 0,
  usedAt: null,
});

/** Overrides of `aSignup` (or of a sign-up form) for Ann Sailor, who signs up to paint and brings no tools. */
export const ANN_PAINTING = { firstName: 'Ann', lastName: 'Sailor', selectedJobs: ['paint'], bringingTools: false } satisfies Partial<WorkDaySignup>;

export const aSignup = builder<WorkDaySignup>({
  id: 'signup-1',
  workDayId: 'spring-clean',
  firstName: 'Sam',
  lastName: 'Helper',
  selectedJobs: ['slipway'],
  otherJob: '',
  notes: '',
  bringingTools: true,
  wantsFood: false,
  submittedAt: '2026-04-01T10:00:00.000Z',
  email: null,
});

export const aDocument = builder<ClubDocument>({
  id: 'constitution',
  title: 'Club constitution',
  description: 'The rules the club runs by',
  category: 'rules',
  fileName: 'club-constitution.pdf',
  keepOffline: false,
  tags: ['rules', 'governance'],
  position: 0,
});

export const aCampaign = builder<Campaign>({
  id: 'spring-news',
  subject: 'Spring newsletter',
  finished_at: '2026-03-20T18:00:00.000Z',
  preview_url: 'https://preview.example/spring',
});

export const aNewsItem = builder<NewsItem>({
  id: 'news-launch',
  subject: 'The new pontoon is in',
  body: 'The **new pontoon** is in place.\n\n- Launch from the east side\n- Mind the fresh paint',
  publishAt: '2026-04-02T09:00:00.000Z',
  status: 'published',
  createdAt: '2026-04-01T12:00:00.000Z',
  updatedAt: '2026-04-01T12:00:00.000Z',
});

/** An application to join: a family of two, paid after admission by card (docs/membership.md#joining). */
export const anApplication = builder<MembershipApplication>({
  id: 'app-1',
  firstName: 'Ann',
  lastName: 'Sailor',
  email: 'ann@example.org',
  phone: '07700 900123',
  emergencyContactName: 'Bob Sailor',
  emergencyContactPhone: '07700 900456',
  people: [{ firstName: 'Cat', lastName: 'Sailor', email: null }],
  categoryId: 'family',
  categoryName: 'Family',
  dutiesPledged: 3,
  amount: 18000,
  currency: 'GBP',
  admission: 'after-payment',
  orderId: 'order-app-1',
  status: 'submitted',
  memberIds: [],
  reason: null,
  refund: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});
