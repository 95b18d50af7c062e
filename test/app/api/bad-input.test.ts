import fc from 'fast-check';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, addEvent, FETCH, serverProperty, signIn, startTestApp, type TestApp } from '../../support/api/test-app';
import { addWorkDays, storedCounts } from '../../support/api/fixtures';
import { MALFORMED_TEXT_MESSAGE } from '../../../core/shared/well-formed-text';
import { afterSent, newOutboxMessage } from '../../../core/mail/outbox';
import type TestAgent from 'supertest/lib/agent';
import { CryptoSecretTokens } from '../../../adapters/node-crypto/crypto-secret-tokens';
import { RETENTION_KINDS } from '../../../core/privacy/retention-schedule';
import { parseMoneyInput } from '../../../core/shared/money';
import { isMemberEmail, isPhoneNumber } from '../../../core/members/member-form';

/**
 * Whatever a client sends, the answer is a 4xx JSON error, never a 500, and nothing stored
 * changes. Targets are chosen so that even a body that happened to be valid could not store
 * anything (a fully booked event, an inactive work day, an unknown admin uid), which keeps the
 * "nothing changed" check exact.
 */

let app: TestApp;
let admin: TestAgent;
let fullEventId: string;
let editableEventId: string;
/** A cancelled booking and its manage token: no request can change it any more. */
let cancelledId: string;
let cancelledToken: string;
/** An event already cancelled: any body is refused (400 or 409), none changes it. */
let cancelledEventId: string;
let seriesId: string;
/** A signed-in member (a session stored directly) with no passkey, no registration challenge and no household: no body can add one. */
let member: TestAgent;

beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  await app.get('waterLevels').putMany([{ date: '2026-01-10', percentFull: 40 }]);
  await addWorkDays(app);
  const full = await addEvent(app, { capacity: 1 });
  fullEventId = full.id;
  const booked = await app.agent().post('/api/bookings').send({ eventId: full.id, firstName: 'A', lastName: 'B', numberAttending: '1' });
  expect(booked.status).toBe(201);
  editableEventId = (await addEvent(app)).id;
  const gone = await app.agent().post('/api/bookings').send({ eventId: editableEventId, firstName: 'C', lastName: 'D', numberAttending: '1' });
  cancelledId = gone.body.bookingId;
  cancelledToken = new URL(gone.body.managePath, 'http://x').searchParams.get('token')!;
  expect((await app.agent().post('/api/my-booking/cancel').send({ token: cancelledToken })).status).toBe(200);
  // A sent e-mail that a resend could queue again: no generated id names it.
  await app
    .get('outbox')
    .add([
      newOutboxMessage(
        'sent-mail',
        'booking-confirmation',
        null,
        { to: 'a@example.org', subject: 'S', text: 'T', html: '<p>T</p>', attachments: [] },
        app.clock.now(),
      ),
    ]);
  await app.get('outbox').replace(afterSent((await app.get('outbox').get('sent-mail'))!, app.clock.now()));
  await addAdmin(app, 'fuzz@example.org');
  admin = app.agent();
  await signIn(admin, 'fuzz@example.org');
  await app.get('photos').create(FUZZ_PHOTO);
  cancelledEventId = (await addEvent(app)).id;
  const series = await admin
    .post('/api/admin/event-series')
    .set(FETCH)
    .send({ name: 'Fuzzed series', rule: 'FREQ=WEEKLY', firstDate: '2026-08-02', lastDate: '2026-08-16', startTime: '10:00', endTime: '12:00' });
  expect(series.status).toBe(201);
  seriesId = series.body.series.id;
  await app
    .get('membership')
    .createCategory({
      id: 'fuzz-category',
      name: 'Fuzz',
      description: '',
      seasonPrice: 100,
      coversHousehold: false,
      dutiesPerSeason: 0,
      onlinePurchase: true,
      life: false,
      withdrawn: false,
      createdAt: '2026-06-01T09:00:00.000Z',
      updatedAt: '2026-06-01T09:00:00.000Z',
    });
  await app
    .get('members')
    .create({
      id: 'fuzz-member',
      name: 'Fuzz Member',
      email: 'fuzz-member@example.org',
      membershipType: 'Adult',
      renewalDate: '2027-03-31',
      disabled: false,
      createdAt: app.clock.now().toISOString(),
      updatedAt: app.clock.now().toISOString(),
    });
  const memberToken = 'fuzz-member-session-token';
  await app
    .get('memberSessions')
    .create({
      tokenHash: new CryptoSecretTokens().hash(memberToken),
      uid: 'fuzz-member',
      passkeyId: null,
      createdAt: app.clock.now().toISOString(),
      expiresAt: new Date(app.clock.now().getTime() + 86_400_000).toISOString(),
    });
  member = app.agent();
  member.set('Cookie', `kyc_member=${memberToken}`);
  expect((await admin.post(`/api/admin/events/${cancelledEventId}/cancel`).set(FETCH).send({ reason: 'Called off' })).status).toBe(200);
});
afterAll(async () => {
  await app.dispose();
});

const FUZZ_PHOTO = {
  id: 'fuzz-photo-kept',
  caption: 'Kept as it is',
  credit: '',
  position: 0,
  hidden: false,
  width: 320,
  height: 240,
  variants: [{ file: 'w320.jpg', format: 'jpeg' as const, width: 320, height: 240, bytes: 1000 }],
  createdAt: '2026-06-01T09:00:00.000Z',
  updatedAt: '2026-06-01T09:00:00.000Z',
};

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u0041',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '👩‍👩‍👧‍👦',
    'NaN',
    '-1',
    '1e400',
    '0x10',
    '__proto__',
    'constructor',
    '{"a":1}',
    '<script>alert(1)</script>',
    "'; DROP TABLE events; --",
    '%00',
    '\uD800',
  ),
  fc.string({ minLength: 2000, maxLength: 20_000 }),
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), oddText, fc.constantFrom(null, true, false, -1, 1.5, 1e308, [], {}));

/** The keys a series and a "this and later" change share. */
const SERIES_KEYS = ['name', 'description', 'startTime', 'endTime', 'templateId', 'price', 'capacity', 'requiresPayment', 'currency'];

/** An object with the endpoint's own keys (and some others), each of any type. */
function shapedBody(keys: string[], forced: Record<string, fc.Arbitrary<unknown>> = {}) {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) record[key] = anyValue;
  Object.assign(record, forced);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: Object.keys(forced) }),
      fc.dictionary(fc.constantFrom('__proto__', 'extra', 'constructor', 'x'), anyValue, { maxKeys: 2 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));
}

/** A ceremony answer's `response`: odd values, or base64url text (of a JSON clientDataJSON now and then). */
function passkeyResponse(keys: string[]) {
  const base64url = fc.oneof(
    fc.string({ unit: fc.constantFrom(...'abcXYZ019-_'), maxLength: 60 }),
    fc.json().map((json) => Buffer.from(json).toString('base64url')),
    fc.constant(Buffer.from('{"challenge":"abc"}').toString('base64url')),
  );
  return fc.oneof(anyValue, fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(base64url, anyValue)]))));
}

const badWallClock = fc.oneof(
  anyValue.filter((v) => typeof v !== 'string'),
  oddText.filter((s) => !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s.trim())),
);
const workDayKeys = ['name', 'description', 'date', 'foodAvailable', 'active', 'tools', 'notes', 'jobs'];
const badWorkDayName = fc.oneof(
  anyValue.filter((v) => typeof v !== 'string'),
  fc.constantFrom('', '   ', '\t\n'),
);
const badPassword = fc.oneof(
  anyValue.filter((v) => typeof v !== 'string'),
  fc.string({ maxLength: 7 }),
);

interface Target {
  name: string;
  method: 'post' | 'put' | 'patch';
  path: () => string;
  agent: () => TestAgent;
  /** Built when the test runs, after beforeAll has stored the targets' ids. */
  body: () => fc.Arbitrary<unknown>;
}

const bookingKeys = [
  'eventId',
  'firstName',
  'lastName',
  'numberAttending',
  'numberOfChildren',
  'numberOfSoftDrinks',
  'numberOfVegetarian',
  'boatName',
  'email',
];
const eventKeys = [
  'name',
  'description',
  'longdescription',
  'eventdatetime',
  'eventenddatetime',
  'bookingEndDate',
  'allowBooking',
  'isBoatEvent',
  'offerChild',
  'offerSoftDrinks',
  'offerVeg',
  'requiresPayment',
  'price',
  'currency',
  'capacity',
];
const newsKeys = ['subject', 'body', 'publishAt', 'status'];
const pageKeys = ['title', 'body', 'expectedUpdatedAt'];
/** A page body no rule accepts: not text, only white space, or longer than 50,000 characters. */
const badPageBody = fc.oneof(
  anyValue.filter((v) => typeof v !== 'string' || v.trim() === '' || v.length > 50_000),
  fc.constantFrom('', ' \n\t ', 'x'.repeat(50_001), `${'y'.repeat(50_000)}z`),
);
const categoryKeys = ['name', 'description', 'price', 'coversHousehold', 'dutiesPerSeason', 'onlinePurchase', 'life', 'withdrawn'];
/** A price no category may have: not text, empty, not an amount in steps of 0.01, or above the largest payment. */
const badCategoryPrice = fc.oneof(
  anyValue.filter((v) => typeof v !== 'string' || v.length > 100 || parseMoneyInput(v) === null),
  fc.constantFrom('', ' ', '-1', '1.001', '1,50', '£12', '1000000.01', '99999999999999'),
);
const settingsKeys = [
  'yearKind',
  'yearStartMonth',
  'yearStartDay',
  'renewalWindowWeeks',
  'reminderDays',
  'discountPercent',
  'discountFromMonth',
  'discountFromDay',
  'admission',
  'applicationExpiryDays',
];
/** An application expiry no setting may have: not a whole number of days from 1 to 365. */
const badExpiry = fc.oneof(
  anyValue.filter((v) => typeof v !== 'string' || !/^\s*\d{1,4}\s*$/.test(v) || Number(v) < 1 || Number(v) > 365),
  fc.constantFrom('', '0', '366', '-1', '1.5', '30 days', '1e2'),
);
const TARGETS: Target[] = [
  {
    name: 'POST /api/bookings',
    method: 'post',
    path: () => '/api/bookings',
    agent: () => app.agent(),
    body: () => fc.oneof(shapedBody(bookingKeys, { eventId: fc.constant(fullEventId) }), shapedBody(bookingKeys)),
  },
  {
    name: 'POST /api/work-days/:id/signups',
    method: 'post',
    path: () => '/api/work-days/old-work-day/signups',
    agent: () => app.agent(),
    body: () => shapedBody(['firstName', 'lastName', 'selectedJobs', 'otherJob', 'notes', 'bringingTools', 'wantsFood', 'email']),
  },
  {
    name: 'POST /api/admin/session',
    method: 'post',
    path: () => '/api/admin/session',
    agent: () => app.agent(),
    body: () => shapedBody(['email', 'password']),
  },
  {
    // No generated body carries the admin's password, so none changes it: each is refused as bad
    // input or as a wrong current password (from its own address, so the throttle never hides it).
    name: 'POST /api/admin/account/password',
    method: 'post',
    path: () => '/api/admin/account/password',
    agent: () => admin,
    body: () =>
      fc.oneof(
        shapedBody(['currentPassword', 'newPassword']),
        shapedBody(['currentPassword', 'newPassword'], { currentPassword: oddText, newPassword: fc.oneof(badPassword, oddText) }),
      ),
  },
  {
    name: 'POST /api/admin/events',
    method: 'post',
    path: () => '/api/admin/events',
    agent: () => admin,
    body: () => shapedBody(eventKeys, { eventdatetime: badWallClock }),
  },
  {
    name: 'PUT /api/admin/events/:id',
    method: 'put',
    path: () => `/api/admin/events/${editableEventId}`,
    agent: () => admin,
    body: () => shapedBody(eventKeys, { eventdatetime: badWallClock }),
  },
  {
    name: 'POST /api/admin/admins',
    method: 'post',
    path: () => '/api/admin/admins',
    agent: () => admin,
    body: () => shapedBody(['email', 'name', 'password', 'permissions'], { password: badPassword }),
  },
  {
    name: 'POST /api/my-booking/cancel',
    method: 'post',
    path: () => '/api/my-booking/cancel',
    agent: () => app.agent(),
    body: () => shapedBody(['token'], { token: fc.oneof(fc.constant(cancelledToken), oddText, fc.constant(`${cancelledToken}x`)) }),
  },
  {
    name: 'POST /api/my-booking/change',
    method: 'post',
    path: () => '/api/my-booking/change',
    agent: () => app.agent(),
    body: () =>
      shapedBody(['token', 'numberAttending', 'numberOfChildren', 'confirm'], {
        token: fc.oneof(fc.constant(cancelledToken), oddText, fc.constant(`${cancelledToken}x`)),
        confirm: fc.oneof(fc.boolean(), anyValue),
      }),
  },
  ...(['cancel', 'refund', 'mark-paid'] as const).map((action): Target => ({
    name: `POST /api/admin/bookings/:id/${action}`,
    method: 'post',
    path: () => `/api/admin/bookings/${cancelledId}/${action}`,
    agent: () => admin,
    body: () =>
      shapedBody(
        ['refund', 'method', 'reference', 'reason'],
        action === 'mark-paid' ? { method: fc.oneof(fc.constantFrom('cash', 'transfer'), anyValue) } : {},
      ),
  })),
  {
    name: 'POST /api/admin/events/:id/cancel',
    method: 'post',
    path: () => `/api/admin/events/${cancelledEventId}/cancel`,
    agent: () => admin,
    body: () => shapedBody(['reason']),
  },
  {
    name: 'POST /api/admin/event-series',
    method: 'post',
    path: () => '/api/admin/event-series',
    agent: () => admin,
    body: () => shapedBody([...SERIES_KEYS, 'rule', 'firstDate', 'lastDate', 'skippedDates', 'addedDates']),
  },
  {
    name: 'POST /api/admin/event-series/:id/change',
    method: 'post',
    path: () => `/api/admin/event-series/${seriesId}/change`,
    agent: () => admin,
    body: () => shapedBody([...SERIES_KEYS, 'fromEventId']),
  },
  {
    // No date of the series has a random id, so no body cancels anything.
    name: 'POST /api/admin/event-series/:id/end',
    method: 'post',
    path: () => `/api/admin/event-series/${seriesId}/end`,
    agent: () => admin,
    body: () => shapedBody(['fromEventId', 'reason']),
  },
  {
    name: 'PATCH /api/admin/bookings/:id',
    method: 'patch',
    path: () => `/api/admin/bookings/${cancelledId}`,
    agent: () => admin,
    body: () => shapedBody(bookingKeys.filter((k) => k !== 'eventId')),
  },
  {
    name: 'PATCH /api/admin/admins/:uid',
    method: 'patch',
    path: () => '/api/admin/admins/no-such-admin',
    agent: () => admin,
    body: () => shapedBody(['name', 'permissions', 'disabled']),
  },
  {
    // An event without a capacity: even a valid join is refused (book instead), so nothing is stored.
    name: 'POST /api/events/:id/waiting-list',
    method: 'post',
    path: () => `/api/events/${editableEventId}/waiting-list`,
    agent: () => app.agent(),
    body: () => shapedBody(['name', 'email', 'places']),
  },
  {
    name: 'POST /api/work-day-signup/withdraw',
    method: 'post',
    path: () => '/api/work-day-signup/withdraw',
    agent: () => app.agent(),
    body: () => shapedBody(['token'], { token: oddText }),
  },
  {
    name: 'POST /api/waiting-list/leave',
    method: 'post',
    path: () => '/api/waiting-list/leave',
    agent: () => app.agent(),
    body: () => shapedBody(['token'], { token: oddText }),
  },
  {
    name: 'POST /api/admin/events/:id/waiting-list/:entryId/offer',
    method: 'post',
    path: () => `/api/admin/events/${fullEventId}/waiting-list/no-such-entry/offer`,
    agent: () => admin,
    body: () => anyValue,
  },
  {
    name: 'POST /api/bookings with an offer token',
    method: 'post',
    path: () => '/api/bookings',
    agent: () => app.agent(),
    // No generated text is a signed offer: every one is refused before anything is stored.
    body: () =>
      shapedBody(bookingKeys, {
        eventId: fc.constant(editableEventId),
        offerToken: anyValue,
        firstName: fc.constant('A'),
        lastName: fc.constant('B'),
        numberAttending: fc.constant('1'),
      }),
  },
  {
    name: 'POST /api/admin/events/:id/waiting-list/:entryId/remove',
    method: 'post',
    path: () => `/api/admin/events/${fullEventId}/waiting-list/no-such-entry/remove`,
    agent: () => admin,
    body: () => anyValue,
  },
  {
    // No generated status is 'draft' or 'published' and no generated time a wall clock, so none is stored.
    name: 'POST /api/admin/news',
    method: 'post',
    path: () => '/api/admin/news',
    agent: () => admin,
    body: () =>
      fc.oneof(
        shapedBody(newsKeys),
        shapedBody(newsKeys, { subject: oddText, body: oddText, status: fc.constantFrom('draft', 'published'), publishAt: badWallClock }),
      ),
  },
  {
    name: 'PUT /api/admin/news/:id',
    method: 'put',
    path: () => '/api/admin/news/no-such-news-item',
    agent: () => admin,
    body: () => fc.oneof(shapedBody(newsKeys), shapedBody(newsKeys, { subject: oddText, body: oddText, status: fc.constantFrom('draft', 'published') })),
  },
  {
    // The slug names no page: whatever the body, nothing is stored.
    name: 'PUT /api/admin/pages/:slug',
    method: 'put',
    path: () => '/api/admin/pages/no-such-page',
    agent: () => admin,
    body: () => fc.oneof(shapedBody(pageKeys), shapedBody(pageKeys, { title: oddText, body: oddText })),
  },
  {
    // A real page, but no generated body is one a page may have, so none is stored.
    name: 'PUT /api/admin/pages/beginners',
    method: 'put',
    path: () => '/api/admin/pages/beginners',
    agent: () => admin,
    body: () => shapedBody(pageKeys, { title: oddText, body: badPageBody }),
  },
  {
    // No generated price is one a category may have, so none is added.
    name: 'POST /api/admin/membership/categories',
    method: 'post',
    path: () => '/api/admin/membership/categories',
    agent: () => admin,
    body: () => shapedBody(categoryKeys, { name: oddText, price: badCategoryPrice }),
  },
  {
    name: 'PUT /api/admin/membership/categories/:id',
    method: 'put',
    path: () => '/api/admin/membership/categories/no-such-category',
    agent: () => admin,
    body: () => fc.oneof(shapedBody(categoryKeys), shapedBody(categoryKeys, { name: oddText, price: oddText, dutiesPerSeason: oddText })),
  },
  {
    // A real category, but no generated price is one it may have, so it stays as it is.
    name: 'PUT /api/admin/membership/categories/fuzz-category',
    method: 'put',
    path: () => '/api/admin/membership/categories/fuzz-category',
    agent: () => admin,
    body: () => shapedBody(categoryKeys, { name: oddText, price: badCategoryPrice }),
  },
  {
    // No order exists, so no generated body confirms a payment.
    name: 'POST /api/admin/membership/orders/:id/paid',
    method: 'post',
    path: () => '/api/admin/membership/orders/no-such-order/paid',
    agent: () => admin,
    body: () => shapedBody(['method']),
  },
  {
    // No order exists, so no generated body cancels anything (the route reads no body).
    name: 'POST /api/admin/membership/orders/:id/cancel',
    method: 'post',
    path: () => '/api/admin/membership/orders/no-such-order/cancel',
    agent: () => admin,
    body: () => anyValue,
  },
  {
    // No application exists, so no generated reason declines one.
    name: 'POST /api/admin/membership/applications/:id/decline',
    method: 'post',
    path: () => '/api/admin/membership/applications/no-such-application/decline',
    agent: () => admin,
    body: () => shapedBody(['reason']),
  },
  {
    // No order exists, so no generated body refunds anything (the route reads no body).
    name: 'POST /api/admin/membership/orders/:id/refund',
    method: 'post',
    path: () => '/api/admin/membership/orders/no-such-order/refund',
    agent: () => admin,
    body: () => anyValue,
  },
  {
    // No generated expiry is one the settings may have, so nothing is saved.
    name: 'PUT /api/admin/membership/settings',
    method: 'put',
    path: () => '/api/admin/membership/settings',
    agent: () => admin,
    body: () => shapedBody(settingsKeys, { yearKind: fc.oneof(anyValue, fc.constantFrom('fixed', 'rolling')), applicationExpiryDays: badExpiry }),
  },
  {
    // A preview stores nothing; no generated body is one a page may have, so each is refused.
    name: 'POST /api/admin/pages/preview',
    method: 'post',
    path: () => '/api/admin/pages/preview',
    agent: () => admin,
    body: () => shapedBody(['body'], { body: badPageBody }),
  },
  {
    name: 'POST /api/admin/password-reset',
    method: 'post',
    path: () => '/api/admin/password-reset',
    agent: () => app.agent(),
    body: () => shapedBody(['email']),
  },
  {
    name: 'POST /api/member/sign-in/code',
    method: 'post',
    path: () => '/api/member/sign-in/code',
    agent: () => app.agent(),
    // No member is on the list: even a good address queues no e-mail.
    body: () => shapedBody(['email']),
  },
  {
    name: 'POST /api/member/sign-in',
    method: 'post',
    path: () => '/api/member/sign-in',
    agent: () => app.agent(),
    // No code was ever sent, so even six good digits sign no one in.
    body: () => shapedBody(['email', 'code'], { code: fc.oneof(oddText, fc.string({ unit: fc.constantFrom(...'0123456789 '), minLength: 6, maxLength: 8 })) }),
  },
  {
    // The signed-in member's household: no generated kind is adult or junior, so nothing is added.
    name: 'POST /api/my/household',
    method: 'post',
    path: () => '/api/my/household',
    agent: () => member,
    body: () =>
      shapedBody(['name', 'kind', 'yearOfBirth'], {
        kind: fc.oneof(anyValue, oddText).filter((v) => !(typeof v === 'string' && ['adult', 'junior'].includes(v.trim().toLowerCase()))),
      }),
  },
  {
    // No such person: a good body is 404, a bad one 400.
    name: 'PUT /api/my/household/:id',
    method: 'put',
    path: () => '/api/my/household/no-such-person',
    agent: () => member,
    body: () => shapedBody(['name', 'kind', 'yearOfBirth']),
  },
  {
    // Subscribing a device to push: no generated keys are a P-256 key and an auth secret, so nothing is stored.
    name: 'POST /api/my/push/subscriptions',
    method: 'post',
    path: () => '/api/my/push/subscriptions',
    agent: () => member,
    body: () => shapedBody(['endpoint', 'keys', 'deviceLabel', 'kinds'], { keys: fc.oneof(anyValue, fc.record({ p256dh: oddText, auth: oddText })) }),
  },
  {
    // The fuzz member has no device: a good body is 404, a bad one 400.
    name: 'PUT /api/my/push',
    method: 'put',
    path: () => '/api/my/push',
    agent: () => member,
    body: () => shapedBody(['endpoint', 'kinds']),
  },
  {
    // The signed-in member's availability: no generated list is all dates of the season, so nothing is stored.
    name: 'PUT /api/my/availability',
    method: 'put',
    path: () => '/api/my/availability',
    agent: () => member,
    body: () =>
      shapedBody(['unavailable', 'wishes'], {
        unavailable: fc
          .oneof(
            anyValue,
            fc.array(fc.oneof(oddText, fc.constantFrom('2026-02-30', '2026-13-01', '2026-00-10', '2027-04-01', '1 June 2026')), { minLength: 1, maxLength: 4 }),
          )
          .filter((v) => !(Array.isArray(v) && v.every((d) => typeof d === 'string' && /^2026-(0[4-9]|1[0-2])-\d\d$/.test(d)))),
      }),
  },
  {
    // The fuzz member holds no duty: a good body is 404 "You do not hold this duty", a bad one 400; no swap is stored.
    name: 'POST /api/my/duties/:slotId/swap',
    method: 'post',
    path: () => '/api/my/duties/no-such-slot/swap',
    agent: () => member,
    body: () => shapedBody(['toMemberId']),
  },
  {
    name: 'POST /api/member/sign-in/passkey',
    method: 'post',
    path: () => '/api/member/sign-in/passkey',
    agent: () => app.agent(),
    // No challenge was ever given out, so even a well-formed answer signs no one in.
    body: () =>
      shapedBody(['id', 'rawId', 'type', 'response', 'clientExtensionResults'], {
        response: passkeyResponse(['clientDataJSON', 'authenticatorData', 'signature', 'userHandle']),
      }),
  },
  {
    name: 'POST /api/member/sign-in/renewal-link',
    method: 'post',
    path: () => '/api/member/sign-in/renewal-link',
    agent: () => app.agent(),
    // No renewal link was ever signed for the fuzz input, so no token signs anyone in.
    body: () => shapedBody(['token']),
  },
  {
    name: 'POST /api/member/passkeys',
    method: 'post',
    path: () => '/api/member/passkeys',
    agent: () => member,
    // The member never asked for registration options, so no answer adds a passkey.
    body: () =>
      shapedBody(['id', 'rawId', 'type', 'response', 'clientExtensionResults'], {
        response: passkeyResponse(['clientDataJSON', 'attestationObject', 'transports']),
      }),
  },
  {
    name: 'POST /api/admin/password-reset/confirm',
    method: 'post',
    path: () => '/api/admin/password-reset/confirm',
    agent: () => app.agent(),
    // No token of a generated body was ever issued, so even a good password sets nothing.
    body: () =>
      shapedBody(['token', 'password'], { token: fc.oneof(oddText, fc.string({ unit: fc.constantFrom(...'abcXYZ019-_'), minLength: 43, maxLength: 43 })) }),
  },
  {
    // A JSON (or text) body is no photo: refused as the wrong type, or for the missing caption.
    name: 'POST /api/admin/photos',
    method: 'post',
    path: () => '/api/admin/photos',
    agent: () => admin,
    body: () => shapedBody(['caption', 'credit', 'photo']),
  },
  {
    name: 'PATCH /api/admin/photos/:id',
    method: 'patch',
    path: () => '/api/admin/photos/no-such-photo',
    agent: () => admin,
    body: () => shapedBody(['caption', 'credit', 'hidden']),
  },
  {
    // One photo is stored (FUZZ_PHOTO), so no generated order names every photo: none is taken.
    name: 'PUT /api/admin/photos/order',
    method: 'put',
    path: () => '/api/admin/photos/order',
    agent: () => admin,
    body: () => shapedBody(['ids'], { ids: fc.oneof(fc.array(oddText, { maxLength: 5 }), anyValue) }),
  },
  // Work days: the name is always refused (blank or not text), so even a body valid otherwise stores nothing.
  ...(
    [
      ['POST /api/admin/work-days', 'post', () => '/api/admin/work-days'],
      ['PUT /api/admin/work-days/:id', 'put', () => '/api/admin/work-days/old-work-day'],
    ] as const
  ).map(([name, method, path]): Target => ({
    name,
    method,
    path,
    agent: () => admin,
    body: () =>
      shapedBody(workDayKeys, {
        name: badWorkDayName,
        jobs: fc.oneof(anyValue, fc.array(shapedBody(['id', 'title', 'description', 'volunteersNeeded', 'closed']), { maxLength: 40 })),
      }),
  })),
  {
    // `archived` is never a boolean here, so no generated body archives anything.
    name: 'POST /api/admin/work-days/:id/archive',
    method: 'post',
    path: () => '/api/admin/work-days/old-work-day/archive',
    agent: () => admin,
    body: () => shapedBody(['archived'], { archived: anyValue.filter((v) => typeof v !== 'boolean') }),
  },
  {
    // Never a non-empty list of ids, so no generated body removes anything.
    name: 'POST /api/admin/work-days/:id/signups/remove',
    method: 'post',
    path: () => '/api/admin/work-days/old-work-day/signups/remove',
    agent: () => admin,
    body: () =>
      shapedBody(['signupIds'], {
        signupIds: fc.oneof(
          anyValue.filter((v) => !Array.isArray(v)),
          fc.constant([]),
          fc.array(
            anyValue.filter((v) => typeof v !== 'string'),
            { minLength: 1, maxLength: 5 },
          ),
        ),
      }),
  },
  {
    // Today is 1 June 2026: a reading dated later, or no date at all, is never stored.
    name: 'POST /api/admin/water-levels',
    method: 'post',
    path: () => '/api/admin/water-levels',
    agent: () => admin,
    body: () =>
      shapedBody(['date', 'percentFull'], {
        date: fc.oneof(
          fc.constantFrom('2026-06-02', '24/12/2099', '2026-02-30', '31/04/2026'),
          anyValue.filter((v) => typeof v !== 'string' || !/\d/.test(v)),
        ),
      }),
  },
  {
    // No reading is stored on that day, so even a good percentage corrects nothing.
    name: 'PUT /api/admin/water-levels/:date',
    method: 'put',
    path: () => '/api/admin/water-levels/2026-01-09',
    agent: () => admin,
    body: () => shapedBody(['percentFull']),
  },
  // Duty records: a name that is never valid (or a slot, event or member that does not exist), so no body stores anything.
  ...(['qualifications', 'types', 'templates'] as const).map((kind): Target => ({
    name: `POST /api/admin/duties/${kind}`,
    method: 'post',
    path: () => `/api/admin/duties/${kind}`,
    agent: () => admin,
    body: () => shapedBody(['name', 'validityMonths', 'description', 'qualificationIds', 'needs'], { name: badWorkDayName }),
  })),
  {
    name: 'PUT /api/admin/duties/member-qualifications/:memberId/:qualificationId',
    method: 'put',
    path: () => '/api/admin/duties/member-qualifications/no-such-member/no-such-qualification',
    agent: () => admin,
    body: () => shapedBody(['expiresOn']),
  },
  {
    name: 'POST /api/admin/duties/events/:eventId/template',
    method: 'post',
    path: () => '/api/admin/duties/events/no-such-event/template',
    agent: () => admin,
    body: () => shapedBody(['templateId']),
  },
  {
    name: 'POST /api/admin/duties/events/:eventId/slots',
    method: 'post',
    path: () => `/api/admin/duties/events/${editableEventId}/slots`,
    agent: () => admin,
    body: () =>
      shapedBody(['dutyTypeId', 'needed', 'optional', 'allowsSecondDuty'], {
        dutyTypeId: fc.oneof(
          anyValue.filter((v) => typeof v !== 'string'),
          oddText,
        ),
      }),
  },
  {
    name: 'POST /api/admin/duties/slots/:slotId/assignments',
    method: 'post',
    path: () => '/api/admin/duties/slots/no-such-slot/assignments',
    agent: () => admin,
    body: () => shapedBody(['memberId', 'overrideReason']),
  },
  {
    // No slot or member of these ids exists, so every list breaks a rota rule and nothing is written.
    name: 'POST /api/admin/duties/rota-fill/publish',
    method: 'post',
    path: () => '/api/admin/duties/rota-fill/publish',
    agent: () => admin,
    body: () => shapedBody(['season', 'assignments']),
  },
  {
    // The renewal date is never a real date, so no generated body adds a member.
    name: 'POST /api/admin/members',
    method: 'post',
    path: () => '/api/admin/members',
    agent: () => admin,
    body: () =>
      shapedBody(['name', 'email', 'membershipType', 'renewalDate'], {
        renewalDate: fc.oneof(
          fc.constantFrom('31/02/2027', '2027-13-01', '1/1/27', 'next year', ''),
          anyValue.filter((v) => typeof v !== 'string' || !/\d/.test(v)),
        ),
      }),
  },
  {
    // No member has this id, so even a good change changes nothing.
    name: 'PATCH /api/admin/members/:id',
    method: 'patch',
    path: () => '/api/admin/members/no-such-member',
    agent: () => admin,
    body: () => shapedBody(['name', 'email', 'membershipType', 'renewalDate', 'disabled']),
  },
  {
    // Never a list of kinds whose default is among them, so no generated body saves limits.
    name: 'PUT /api/admin/conditions/limits',
    method: 'put',
    path: () => '/api/admin/conditions/limits',
    agent: () => admin,
    body: () =>
      shapedBody(['kinds', 'defaultKind', 'marginKn'], {
        kinds: fc.oneof(anyValue, fc.array(shapedBody(['id', 'name', 'windKn', 'gustKn']), { maxLength: 4 })),
        defaultKind: fc.constant('no-such-kind'),
      }),
  },
  {
    // The event does not exist: no kind is stored.
    name: 'PUT /api/admin/events/:id/go-no-go/kind',
    method: 'put',
    path: () => '/api/admin/events/no-such-event/go-no-go/kind',
    agent: () => admin,
    body: () => shapedBody(['kind']),
  },
  {
    // The event does not exist: nothing is decided, moved or cancelled.
    name: 'POST /api/admin/events/:id/go-no-go/decisions',
    method: 'post',
    path: () => '/api/admin/events/no-such-event/go-no-go/decisions',
    agent: () => admin,
    body: () =>
      shapedBody(['decision', 'reason', 'eventdatetime', 'eventenddatetime'], { decision: fc.oneof(fc.constantFrom('go', 'postpone', 'cancel'), anyValue) }),
  },
  {
    // A real event, but never a body that passes: postpone with a start that is not a future date, or no reason.
    name: 'POST /api/admin/events/:id/go-no-go/decisions (a real event)',
    method: 'post',
    path: () => `/api/admin/events/${fullEventId}/go-no-go/decisions`,
    agent: () => admin,
    body: () =>
      fc.oneof(
        shapedBody(['reason', 'eventdatetime', 'eventenddatetime'], { decision: fc.constant('postpone'), eventdatetime: badWallClock }),
        shapedBody(['eventdatetime'], {
          decision: fc.constantFrom('go', 'cancel'),
          reason: fc.oneof(
            fc.constantFrom('', '   ', '\t'),
            anyValue.filter((v) => typeof v !== 'string'),
          ),
        }),
      ),
  },
  {
    name: 'PUT /api/admin/documents/:id',
    method: 'put',
    path: () => '/api/admin/documents/no-such-document',
    agent: () => admin,
    body: () => shapedBody(['title', 'description', 'category', 'keepOffline']),
  },
  {
    // No document is stored here: no list of ids can name every one, so no order is taken.
    name: 'PUT /api/admin/document-order',
    method: 'put',
    path: () => '/api/admin/document-order',
    agent: () => admin,
    body: () => shapedBody(['ids'], { ids: fc.oneof(fc.array(oddText, { maxLength: 5 }), anyValue) }),
  },
  // Data requests (docs/privacy-requests.md): no generated address names anyone held, so nothing is erased or sent.
  ...(['archive', 'erase'] as const).map((action): Target => ({
    name: `POST /api/admin/privacy/${action}`,
    method: 'post',
    path: () => `/api/admin/privacy/${action}`,
    agent: () => admin,
    body: () => shapedBody(['email'], { email: fc.oneof(anyValue, oddText, fc.constantFrom('a@b', 'nobody@example.org', ' @example.org')) }),
  })),
  {
    // Only `confirm: true` erases: every other body is refused before anything is read.
    name: 'POST /api/my/erase',
    method: 'post',
    path: () => '/api/my/erase',
    agent: () => member,
    body: () => shapedBody(['confirm'], { confirm: anyValue.filter((v) => v !== true) }),
  },
  // Check-in (docs/officer-of-the-day.md): no booking has this id, so even a good mark is refused.
  {
    name: 'POST /api/admin/bookings/:id/attendance',
    method: 'post',
    path: () => '/api/admin/bookings/no-such-booking/attendance',
    agent: () => admin,
    body: () => shapedBody(['key', 'expectedVersion', 'arrived', 'arrivedPeople']),
  },
  {
    // A real booking, but cancelled: a good mark is refused (409), a bad one (400); none is applied.
    name: 'POST /api/admin/bookings/:id/attendance (a cancelled booking)',
    method: 'post',
    path: () => `/api/admin/bookings/${cancelledId}/attendance`,
    agent: () => admin,
    body: () =>
      shapedBody(['key', 'expectedVersion', 'arrived', 'arrivedPeople'], {
        key: fc.oneof(fc.uuid(), oddText),
        expectedVersion: fc.oneof(fc.nat(3), anyValue),
        arrived: fc.oneof(fc.integer({ min: -2, max: 50 }), anyValue),
      }),
  },
  // The tally board: no booking has this id; a real but cancelled one refuses every mark.
  {
    name: 'POST /api/admin/bookings/:id/afloat',
    method: 'post',
    path: () => '/api/admin/bookings/no-such-booking/afloat',
    agent: () => admin,
    body: () => shapedBody(['key', 'personId', 'afloat', 'markedAt']),
  },
  {
    name: 'POST /api/admin/bookings/:id/afloat (a cancelled booking)',
    method: 'post',
    path: () => `/api/admin/bookings/${cancelledId}/afloat`,
    agent: () => admin,
    body: () =>
      shapedBody(['key', 'personId', 'afloat', 'markedAt'], {
        key: fc.oneof(fc.uuid(), oddText),
        personId: fc.oneof(fc.constant('booker'), anyValue),
        afloat: fc.oneof(fc.boolean(), anyValue),
      }),
  },
  // Walk-ins (docs/officer-of-the-day.md#walk-ins): no event or walk-in has these ids; a cancelled event takes none.
  {
    name: 'POST /api/admin/events/:id/walk-ins',
    method: 'post',
    path: () => '/api/admin/events/no-such-event/walk-ins',
    agent: () => admin,
    body: () => shapedBody(['id', 'name', 'phone', 'emergencyContactName', 'emergencyContactPhone']),
  },
  {
    name: 'POST /api/admin/events/:id/walk-ins (a cancelled event)',
    method: 'post',
    path: () => `/api/admin/events/${cancelledEventId}/walk-ins`,
    agent: () => admin,
    body: () =>
      shapedBody(['id', 'name', 'phone', 'emergencyContactName', 'emergencyContactPhone'], {
        id: fc.oneof(fc.uuid(), oddText),
        name: fc.oneof(fc.constantFrom('Wendy Walker', '', '   '), oddText, anyValue),
        emergencyContactPhone: fc.oneof(fc.constant('07700 900456'), oddText, anyValue),
      }),
  },
  {
    name: 'POST /api/admin/walk-ins/:id/afloat',
    method: 'post',
    path: () => '/api/admin/walk-ins/no-such-walk-in/afloat',
    agent: () => admin,
    body: () => shapedBody(['key', 'afloat', 'markedAt'], { key: fc.oneof(fc.uuid(), oddText), afloat: fc.oneof(fc.boolean(), anyValue) }),
  },
  // Announcements (docs/notifications.md): no event has this id; on a real event the subject is never one the rule takes.
  {
    name: 'POST /api/admin/events/:id/announcements',
    method: 'post',
    path: () => '/api/admin/events/no-such-event/announcements',
    agent: () => admin,
    body: () =>
      shapedBody(['id', 'audiences', 'subject', 'text'], {
        id: fc.oneof(fc.uuid(), oddText),
        audiences: fc.oneof(fc.subarray(['booked', 'waiting', 'duty']), anyValue),
      }),
  },
  {
    name: 'POST /api/admin/events/:id/announcements (a bad subject)',
    method: 'post',
    path: () => `/api/admin/events/${cancelledEventId}/announcements`,
    agent: () => admin,
    body: () =>
      shapedBody(['id', 'audiences', 'subject', 'text'], {
        id: fc.uuid(),
        audiences: fc.oneof(fc.subarray(['booked', 'waiting', 'duty'], { minLength: 1 }), anyValue),
        subject: fc.oneof(
          anyValue.filter((v) => typeof v !== 'string' || v.trim() === '' || v.trim().length > 120),
          fc.constantFrom('', '   ', 'x'.repeat(121)),
        ),
      }),
  },
  // Households of several members: no generated e-mail is a listed member's, no member id names one in the household.
  {
    name: 'POST /api/my/household/invitations',
    method: 'post',
    path: () => '/api/my/household/invitations',
    agent: () => member,
    body: () => shapedBody(['email']),
  },
  // My details: no generated phone is one (nor empty), no generated e-mail a real one, and no change code was ever sent.
  {
    name: 'PUT /api/my/details',
    method: 'put',
    path: () => '/api/my/details',
    agent: () => member,
    body: () =>
      shapedBody(['emergencyContactName', 'emergencyContactPhone'], {
        phone: fc.oneof(anyValue, oddText).filter((v) => !(typeof v === 'string' && (v.trim() === '' || isPhoneNumber(v)))),
      }),
  },
  // Joining: no category exists in this app, so no generated body is an application; none exists to pay.
  {
    name: 'POST /api/membership/applications',
    method: 'post',
    path: () => '/api/membership/applications',
    agent: () => app.agent(),
    body: () =>
      shapedBody([
        'firstName',
        'lastName',
        'email',
        'phone',
        'emergencyContactName',
        'emergencyContactPhone',
        'people',
        'categoryId',
        'accept',
        'dutiesPledged',
      ]),
  },
  {
    name: 'POST /api/membership/applications/pay',
    method: 'post',
    path: () => '/api/membership/applications/pay',
    agent: () => app.agent(),
    body: () => shapedBody(['applicationId', 'cardToken']),
  },
  // Renewing online: no category exists in this app, so no generated body starts a renewal or pays an order.
  {
    name: 'POST /api/my/renewal',
    method: 'post',
    path: () => '/api/my/renewal',
    agent: () => member,
    body: () => shapedBody(['phone', 'emergencyContactName', 'emergencyContactPhone', 'categoryId', 'accept', 'dutiesPledged', 'method']),
  },
  {
    name: 'POST /api/my/renewal/pay',
    method: 'post',
    path: () => '/api/my/renewal/pay',
    agent: () => member,
    body: () => shapedBody(['orderId', 'cardToken']),
  },
  {
    name: 'POST /api/my/details/email',
    method: 'post',
    path: () => '/api/my/details/email',
    agent: () => member,
    body: () => shapedBody([], { email: fc.oneof(anyValue, oddText).filter((v) => !(typeof v === 'string' && isMemberEmail(v))) }),
  },
  {
    name: 'POST /api/my/details/email/confirm',
    method: 'post',
    path: () => '/api/my/details/email/confirm',
    agent: () => member,
    body: () => shapedBody(['email', 'code'], { code: fc.oneof(oddText, fc.string({ unit: fc.constantFrom(...'0123456789 '), minLength: 6, maxLength: 8 })) }),
  },
  {
    name: 'POST /api/admin/members/:id/household/members',
    method: 'post',
    path: () => '/api/admin/members/no-such-member/household/members',
    agent: () => admin,
    body: () => shapedBody(['email']),
  },
  {
    name: 'PUT /api/admin/members/:id/household/contact',
    method: 'put',
    path: () => '/api/admin/members/no-such-member/household/contact',
    agent: () => admin,
    body: () => shapedBody(['memberId']),
  },
];

function expectClientError(res: Response, what: string): void {
  if (res.status < 400 || res.status >= 500) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  expect(typeof res.body.error).toBe('string');
  expect(res.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

let ip = 0;
/** Each request from its own address, so the sign-in rate limit does not hide the validation. */
function nextIp(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

describe('generated bad bodies', () => {
  for (const target of TARGETS) {
    it(`${target.name}: random JSON, wrong types, huge and odd text never give a 500 and change nothing`, async () => {
      const before = await storedCounts(app);
      await fc.assert(
        fc.asyncProperty(fc.oneof(target.body(), anyValue), async (body) => {
          const request = target.agent()[target.method](target.path());
          const res = await request.set(FETCH).set('X-Forwarded-For', nextIp()).set('Content-Type', 'application/json').send(JSON.stringify(body));
          expectClientError(res, `${target.name} with ${JSON.stringify(body).slice(0, 200)}`);
        }),
        serverProperty(60),
      );
      expect(await storedCounts(app)).toEqual(before);
    });

    it(`${target.name}: malformed JSON text and odd content types never give a 500 and change nothing`, async () => {
      const before = await storedCounts(app);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 200 }),
            fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)),
            fc.constantFrom('{', '{"a":', '[1,', '{"eventId": "x",}', "{'a': 1}", '\u0000', '{"a": NaN}', '{"a": undefined}'),
          ),
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
          ),
          async (text, type) => {
            const res = await target.agent()[target.method](target.path()).set(FETCH).set('X-Forwarded-For', nextIp()).set('Content-Type', type).send(text);
            expectClientError(res, `${target.name} with ${type}: ${JSON.stringify(text).slice(0, 200)}`);
          },
        ),
        serverProperty(40),
      );
      expect(await storedCounts(app)).toEqual(before);
    });
  }
});

/**
 * For an import and its preview: any generated file holding `badLine` among `csvLine`s, with any
 * line ending and content type, is refused (or previewed as refused), never a 500, and stores nothing.
 */
function itRefusesEveryCsvWithABadLine(paths: string[], csvLine: fc.Arbitrary<string>, badLine: string, types: string[], runs: number): void {
  for (const path of paths) {
    it(`POST ${path}: any text with a bad line is refused or previewed as refused, never a 500, and stores nothing`, async () => {
      const before = await storedCounts(app);
      await fc.assert(
        fc.asyncProperty(
          fc.array(csvLine, { maxLength: 12 }),
          fc.nat(),
          fc.constantFrom('\n', '\r\n', '\r'),
          fc.constantFrom(...types),
          async (lines, at, eol, type) => {
            const all = [...lines];
            all.splice(at % (lines.length + 1), 0, badLine);
            const res = await admin.post(path).set(FETCH).set('Content-Type', type).send(all.join(eol));
            if (res.status === 200) {
              expect(path).toMatch(/preview$/);
              expect(res.body.ok).toBe(false);
              expect(res.body.problems.length).toBeGreaterThan(0);
            } else {
              expectClientError(res, `${path} with ${JSON.stringify(all.join(eol)).slice(0, 200)}`);
            }
          },
        ),
        serverProperty(runs),
      );
      expect(await storedCounts(app)).toEqual(before);
    });
  }
}

describe('generated CSV files for the water-level import', () => {
  /** A line no rule accepts (no date can be "never"), so no generated file is ever imported. */
  const BAD_LINE = 'never,50';
  const csvLine = fc.oneof(
    oddText,
    fc
      .tuple(
        fc.oneof(oddText, fc.constantFrom('2026-05-01', '01/05/2026', '2026-13-01', '"2026-05-02"', '')),
        fc.oneof(oddText, fc.constantFrom('50', '101', '-1', '1e2', '"5', '')),
      )
      .map(([d, p]) => `${d},${p}`),
    fc.array(oddText, { maxLength: 5 }).map((cells) => cells.join(',')),
  );
  itRefusesEveryCsvWithABadLine(
    ['/api/admin/water-levels/import', '/api/admin/water-levels/import/preview'],
    csvLine,
    BAD_LINE,
    ['text/csv', 'text/csv; charset=utf-8', 'text/plain', 'text/csv; charset=latin1'],
    60,
  );
});

describe('generated CSV files for the member import', () => {
  /** A line no rule accepts (no e-mail is "nobody"), so no generated file is ever imported. */
  const BAD_LINE = 'Nobody,nobody,Adult,31/03/2027';
  const csvLine = fc.oneof(
    oddText,
    fc
      .tuple(
        fc.oneof(oddText, fc.constantFrom('Ann Sailor', '"Sailor, Ann"', '')),
        fc.oneof(oddText, fc.constantFrom('ann@example.org', 'ANN@example.org', 'not-an-email', '')),
        fc.oneof(oddText, fc.constantFrom('Family', '')),
        fc.oneof(oddText, fc.constantFrom('31/03/2027', '2027-03-31', '31/02/2027', '2027-3-31', '')),
      )
      .map((cells) => cells.join(',')),
    fc.array(oddText, { maxLength: 6 }).map((cells) => cells.join(',')),
  );
  itRefusesEveryCsvWithABadLine(
    ['/api/admin/members/import', '/api/admin/members/import/preview'],
    csvLine,
    BAD_LINE,
    ['text/csv', 'text/plain', 'text/csv; charset=latin1'],
    40,
  );
});

describe('document uploads (raw PDF bodies)', () => {
  const notPdf = fc.oneof(
    fc.uint8Array({ maxLength: 3000 }).filter((bytes) => !Buffer.from(bytes).subarray(0, 5).equals(Buffer.from('%PDF-'))),
    fc.constantFrom('%PDF', '%pdf-1.4', ' %PDF-1.4', '<html>%PDF-</html>', '\uFEFF%PDF-1.7').map((text) => new TextEncoder().encode(text)),
  );
  const types = fc.constantFrom(
    'application/pdf',
    'application/PDF; charset=binary',
    'application/octet-stream',
    'image/png',
    'text/plain',
    'application/json',
    'multipart/form-data; boundary=x',
    '',
  );
  // Never a usable title, so even a real PDF stores nothing.
  const badQuery = fc.record(
    {
      title: fc.oneof(
        fc.constantFrom('', '   '),
        fc.string({ minLength: 201, maxLength: 400 }).filter((t) => t.trim().length > 200),
      ),
      category: oddText,
      description: oddText,
      fileName: oddText,
    },
    { requiredKeys: [] },
  );
  const uploadTargets = [
    { name: 'POST /api/admin/documents', send: (query: string) => admin.post(`/api/admin/documents?${query}`) },
    { name: 'PUT /api/admin/documents/:id/file', send: (query: string) => admin.put(`/api/admin/documents/no-such-document/file?${query}`) },
  ];

  for (const target of uploadTargets) {
    it(`${target.name}: bytes that are not a PDF, odd content types and bad fields give 400, 404 or 415 with a message, never a 500, and change nothing`, async () => {
      const before = await storedCounts(app);
      await fc.assert(
        fc.asyncProperty(fc.oneof(notPdf, fc.constant(new TextEncoder().encode('%PDF-1.4 real enough'))), types, badQuery, async (bytes, type, query) => {
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const res = await target.send(search).set(FETCH).set('Content-Type', type).send(Buffer.from(bytes));
          expectClientError(res, `${target.name} (${type}) ${Buffer.from(bytes).subarray(0, 40).toString('latin1')}`);
          // An address over Node's 16 kB limit is refused before the app, with 431 and its message.
          if (res.status === 431) expect(search.length).toBeGreaterThan(15_000);
          else if (!type.toLowerCase().startsWith('application/pdf')) expect(res.status).toBe(415);
        }),
        serverProperty(60),
      );
      expect(await storedCounts(app)).toEqual(before);
    });

    it(`${target.name}: a body over 20 MB gets 413 with a clear message, never a 500`, async () => {
      const before = await storedCounts(app);
      const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
      big.write('%PDF-1.7', 0, 'latin1');
      const res = await target.send('title=Big&category=Big').set(FETCH).set('Content-Type', 'application/pdf').send(big);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'This file is too large. A document can be at most 20 MB.' });
      expect(await storedCounts(app)).toEqual(before);
    });
  }
});

describe('photo uploads: whatever bytes arrive', () => {
  it('POST /api/admin/photos: random bytes under any content type are 415 (or 400 for the caption), never a 500, and store nothing', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 3000 }),
          // Real image headers cut short or followed by rubbish: they look like photos but do not decode.
          fc
            .tuple(
              fc.constantFrom(
                [0xff, 0xd8, 0xff, 0xe0],
                [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
                [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
              ),
              fc.uint8Array({ maxLength: 2000 }),
            )
            .map(([head, tail]) => Uint8Array.from([...head, ...tail])),
          fc.constantFrom(new TextEncoder().encode('%PDF-1.7'), new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), new Uint8Array(0)),
        ),
        fc.constantFrom(
          'image/jpeg',
          'image/png',
          'image/heic',
          'application/octet-stream',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        ),
        fc.oneof(fc.constant('A caption'), oddText),
        async (bytes, type, caption) => {
          const res = await admin.post('/api/admin/photos').query({ caption }).set(FETCH).set('Content-Type', type).send(Buffer.from(bytes));
          expectClientError(res, `upload of ${bytes.length} bytes as ${type}`);
          // An address over Node's 16 kB limit is refused before the app, with 431 and its message.
          if (res.status === 431) expect(new URLSearchParams({ caption }).toString().length).toBeGreaterThan(15_000);
          else expect([400, 415]).toContain(res.status);
        },
      ),
      serverProperty(60),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('POST /api/admin/photos: a body over 15 MB is 413 with a clear message and stores nothing', async () => {
    const before = await storedCounts(app);
    const res = await admin
      .post('/api/admin/photos?caption=Huge')
      .set(FETCH)
      .set('Content-Type', 'image/jpeg')
      .send(Buffer.alloc(15 * 1024 * 1024 + 1, 0xff));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The photo is too large: it may be at most 15 MB.' });
    expect(await storedCounts(app)).toEqual(before);
  });
});

describe('text that is not well-formed Unicode', () => {
  it('is refused with one clear message before it reaches storage, on every storage', async () => {
    const before = await storedCounts(app);
    const cases: [string, () => TestAgent, string, Record<string, unknown>][] = [
      [
        'booking with a broken first name',
        () => app.agent(),
        '/api/bookings',
        { eventId: editableEventId, firstName: 'A\ud800', lastName: 'B', numberAttending: '1' },
      ],
      ['booking of a broken event id', () => app.agent(), '/api/bookings', { eventId: 'x\udc00', firstName: 'A', lastName: 'B', numberAttending: '1' }],
      ['card payment of a broken checkout id', () => app.agent(), '/api/payments/complete', { checkoutId: '\ud800', cardToken: ' ' }],
      [
        'work-day sign-up with a broken key',
        () => app.agent(),
        '/api/work-days/spring-work-day/signups',
        { firstName: 'A', lastName: 'B', selectedJobs: ['painting'], 'x\ud800': 1 },
      ],
      ['event with a broken name', () => admin, '/api/admin/events', { name: 'Regatta \ud83d', eventdatetime: '2026-07-01T10:00' }],
    ];
    for (const [what, agent, path, body] of cases) {
      const res = await agent().post(path).set(FETCH).set('X-Forwarded-For', nextIp()).set('Content-Type', 'application/json').send(JSON.stringify(body));
      expect(res.status, what).toBe(400);
      expect(res.body.error, what).toBe(MALFORMED_TEXT_MESSAGE);
    }
    expect(await storedCounts(app)).toEqual(before);
  });

  it('in a query string arrives as U+FFFD, never as a broken character, and gives no 500', async () => {
    const res = await app.agent().get('/api/search?q=%ED%A0%80regatta');
    expect(res.status).toBe(200);
  });
});

/** Lone surrogates cannot be percent-encoded; the raw malformed sequences below cover that case. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, (c, i, all: string) => (isPaired(all, i) ? c : '\uFFFD')));

function isPaired(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code <= 0xdbff) return i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
  return i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff;
}

const queryValue = fc.oneof(oddText, fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '2026-1-1', '99999-01-01', '2026-06-01T00:00'));

describe('generated bad query strings and paths', () => {
  it('GET /api/water-levels, /api/search, /api/my-booking, /api/waiting-list, /api/work-day-signup and /api/admin/audit: random, repeated and malformed parameters never give a 500', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/water-levels',
          '/api/search',
          '/api/my-booking',
          '/api/waiting-list',
          '/api/waiting-list/offer',
          '/api/work-day-signup',
          '/api/admin/audit',
        ),
        fc.array(
          fc.tuple(fc.constantFrom('from', 'to', 'q', 'q[]', 'q[a]', 'from[0]', 'x', 'token', 'token[]', 'recordId', 'adminUid', 'recordId[]'), queryValue),
          { maxLength: 4 },
        ),
        fc.constantFrom('', '&%E0%A4%A', '&q=%zz', '&from=%', '&&&=', '&q'),
        async (path, pairs, tail) => {
          const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + tail;
          const res = await (path.startsWith('/api/admin/') ? admin : app.agent()).get(`${path}?${query}`);
          if (res.status === 200) {
            // No generated text is a signed manage link: /api/my-booking finds no booking in it.
            expect(path).not.toBe('/api/my-booking');
            expect(path).not.toBe('/api/waiting-list');
            expect(path).not.toBe('/api/waiting-list/offer');
            expect(path).not.toBe('/api/work-day-signup');
            expect(Array.isArray(res.body.readings ?? res.body.hits ?? res.body.entries)).toBe(true);
          } else {
            expectClientError(res, `${path}?${query}`);
          }
        },
      ),
      serverProperty(150),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('GET /api/admin/duties/counts, /export.csv and /days/:date: random ranges and dates give the report or a clear 400, never a 500', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/admin/duties/counts', '/api/admin/duties/export.csv'),
        fc.array(
          fc.tuple(
            fc.constantFrom('from', 'to', 'from[]', 'to[a]', 'x'),
            fc.oneof(queryValue, fc.constantFrom('2026-01-01', '2026-12-31', '2030-12-31', '2019-01-01')),
          ),
          { maxLength: 4 },
        ),
        fc.constantFrom('', '&from=%', '&to'),
        queryValue,
        async (path, pairs, tail, day) => {
          const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + tail;
          const res = await admin.get(`${path}?${query}`);
          if (res.status === 200)
            expect(path.endsWith('.csv') ? res.text.startsWith('Event,Date,Duty,Member,Email') : Array.isArray(res.body.members)).toBe(true);
          else expectClientError(res, `${path}?${query}`);
          const roster = await admin.get(`/api/admin/duties/days/${encode(day)}`);
          if (roster.status === 200) expect(Array.isArray(roster.body.events)).toBe(true);
          else if (roster.status !== 404) expectClientError(roster, `/api/admin/duties/days/${day}`);
        },
      ),
      serverProperty(60),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('GET /api/admin/membership/figures and /payments.csv: random years give the figures or a clear 400, never a 500', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/admin/membership/figures', '/api/admin/membership/payments.csv'),
        fc.array(fc.tuple(fc.constantFrom('year', 'year[]', 'year[a]', 'x'), fc.oneof(queryValue, fc.constantFrom('2026', '1999', '2100', '0000'))), {
          maxLength: 3,
        }),
        fc.constantFrom('', '&year=%', '&year'),
        async (path, pairs, tail) => {
          const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + tail;
          const res = await admin.get(`${path}?${query}`);
          if (res.status === 200) expect(path.endsWith('.csv') ? res.text.startsWith('Order ID,') : Number.isInteger(res.body.year)).toBe(true);
          else expectClientError(res, `${path}?${query}`);
        },
      ),
      serverProperty(60),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('GET /api/admin/outbox: random, repeated and malformed status and recordId give the list or a clear 400, never a 500', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom('status', 'recordId', 'status[]', 'recordId[a]', 'limit', 'x'),
            fc.oneof(queryValue, fc.constantFrom('queued', 'sent', 'failed', 'QUEUED', ' sent')),
          ),
          { maxLength: 4 },
        ),
        fc.constantFrom('', '&%E0%A4%A', '&status=%zz', '&recordId=%', '&&&=', '&status', '&recordId='),
        async (pairs, tail) => {
          const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + tail;
          const res = await admin.get(`/api/admin/outbox?${query}`);
          if (res.status === 200) expect(Array.isArray(res.body.messages)).toBe(true);
          else {
            expectClientError(res, `/api/admin/outbox?${query}`);
            // An address over Node's 16 kB limit is refused before the app, with 431 and its message.
            if (res.status === 431) expect(query.length).toBeGreaterThan(15_000);
            else expect(res.status).toBe(400);
          }
        },
      ),
      serverProperty(120),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('GET /api/admin/retention and /api/privacy/retention: random, repeated and malformed parameters are ignored, never a 500, and change nothing', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/admin/retention', '/api/privacy/retention'),
        fc.array(fc.tuple(fc.constantFrom('kind', 'kind[]', 'at', 'x', 'limit[a]'), queryValue), { maxLength: 4 }),
        fc.constantFrom('', '&%E0%A4%A', '&kind=%zz', '&&&='),
        async (path, pairs, tail) => {
          const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + tail;
          const res = await (path.startsWith('/api/admin/') ? admin : app.agent()).get(`${path}?${query}`);
          if (res.status === 200) expect(res.body.lines).toHaveLength(RETENTION_KINDS.length);
          else expectClientError(res, `${path}?${query}`);
        },
      ),
      serverProperty(40),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('GET /api/photos/:id/files/:file and its admin twin: odd ids and file names are a 404 or 400, never a 500', async () => {
    const before = await storedCounts(app);
    const segment = fc.oneof(
      oddText.filter((s) => s.length > 0 && s.length < 3000).map(encode),
      fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', 'w320.jpg', 'w320.avif%00', 'W320.JPG', 'w99999.webp', FUZZ_PHOTO.id),
    );
    await fc.assert(
      fc.asyncProperty(segment, segment, fc.boolean(), async (id, file, asAdmin) => {
        const res = await (asAdmin ? admin : app.agent()).get(`/api${asAdmin ? '/admin' : ''}/photos/${id}/files/${file}`);
        expectClientError(res, `photo file ${id}/${file}`);
        expect([400, 404]).toContain(res.status);
      }),
      serverProperty(80),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('DELETE /api/member/passkeys/:id: odd ids are a 404 or 400, never a 500, and remove nothing', async () => {
    await app
      .get('passkeys')
      .create({
        credentialId: 'fuzz-kept',
        memberId: 'someone-else',
        publicKey: 'pk',
        counter: 0,
        transports: [],
        createdAt: app.clock.now().toISOString(),
        lastUsedAt: null,
      });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          oddText.filter((s) => s.length > 0 && s.length < 3000).map(encode),
          fc.constantFrom('%zz', '%00', 'a%2Fb', '..%2F..', 'fuzz-kept', encodeURIComponent('x'.repeat(2000))),
        ),
        async (id) => {
          const res = await member.delete(`/api/member/passkeys/${id}`).set(FETCH);
          expectClientError(res, `remove passkey ${id}`);
          expect([400, 404]).toContain(res.status);
        },
      ),
      serverProperty(60),
    );
    expect(await app.get('passkeys').get('fuzz-kept')).not.toBeNull();
  });

  it('GET /api/member/session: any cookie answers no member (200), never an error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: fc.constantFrom(...'abcXYZ019-_%;="'), maxLength: 300 })), async (value) => {
        const res = await app.agent().get('/api/member/session').set('Cookie', `kyc_member=${value}`);
        expect(res.status, value).toBe(200);
        expect(res.body).toEqual({ member: null });
      }),
      serverProperty(60),
    );
  });

  it('POST /api/member/sign-out-everywhere: any member cookie but a session’s, with any body, is refused (401 "Please sign in", or 400 for a body that is not JSON), never an error, and ends no session', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: fc.constantFrom(...'abcXYZ019-_%;="'), maxLength: 300 })),
        fc.oneof(anyValue, oddText),
        async (value, body) => {
          const res = await app
            .agent()
            .post('/api/member/sign-out-everywhere')
            .set(FETCH)
            .set('Cookie', `kyc_member=${value}`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body) ?? 'null');
          expectClientError(res, `sign out everywhere ${value}`);
          expect([400, 401], value).toContain(res.status);
          if (res.status === 401) expect(res.body).toEqual({ error: 'Please sign in' });
        },
      ),
      serverProperty(60),
    );
    expect((await member.get('/api/member/session')).body.member).toMatchObject({ id: 'fuzz-member' });
  });

  it('My club’s reads: any member cookie but a session’s answers 401 "Please sign in", never an error', async () => {
    const routes = [
      '/api/my/bookings',
      '/api/my/waiting-lists',
      '/api/my/work-days',
      '/api/my/calendar-feed',
      '/api/my/availability',
      '/api/my/duty-quota',
      '/api/my/rota',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: fc.constantFrom(...'abcXYZ019-_%;="'), maxLength: 300 })),
        async (route, value) => {
          const res = await app.agent().get(route).set('Cookie', `kyc_member=${value}`);
          expect(res.status, `${route} ${value}`).toBe(401);
          expect(res.body).toEqual({ error: 'Please sign in' });
        },
      ),
      serverProperty(60),
    );
  });

  it('GET /calendar/my/:secret.ics: odd secrets answer 404 (or 400), never an error, and open no feed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          oddText.filter((s) => s.length > 0 && s.length < 3000).map(encode),
          fc.constantFrom('%zz', '%00', 'a%2Fb', '..%2F..', '.', encodeURIComponent('x'.repeat(2000))),
        ),
        async (secret) => {
          const res = await app.agent().get(`/calendar/my/${secret}.ics`);
          expect([400, 404], `${secret}: ${res.status}`).toContain(res.status);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
        },
      ),
      serverProperty(60),
    );
  });

  it("an address longer than Node's 16 kB limit gets 431 with a clear JSON message, as every refusal does", async () => {
    const res = await app.agent().get(`/api/search?q=${'%F0%9F%91%A9'.repeat(2000)}`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: "The request's address or headers are too long" });
  });

  it('POST /api/admin/outbox/:id/resend with odd ids is a 404 or 400, never a 500, and queues nothing', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          oddText.filter((s) => s.length > 0).map(encode),
          fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', 'sent-mail%00', encodeURIComponent('x'.repeat(5000))),
        ),
        async (id) => {
          const res = await admin.post(`/api/admin/outbox/${id}/resend`).set(FETCH);
          expectClientError(res, `resend ${id}`);
        },
      ),
      serverProperty(80),
    );
    expect(await storedCounts(app)).toEqual(before);
    expect(await app.get('outbox').get('sent-mail')).toMatchObject({ status: 'sent' });
  });

  it('POST /api/admin/duties/events/:eventId/cover-needed with odd event ids is a 404 or 400, never a 500, and queues nothing', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          oddText.filter((s) => s.length > 0).map(encode),
          fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', encodeURIComponent('x'.repeat(5000))),
        ),
        anyValue,
        async (id, body) => {
          const res = await admin
            .post(`/api/admin/duties/events/${id}/cover-needed`)
            .set(FETCH)
            .type('json')
            .send(JSON.stringify(body) ?? 'null');
          expectClientError(res, `cover-needed ${id}`);
        },
      ),
      serverProperty(80),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('POST /api/admin/duties/rota-fill/preview: any body gives the proposal or a 400, never a 500, and stores nothing', async () => {
    const before = await storedCounts(app);
    await fc.assert(
      fc.asyncProperty(fc.oneof(shapedBody(['season']), anyValue), async (body) => {
        const res = await admin
          .post('/api/admin/duties/rota-fill/preview')
          .set(FETCH)
          .type('json')
          .send(JSON.stringify(body) ?? 'null');
        if (res.status !== 200) expectClientError(res, `rota-fill preview ${JSON.stringify(body).slice(0, 200)}`);
      }),
      serverProperty(60),
    );
    expect(await storedCounts(app)).toEqual(before);
  });

  it('GET /calendar.ics: any query string and any If-None-Match or If-Modified-Since give the feed (200) or 304, never an error', async () => {
    const plain = await app.agent().get('/calendar.ics').buffer(true);
    expect(plain.status).toBe(200);
    const validator = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(
        '*',
        'W/',
        '"',
        '""',
        ',',
        'W/"x", *',
        'Thu, 01 Jan 1970 00:00:00 GMT',
        'Fri, 31 Dec 9999 23:59:59 GMT',
        '0',
        '-1',
        '1e400',
        String(plain.headers.etag),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('x', 'q[]', 'a[b]', '__proto__[x]', 'from'), queryValue), { maxLength: 3 }),
        fc.constantFrom('', '&%E0%A4%A', '&q=%zz', '&&&='),
        fc.option(validator, { nil: undefined }),
        fc.option(validator, { nil: undefined }),
        async (pairs, tail, ifNoneMatch, ifModifiedSince) => {
          const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + tail;
          const request = app.agent().get(`/calendar.ics?${query}`).buffer(true);
          if (ifNoneMatch !== undefined) request.set('If-None-Match', ifNoneMatch);
          if (ifModifiedSince !== undefined) request.set('If-Modified-Since', ifModifiedSince);
          const res = await request;
          if (res.status === 304) return;
          if (res.status !== 200) throw new Error(`/calendar.ics?${query} answered ${res.status}: ${res.text.slice(0, 300)}`);
          expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
          expect(res.text).toBe(plain.text);
        },
      ),
      serverProperty(100),
    );
  });

  it('odd ids in paths are a 404 or 400, never a 500', async () => {
    const paths = [
      (id: string) => `/api/events/${id}`,
      (id: string) => `/api/work-days/${id}`,
      (id: string) => `/api/documents/${id}/file`,
      (id: string) => `/api/admin/documents/${id}`,
      (id: string) => `/api/admin/events/${id}`,
      (id: string) => `/api/admin/events/${id}/bookings`,
      (id: string) => `/api/admin/events/${id}/bookings.csv`,
      (id: string) => `/api/admin/events/${id}/cancel`,
      (id: string) => `/api/events/${id}/conditions`,
      (id: string) => `/api/admin/events/${id}/go-no-go`,
      (id: string) => `/api/admin/bookings/${id}`,
      (id: string) => `/api/admin/booking-references/${id}`,
      (id: string) => `/api/admin/outbox/${id}`,
      (id: string) => `/api/admin/outbox/${id}/html`,
      (id: string) => `/api/admin/work-days/${id}`,
      (id: string) => `/api/admin/work-days/${id}/signups.csv`,
      (id: string) => `/api/news/${id}`,
      (id: string) => `/api/admin/news/${id}`,
      (id: string) => `/api/pages/${id}`,
      (id: string) => `/api/admin/pages/${id}`,
      (id: string) => `/api/admin/duties/events/${id}`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(
          oddText.filter((s) => s.length > 0).map(encode),
          fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', encodeURIComponent('x'.repeat(5000))),
        ),
        async (path, id) => {
          const res = await admin.get(path(id));
          if (res.status === 200) return; // an id that happens to exist
          expectClientError(res, path(id));
        },
      ),
      serverProperty(120),
    );
  });

  it('the member duty and swap routes (a signed-in member) with odd ids, and any body, are a 404 or 400, never a 500, and take no duty', async () => {
    const before = JSON.stringify(await app.get('duties').listMemberDuties('fuzz-member'));
    const routes: [method: 'post' | 'delete' | 'get', path: (id: string) => string][] = [
      ['post', (id) => `/api/my/duties/${id}`],
      ['delete', (id) => `/api/my/duties/${id}`],
      ['get', (id) => `/api/my/duties/${id}/transfer-candidates`],
      ['get', (id) => `/api/my/duties/${id}/transfer-candidates?name=${id}`],
      ['get', (name) => `/api/my/duties/slot-1/transfer-candidates?name=${name}&name=${name}`],
      ['get', (id) => `/api/my/duty-swaps/${id}`],
      ['post', (id) => `/api/my/duty-swaps/${id}/accept`],
      ['delete', (id) => `/api/my/duty-swaps/${id}`],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          oddText.filter((s) => s.length > 0).map(encode),
          fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', encodeURIComponent('x'.repeat(5000))),
        ),
        anyValue,
        async ([method, pathOf], id, body) => {
          const path = pathOf(id);
          if (method === 'get') return expectClientError(await member.get(path), path);
          expectClientError(
            await member[method](path)
              .set(FETCH)
              .type('json')
              .send(JSON.stringify(body) ?? 'null'),
            path,
          );
        },
      ),
      serverProperty(80),
    );
    expect(JSON.stringify(await app.get('duties').listMemberDuties('fuzz-member'))).toBe(before);
    const page = await member.get('/api/my/duties?x=%zz&slotId[]=1');
    expect(page.status).toBe(200);
    expect(page.body.duties).toEqual([]);
  });

  it('DELETE /api/admin/work-days/:id/signups/:signupId with odd ids is a 404 or 400, never a 500, and removes nothing', async () => {
    const before = await storedCounts(app);
    const oddId = fc.oneof(
      oddText.filter((s) => s.length > 0).map(encode),
      fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', encodeURIComponent('x'.repeat(5000)), 'spring-work-day', 'old-work-day'),
    );
    await fc.assert(
      fc.asyncProperty(oddId, oddId, async (workDayId, signupId) => {
        const path = `/api/admin/work-days/${workDayId}/signups/${signupId}`;
        expectClientError(await admin.delete(path).set(FETCH), path);
      }),
      serverProperty(80),
    );
    expect(await storedCounts(app)).toEqual(before);
  });
});

describe('generated CSV files for the members’ qualifications import', () => {
  /** No member has this e-mail, so no generated file is ever imported. */
  const BAD_LINE = 'nobody@nowhere.example,Powerboat Level 2,';
  const csvLine = fc.oneof(
    oddText,
    fc
      .tuple(
        fc.oneof(oddText, fc.constantFrom('ann@club.example', '', '"x@y"')),
        fc.oneof(oddText, fc.constantFrom('Powerboat Level 2', '')),
        fc.oneof(oddText, fc.constantFrom('2027-03-31', '31/02/2027', '')),
      )
      .map((cells) => cells.join(',')),
    fc.array(oddText, { maxLength: 5 }).map((cells) => cells.join(',')),
  );
  for (const path of ['/api/admin/duties/member-qualifications/import', '/api/admin/duties/member-qualifications/import/preview']) {
    it(`POST ${path}: any text with a bad line is refused or previewed as refused, never a 500, and stores nothing`, async () => {
      const before = await storedCounts(app);
      await fc.assert(
        fc.asyncProperty(
          fc.array(csvLine, { maxLength: 12 }),
          fc.nat(),
          fc.constantFrom('\n', '\r\n'),
          fc.constantFrom('text/csv', 'text/plain', 'text/csv; charset=latin1'),
          async (lines, at, eol, type) => {
            const all = [...lines];
            all.splice(at % (lines.length + 1), 0, BAD_LINE);
            const res = await admin.post(path).set(FETCH).set('Content-Type', type).send(all.join(eol));
            if (res.status === 200) {
              expect(path).toMatch(/preview$/);
              expect(res.body.ok).toBe(false);
            } else {
              expectClientError(res, `${path} with ${JSON.stringify(all.join(eol)).slice(0, 200)}`);
            }
          },
        ),
        serverProperty(40),
      );
      expect(await storedCounts(app)).toEqual(before);
    });
  }
});
