import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { launchBrowser, PHONE, screenshot } from '../../../support/e2e/browser';
import { NO_EMAIL_MESSAGES } from '../../../../core/bookings/booking-without-email';
import { MANAGE_LINK_ELSEWHERE } from '../../../../web/src/features/payments/payment-messages';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, valueOf } from '../../../support/e2e/eventually';

/**
 * Paying for a booking in test mode (PAYMENTS=test, the default): the booking form hands over to
 * the card step, the test card pays, and the admin sees the booking Paid with its revenue.
 */

const EVENT_NAME = `Laser Training Day ${Date.now().toString(36)}`;

let eventId = '';

const world = useApp();

beforeAll(async () => {
  await signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(world.browser.context.request, world.app.baseUrl, {
    name: EVENT_NAME,
    description: 'Coaching on the water, lunch included.',
    eventdatetime: wallClockDaysAhead(20, '09:30'),
    eventenddatetime: wallClockDaysAhead(20, '16:30'),
    offerChild: true,
    requiresPayment: true,
    price: '15.00',
  });
});

interface AdminBooking {
  id: string;
  reference: string;
  firstName: string;
  lastName: string;
  paymentStatus: string;
  paymentAmount: number | null;
  paymentIdShort: string;
}

async function adminBookings(): Promise<{ bookings: AdminBooking[]; summary: { revenue: Record<string, number>; paid: number; pending: number } }> {
  const response = await world.browser.context.request.get(`${world.app.baseUrl}/api/admin/events/${eventId}/bookings`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Fills the booking form and submits it; resolves on the card step. */
async function bookAndReachCardStep(page: Page, lastName: string, attending = '3', children = '1'): Promise<string> {
  await page.goto(`/event-booking?id=${eventId}`);
  await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Pat');
  await page.getByLabel('Lead Member Last Name *', { exact: true }).fill(lastName);
  await page.getByLabel('Total Number Attending *', { exact: true }).fill(attending);
  await page.getByLabel('Number of Children (12 years or under)', { exact: true }).fill(children);
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  await page.waitForURL(/payment=pending/);
  await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/event-booking');
  expect(url.searchParams.get('id')).toBe(eventId);
  const checkoutId = url.searchParams.get('checkoutId') ?? '';
  expect(checkoutId).toMatch(/^chk\./);
  return checkoutId;
}

function testForm(page: Page) {
  return page.getByRole('form', { name: 'Test mode - no real money is taken' });
}

async function payWith(page: Page, cardNumber: string, amount = '£37.50'): Promise<void> {
  await testForm(page).getByLabel('Card number').fill(cardNumber);
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/payments/complete')), page.getByRole('button', { name: `Pay ${amount}` }).click()]);
}

describe('paying for a booking', () => {
  it('books a paid event with children, pays with the test card and shows Payment Created Successfully; the admin sees it Paid', async () => {
    const page = await world.browser.newPage();
    await page.goto(`/event-booking?id=${eventId}`);
    // The price is shown and children pay half; no "not yet available" message any more.
    await page.getByText('£15.00 per adult, £7.50 per child (12 years or under)').waitFor();
    await countOf(page.getByText(/not yet available/i)).toBe(0);

    const checkoutId = await bookAndReachCardStep(page, 'Payer');
    // Two adults at £15.00 and a child at half price.
    await page.getByText('£37.50', { exact: true }).waitFor();
    await testForm(page).waitFor();
    for (const card of ['4111 1111 1111 1111', '4000 0000 0000 0002', '4000 0000 0000 0119']) {
      await testForm(page).getByText(card).waitFor();
    }
    await screenshot(page, 'payment-card-step');
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    const pending = await adminBookings();
    expect(pending.bookings.find((b) => b.lastName === 'Payer')).toMatchObject({ paymentStatus: 'Pending', paymentAmount: 3750 });

    await payWith(page, '4111 1111 1111 1111');
    await page.waitForURL(/payment=success/);
    await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
    expect(new URL(page.url()).searchParams.get('checkoutId')).toBe(checkoutId);
    await page.getByText(checkoutId, { exact: true }).waitFor();
    // The booking reference beside the checkout id.
    await page.getByText(pending.bookings.find((b) => b.lastName === 'Payer')!.reference, { exact: true }).waitFor();
    await page.getByRole('link', { name: /Google Calendar/ }).waitFor();
    await page.getByRole('link', { name: /Outlook Calendar/ }).waitFor();
    await countOf(page.getByRole('button', { name: /calendar file|\.ics|iCal/i })).toBe(1);
    // The paid booking's manage link, offered for a member without e-mail: it opens this booking.
    const manage = await page.getByRole('link', { name: 'Manage my booking' }).getAttribute('href');
    expect(manage).toMatch(/^\/my-booking\?token=/);
    // No e-mail was given: the page says no confirmation will come, and offers the link to copy.
    await page.getByText(NO_EMAIL_MESSAGES.title).waitFor();
    await page.getByText(NO_EMAIL_MESSAGES.body).waitFor();
    await valueOf(page.getByRole('textbox', { name: NO_EMAIL_MESSAGES.linkLabel })).toBe(`${world.app.baseUrl}${manage}`);
    await page.getByRole('button', { name: NO_EMAIL_MESSAGES.copy }).waitFor();
    await screenshot(page, 'payment-success');
    const successViolations = await seriousAxeViolations(page);
    expect(successViolations, describeViolations(successViolations)).toEqual([]);

    const paid = await adminBookings();
    const booking = paid.bookings.find((b) => b.lastName === 'Payer');
    await page.goto(manage!);
    await page
      .getByText(`Booking reference${booking!.reference}`)
      .or(page.getByRole('definition').filter({ hasText: booking!.reference }))
      .first()
      .waitFor();
    expect(booking).toMatchObject({ paymentStatus: 'Paid', paymentAmount: 3750, paymentIdShort: expect.stringMatching(/^tp_/) });
    expect(paid.summary.revenue.GBP).toBe(3750);

    // And in the admin panel itself.
    const admin = await world.browser.newPage();
    await admin.goto(`/admin/bookings/${eventId}`);
    const row = admin.getByRole('row').filter({ hasText: 'Payer' });
    await row.getByText('Paid', { exact: true }).waitFor();
    await admin.getByText('£37.50').first().waitFor();
    await admin.close();

    // Back on the card step's address, the server says it is paid: the success page again, no form.
    await page.goto(`/event-booking?id=${eventId}&payment=pending&checkoutId=${encodeURIComponent(checkoutId)}`);
    await page.waitForURL(/payment=success/);
    await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
    await countOf(testForm(page)).toBe(0);
    expect(await page.getByRole('link', { name: 'Manage my booking' }).getAttribute('href')).toBe(manage);

    // Come back to the success page by a link on another site (here a page of no origin): the
    // browser that booked still gets its manage link, its proof cookie going with the page's own request.
    const successUrl = `${world.app.baseUrl}/event-booking?id=${eventId}&payment=success&checkoutId=${encodeURIComponent(checkoutId)}`;
    await page.goto('about:blank');
    await page.setContent(`<a href="${successUrl}">Back to my payment</a>`);
    await page.getByRole('link', { name: 'Back to my payment' }).click();
    await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
    expect(await page.getByRole('link', { name: 'Manage my booking' }).getAttribute('href')).toBe(manage);
    await page.close();

    // Another browser given the same address (a checkout id is no manage link): paid, but no link.
    const other = await launchBrowser({ baseURL: world.app.baseUrl });
    try {
      const elsewhere = await other.newPage();
      await elsewhere.goto(successUrl);
      await elsewhere.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
      await elsewhere.getByText(MANAGE_LINK_ELSEWHERE.notEmailed).waitFor();
      await countOf(elsewhere.getByRole('link', { name: 'Manage my booking' })).toBe(0);
      await countOf(elsewhere.getByRole('textbox', { name: NO_EMAIL_MESSAGES.linkLabel })).toBe(0);
      expect(await elsewhere.content()).not.toContain('/my-booking?token=');
      const violations = await seriousAxeViolations(elsewhere);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("shows each card's answer: declined and processing error keep the booking Pending; another card then pays", async () => {
    const page = await world.browser.newPage();
    await bookAndReachCardStep(page, 'Decliner', '1', '0');
    await payWith(page, '4000 0000 0000 0002', '£15.00');
    const alert = page.getByRole('alert');
    await alert.getByText('Payment failed. Please try again or contact us.').waitFor();
    await alert.getByText('Card declined').waitFor();
    expect(new URL(page.url()).searchParams.get('payment')).toBe('pending');
    expect((await adminBookings()).bookings.find((b) => b.lastName === 'Decliner')?.paymentStatus).toBe('Pending');

    await payWith(page, '4000 0000 0000 0119', '£15.00');
    await page.getByRole('alert').getByText('Payment error occurred. Please try again or contact support.').waitFor();
    expect((await adminBookings()).bookings.find((b) => b.lastName === 'Decliner')?.paymentStatus).toBe('Pending');

    await testForm(page).getByLabel('Card number').fill('12');
    await page.getByRole('button', { name: 'Pay £15.00' }).click();
    await page.getByRole('alert').getByText('Please check your payment details and try again.').waitFor();

    await payWith(page, '4111-1111-1111-1111', '£15.00');
    await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
    expect((await adminBookings()).bookings.find((b) => b.lastName === 'Decliner')?.paymentStatus).toBe('Paid');
    await page.close();
  });

  it('Cancel Payment asks first, then goes back to the event; the booking stays unpaid', async () => {
    const page = await world.browser.newPage(PHONE);
    await bookAndReachCardStep(page, 'Canceller', '2', '0');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Cancel Payment' }).click();
    await expect.poll(() => asked).toEqual(['Are you sure you want to cancel this payment?']);
    // Said no: still on the card step.
    await testForm(page).waitFor();
    expect(new URL(page.url()).searchParams.get('payment')).toBe('pending');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel Payment' }).click();
    await page.waitForURL((url) => url.searchParams.get('payment') === null && url.searchParams.get('id') === eventId);
    await page.getByLabel('Lead Member First Name *', { exact: true }).waitFor();
    await page.getByRole('heading', { name: EVENT_NAME }).waitFor();
    expect((await adminBookings()).bookings.find((b) => b.lastName === 'Canceller')?.paymentStatus).toBe('Pending');
    await page.close();
  });

  it('says so for a checkout that does not exist or was altered', async () => {
    const page = await world.browser.newPage();
    await page.goto(`/event-booking?id=${eventId}&payment=pending&checkoutId=chk.1.GBP.nobody.forged`);
    await page.getByRole('heading', { name: 'Payment failed. Please try again.' }).waitFor();
    await countOf(testForm(page)).toBe(0);
    await page.getByRole('link', { name: 'Back to the event' }).click();
    await page.getByLabel('Lead Member First Name *', { exact: true }).waitFor();
    await page.close();
  });

  it('made no page errors', () => {
    expect(world.browser.errors.filter((e) => !e.includes('the server responded with a status of'))).toEqual([]);
  });
});
