import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { TEST_CARDS, type TestPaymentGateway } from '../../../adapters/test-payments/test-payment-gateway';
import type { SmtpTestServer } from '../smtp-test-server';
import { FETCH, type TestApp } from './test-app';
import { manageTokenOf, useTestAppWithTreasurer } from './use-test-app';

// What the tests of changing a booking share, whether they look at its places (bookings) or its
// money (payments): one app with mail and a treasurer, a booking paid by card, the .ics of a mail.

/** The parts of the app the booking-change tests use; read them inside a test, once the app started. */
export interface BookingChangeWorld {
  readonly smtp: SmtpTestServer;
  readonly app: TestApp;
  readonly treasurer: TestAgent;
  /** The test payment gateway the app charges through. */
  gateway(): TestPaymentGateway;
}

/** The app (with mail, feedback to the secretary) and its signed-in treasurer for this file's tests. */
export function useBookingChangeApp(): BookingChangeWorld {
  let started: { smtp: SmtpTestServer; app: TestApp; treasurer: TestAgent } | undefined;
  useTestAppWithTreasurer({ env: { FEEDBACK_EMAIL: 'secretary@kestrel-yc.example' } }, (ready) => {
    started = ready;
  });
  const get = () => {
    if (!started) throw new Error('the app is not started yet: use it inside a test');
    return started;
  };
  return {
    get smtp() {
      return get().smtp;
    },
    get app() {
      return get().app;
    },
    get treasurer() {
      return get().treasurer;
    },
    gateway: () => get().app.get('payments') as TestPaymentGateway,
  };
}

/** The test gateway's signed webhook for this checkout, delivered to the app as the provider would send it. */
export function deliverWebhook(app: TestApp, checkoutId: string) {
  const hook = (app.get('payments') as TestPaymentGateway).webhookFor(checkoutId, 'http://club.example/api/webhooks/test')!;
  return app
    .agent()
    .post('/api/webhooks/test')
    .set('Host', 'club.example')
    .set(hook.headers)
    .set('Content-Type', 'application/json')
    .send(hook.rawBody.toString('utf8'));
}

/** Pays a checkout with the test card that succeeds. */
export const payCheckout = (app: TestApp, checkoutId: string, agent: TestAgent = app.agent()) =>
  agent.post('/api/payments/complete').set(FETCH).send({ checkoutId, cardToken: TEST_CARDS.succeeds });

/**
 * Books with this form and pays by card; answers the booking's id, manage token and checkout.
 * One browser books, pays and reads its checkout: only it is shown the manage link (docs/payments.md).
 */
export async function bookAndPay(app: TestApp, booking: Record<string, string>): Promise<{ bookingId: string; token: string; checkoutId: string }> {
  const browser = app.agent();
  const booked = await browser.post('/api/bookings').send(booking);
  expect(booked.status).toBe(201);
  expect((await payCheckout(app, booked.body.checkoutId, browser)).body).toMatchObject({ status: 'COMPLETED' });
  const checkout = await browser.get(`/api/payments/checkouts/${booked.body.checkoutId}`);
  return { bookingId: booked.body.bookingId, token: manageTokenOf(checkout.body.managePath), checkoutId: booked.body.checkoutId };
}

/** The event in a mail's .ics attachment (an empty one when it has none). */
export function veventOf(mail: ParsedMail): ICAL.Event {
  const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
}
