import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { startFakeSquareServer, type FakeSquareServer } from '../../../support/fake-square-server';
import { createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { useApp } from '../../../support/e2e/use-app';
import { countOf } from '../../../support/e2e/eventually';

/**
 * The card step with PAYMENTS=square. Tests talk only to 127.0.0.1, so Square's script is never
 * fetched: the browser's request for it is answered here with a small stand-in that behaves as
 * the Web Payments SDK's documented surface does (Square.payments, card, attach, tokenize), and
 * the server charges a local server that answers as Square's Payments API does.
 */

const SCRIPT_URL = 'https://sandbox.web.squarecdn.com/v1/square.js';
const APPLICATION_ID = 'sandbox-sq0idb-e2e-app';

/** The stand-in SDK: the "card iframe" is one input whose text is the token tokenize() gives. */
const FAKE_SDK = `
window.__square = { calls: [] };
window.Square = {
  payments(applicationId, locationId) {
    window.__square.calls.push(['payments', applicationId, locationId]);
    return {
      setLocale(locale) { window.__square.calls.push(['setLocale', locale]); },
      async card() {
        return {
          async attach(selector) {
            window.__square.calls.push(['attach', selector]);
            const input = document.createElement('input');
            input.id = 'fake-square-card';
            input.setAttribute('aria-label', 'Card (Square)');
            document.querySelector(selector).append(input);
          },
          async tokenize(details) {
            window.__square.calls.push(['tokenize', details]);
            const token = document.getElementById('fake-square-card').value;
            return token ? { status: 'OK', token } : { status: 'Invalid', errors: [{ message: 'Card number is not valid' }] };
          },
          async destroy() { window.__square.calls.push(['destroy']); return true; },
        };
      },
    };
  },
};`;

let square: FakeSquareServer;
let eventId = '';
let scriptRequests = 0;
let failScript = false;
let configRequests = 0;

beforeAll(async () => {
  square = await startFakeSquareServer();
});

afterAll(async () => {
  await square?.close();
});

const world = useApp(() => ({
  env: {
    PAYMENTS: 'square',
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_APPLICATION_ID: APPLICATION_ID,
    SQUARE_WEBHOOK_SIGNATURE_KEY: square.signatureKey,
    SQUARE_WEBHOOK_URL: square.notificationUrl,
    SQUARE_BASE_URL: square.baseUrl,
  },
}));

beforeAll(async () => {
  const browser = world.browser;
  await browser.context.route(SCRIPT_URL, async (route: Route) => {
    scriptRequests += 1;
    if (failScript) await route.abort('connectionrefused');
    else await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK });
  });
  // Nothing else may leave the machine.
  await browser.context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => (route.request().url() === SCRIPT_URL ? route.fallback() : route.abort()));
  browser.context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/config') configRequests += 1;
  });
  await signInAsAdmin(browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(browser.context.request, world.app.baseUrl, {
    name: `Square Regatta ${Date.now().toString(36)}`,
    eventdatetime: wallClockDaysAhead(25, '10:00'),
    offerChild: true,
    requiresPayment: true,
    price: '20.00',
  });
});

async function cardStep(lastName: string): Promise<Page> {
  const page = await world.browser.newPage();
  await page.goto(`/event-booking?id=${eventId}`);
  await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Sam');
  await page.getByLabel('Lead Member Last Name *', { exact: true }).fill(lastName);
  await page.getByLabel('Total Number Attending *', { exact: true }).fill('2');
  await page.getByLabel('Number of Children (12 years or under)', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  await page.waitForURL(/payment=pending/);
  await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
  return page;
}

const squareCalls = (page: Page) => page.evaluate(() => (window as unknown as { __square: { calls: unknown[][] } }).__square.calls);

describe('card step with Square', () => {
  it("loads Square's form in en-GB with no contact fields, tokenises with the amount and pays once at Square", async () => {
    const page = await cardStep('Square');
    const card = page.getByLabel('Card (Square)');
    await card.waitFor();
    await countOf(page.getByText('Test mode - no real money is taken')).toBe(0);
    // Only Square's card input inside the form: no e-mail, phone or address fields of ours.
    await countOf(page.locator('form[aria-label="Card details"] input')).toBe(1);
    await countOf(page.locator('input[type="email"], input[type="tel"], input[autocomplete*="address"]')).toBe(0);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByRole('button', { name: 'Pay £30.00' }).click();
    await page.getByRole('alert').getByText('Please check your payment details and try again.').waitFor();

    await card.fill(square.issueCardToken('declined'));
    await page.getByRole('button', { name: 'Pay £30.00' }).click();
    await page.getByRole('alert').getByText('Payment failed. Please try again or contact us.').waitFor();

    await card.fill(square.issueCardToken('ok'));
    await page.getByRole('button', { name: 'Pay £30.00' }).click();
    await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
    // The browser that booked is given its manage link (its proof cookie went with the checkout's read).
    expect(await page.getByRole('link', { name: 'Manage my booking' }).getAttribute('href')).toMatch(/^\/my-booking\?token=/);

    const calls = await squareCalls(page);
    expect(calls[0]).toEqual(['payments', APPLICATION_ID, square.locationId]);
    // The club's settings came inside the page the server drew, for the whole visit: the card step
    // reuses them and never asks.
    expect(configRequests).toBe(0);
    expect(calls).toContainEqual(['setLocale', 'en-GB']);
    expect(calls).toContainEqual(['attach', '#card-container']);
    expect(calls).toContainEqual([
      'tokenize',
      {
        amount: '30.00',
        currencyCode: 'GBP',
        intent: 'CHARGE',
        customerInitiated: true,
        sellerKeyedIn: false,
        // The member's name as booked (no e-mail was given), for the bank's checks.
        billingContact: { givenName: 'Sam', familyName: 'Square' },
      },
    ]);
    const taken = square.completedPayments();
    expect(taken).toHaveLength(1);
    expect(taken[0].amount_money).toEqual({ amount: 3000, currency: 'GBP' });
    const bookings = await (await world.browser.context.request.get(`${world.app.baseUrl}/api/admin/events/${eventId}/bookings`)).json();
    expect(bookings.bookings.find((b: { lastName: string }) => b.lastName === 'Square')).toMatchObject({ paymentStatus: 'Paid', paymentAmount: 3000 });
    await page.close();
  });

  it("says the form failed to load when Square's script cannot be fetched, and Try Again loads it", async () => {
    failScript = true;
    const before = scriptRequests;
    const page = await cardStep('Offline');
    await page.getByRole('alert').getByText('Failed to load payment form. Please refresh and try again.').waitFor();
    expect(scriptRequests).toBeGreaterThan(before);
    failScript = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByLabel('Card (Square)').waitFor();
    await countOf(page.getByText('Failed to load payment form. Please refresh and try again.')).toBe(0);
    await page.close();
  });
});
