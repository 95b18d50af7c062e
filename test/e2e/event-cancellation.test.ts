import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPaymentGateway } from '../../adapters/test-payments/test-payment-gateway';
import { createEvent, wallClockDaysAhead } from './support/admin-api';
import { signedInAdminPage } from './support/admin-form';
import { expectAccessible } from './support/axe';
import { PHONE } from './support/browser';
import { useApp } from './support/use-app';
import { countOf, textOf } from './support/eventually';

// Cancelling an event (issue 17) in Chromium: the admin's Cancel event dialog at 375 px, the
// members' e-mails through a real SMTP server, the refunds at the test gateway, the calendar,
// the booking page and the calendar feed.

const stamp = Date.now().toString(36);


const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

/** No part of the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Books and pays by test card in a member's tab. */
async function bookAndPay(eventId: string, person: { first: string; email: string; attending: string; pay: string }): Promise<void> {
  const page = await world.browser.newPage();
  await page.goto(`/event-booking?id=${eventId}`);
  await page.getByLabel('Lead Member First Name *', { exact: true }).fill(person.first);
  await page.getByLabel('Lead Member Last Name *', { exact: true }).fill('Member');
  await page.getByLabel('Email (optional)', { exact: true }).fill(person.email);
  await page.getByLabel('Total Number Attending *', { exact: true }).fill(person.attending);
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  await page.getByRole('form', { name: 'Test mode - no real money is taken' }).getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: `Pay ${person.pay}` }).click();
  await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
  await page.close();
}

/** Waits until `count` messages with this subject have arrived. */
async function mailsWithSubject(subject: string, count: number) {
  for (;;) {
    const found = world.smtp.received.filter((m) => m.subject === subject);
    if (found.length >= count) return found;
    await world.smtp.waitFor(world.smtp.received.length + 1);
  }
}

describe('an admin cancels an event, in Chromium', () => {
  it('the dialog asks the reason and says what will happen; every booked member with an e-mail is told, the paid ones refunded; the calendar, the booking page and the feed say Cancelled', async () => {
    const name = `Round the Island ${stamp}`;
    const admin = await signedInAdminPage(world.browser, PHONE);
    const eventId = await createEvent(admin.request, world.app.baseUrl, { name, eventdatetime: wallClockDaysAhead(30, '10:00'), requiresPayment: true, price: '12.50', capacity: '20' });
    await bookAndPay(eventId, { first: 'Ada', email: 'ada@example.org', attending: '2', pay: '£25.00' });
    await bookAndPay(eventId, { first: 'Bea', email: 'bea@example.org', attending: '1', pay: '£12.50' });
    await bookAndPay(eventId, { first: 'Cy', email: '', attending: '1', pay: '£12.50' });
    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const refundsBefore = gateway.refunds.length;

    await admin.goto('/admin/events');
    await admin.getByRole('button', { name: `Cancel event ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel event?' });
    await dialog.getByText('3 bookings will be cancelled and each member with an e-mail address told the reason. 3 card payments will be refunded in full.').waitFor();
    // No reason, no cancellation: the core rule's message, and nothing happens.
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await dialog.getByText('Please give the reason members will be told.').waitFor();
    await dialog.getByLabel('Reason members will be told').fill('Gale warning for the whole weekend');
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin, 'event-cancel-dialog-375');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await admin.getByText(`Event "${name}" cancelled: 3 bookings cancelled, 3 refunded.`).waitFor();
    const row = admin.getByRole('row').filter({ hasText: name });
    await row.getByText('Cancelled', { exact: true }).waitFor();
    await countOf(row.getByRole('button', { name: `Cancel event ${name}` })).toBe(0);

    // Refunded in full at the gateway, and revenue falls to nothing.
    expect(gateway.refunds.slice(refundsBefore).map((r) => r.amount).sort((a, b) => a - b)).toEqual([1250, 1250, 2500]);
    await admin.goto(`/admin/bookings/${eventId}`);
    await admin.getByRole('heading', { level: 1, name: `Bookings: ${name}` }).waitFor();
    await textOf(admin.locator('.adm-card').filter({ has: admin.getByText('Revenue (less refunds)', { exact: true }) }).locator('dd')).toBe('£0.00');

    // Each member with an e-mail is told the reason and the refund.
    const mails = await mailsWithSubject(`Event cancelled: ${name}`, 2);
    expect(mails.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual(['ada@example.org', 'bea@example.org']);
    const toAda = mails.find((m) => !Array.isArray(m.to) && m.to?.text === 'ada@example.org');
    expect(toAda?.text).toContain(`has cancelled ${name}`);
    expect(toAda?.text).toContain('The reason: Gale warning for the whole weekend');
    expect(toAda?.text).toContain('We have refunded £25.00 to your card.');

    // The calendar keeps the event, marked Cancelled with the reason, without Book Event.
    const member = await world.browser.newPage(PHONE);
    await member.goto('/calendar');
    const card = member.locator('li.event-card').filter({ has: member.getByRole('heading', { name }) });
    await card.getByText('Cancelled: Gale warning for the whole weekend').waitFor();
    await countOf(card.getByRole('link', { name: /Book Event/ })).toBe(0);
    await expectNoSidewaysScroll(member);
    await expectAccessible(member, 'calendar-cancelled-event-375');

    // The booking page says so too.
    await member.goto(`/event-booking?id=${eventId}`);
    await member.getByRole('heading', { name: 'Event cancelled' }).waitFor();
    await member.getByText('Reason: Gale warning for the whole weekend').waitFor();
    await countOf(member.getByRole('button', { name: 'Submit Booking' })).toBe(0);
    await expectAccessible(member, 'booking-page-cancelled-event-375');

    // The calendar feed: the same entry, STATUS:CANCELLED.
    const feed = await member.request.get(`${world.app.baseUrl}/calendar.ics`);
    const vevent = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === `${eventId}@kyc-members-area`);
    expect(vevent?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(String(vevent?.getFirstPropertyValue('summary'))).toBe(`Cancelled: ${name}`);
    expect(Number(vevent?.getFirstPropertyValue('sequence'))).toBeGreaterThan(0);

    // The sign-in page's session check is answered 401 before the admin signs in: expected, not an error.
    expect(world.browser.errors.filter((e) => !/\/admin\/dashboard: console: .*status of 401/.test(e))).toEqual([]);
    await member.close();
    await admin.close();
  });
});
