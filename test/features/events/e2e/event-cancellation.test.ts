import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { createEvent, FETCH_HEADER, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { bookInBrowser, payByTestCard } from '../../../support/e2e/booking-form';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, textOf } from '../../../support/e2e/eventually';

// Cancelling an event in Chromium: the admin's Cancel event dialog at 375 px, the
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
  await bookInBrowser(page, eventId, { ...person, last: 'Member' });
  await payByTestCard(page, person.pay);
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
    const eventId = await createEvent(admin.request, world.app.baseUrl, {
      name,
      eventdatetime: wallClockDaysAhead(30, '10:00'),
      requiresPayment: true,
      price: '12.50',
      capacity: '20',
    });
    await bookAndPay(eventId, { first: 'Ada', email: 'ada@example.org', attending: '2', pay: '£25.00' });
    await bookAndPay(eventId, { first: 'Bea', email: 'bea@example.org', attending: '1', pay: '£12.50' });
    await bookAndPay(eventId, { first: 'Cy', email: '', attending: '1', pay: '£12.50' });
    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const refundsBefore = gateway.refunds.length;

    await admin.goto('/admin/events');
    await admin.getByRole('button', { name: `Cancel event ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel event?' });
    await dialog
      .getByText('3 bookings will be cancelled and each member with an e-mail address told the reason. 3 card payments will be refunded in full.')
      .waitFor();
    // No reason, no cancellation: the core rule's message, and nothing happens.
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await dialog.getByText('Please give the reason members will be told.').waitFor();
    await dialog.getByLabel('Reason members will be told').fill('Gale warning for the whole weekend');
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin, 'event-cancel-dialog-375');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await admin.getByText(`Event "${name}" cancelled: 3 bookings cancelled; 3 refunded to cards.`).waitFor();
    const row = admin.getByRole('row').filter({ hasText: name });
    await row.getByText('Cancelled', { exact: true }).waitFor();
    await countOf(row.getByRole('button', { name: `Cancel event ${name}` })).toBe(0);

    // Refunded in full at the gateway, and revenue falls to nothing.
    expect(
      gateway.refunds
        .slice(refundsBefore)
        .map((r) => r.amount)
        .sort((a, b) => a - b),
    ).toEqual([1250, 1250, 2500]);
    await admin.goto(`/admin/bookings/${eventId}`);
    await admin.getByRole('heading', { level: 1, name: `Bookings: ${name}` }).waitFor();
    await textOf(
      admin
        .locator('.adm-card')
        .filter({ has: admin.getByText('Revenue (less refunds)', { exact: true }) })
        .locator('dd'),
    ).toBe('£0.00');

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
    const vevent = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === `${eventId}@kyc-members-area`);
    expect(vevent?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(String(vevent?.getFirstPropertyValue('summary'))).toBe(`Cancelled: ${name}`);
    expect(Number(vevent?.getFirstPropertyValue('sequence'))).toBeGreaterThan(0);

    // The sign-in page's session check is answered 401 before the admin signs in: expected, not an error.
    expect(world.browser.errors.filter((e) => !/\/admin\/dashboard: console: .*status of 401/.test(e))).toEqual([]);
    await member.close();
    await admin.close();
  });

  it('money taken by hand: the dialog and its outcome say "to refund by hand" and list whom to repay; one booking is cancelled with a reason the member is told', async () => {
    const name = `Cash Supper ${stamp}`;
    const admin = await signedInAdminPage(world.browser, PHONE);
    const eventId = await createEvent(admin.request, world.app.baseUrl, {
      name,
      eventdatetime: wallClockDaysAhead(30, '19:00'),
      requiresPayment: true,
      price: '12.00',
      capacity: '20',
    });
    /** A member books one place; an admin marks it paid by hand. Answers the booking's id. */
    const paidByHand = async (firstName: string, email: string, method: 'cash' | 'transfer') => {
      const booked = await admin.request.post(`${world.app.baseUrl}/api/bookings`, {
        data: { eventId, firstName, lastName: 'Member', numberAttending: '1', email },
      });
      expect(booked.status()).toBe(201);
      const { bookingId } = (await booked.json()) as { bookingId: string };
      const paid = await admin.request.post(`${world.app.baseUrl}/api/admin/bookings/${bookingId}/mark-paid`, {
        headers: FETCH_HEADER,
        data: { method, reference: 'Receipt 7' },
      });
      expect(paid.status()).toBe(200);
      return bookingId;
    };
    const hal = await paidByHand('Hal', 'hal@example.org', 'cash');
    await bookAndPay(eventId, { first: 'Ada', email: 'ada@example.org', attending: '1', pay: '£12.00' });

    await admin.goto('/admin/events');
    await admin.getByRole('button', { name: `Cancel event ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel event?' });
    await dialog.getByText('1 payment by cash or transfer is to refund by hand', { exact: false }).waitFor();
    await countOf(dialog.getByText('Refund failed', { exact: false })).toBe(0);
    await dialog.getByLabel('Reason members will be told').fill('The caterer let us down');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await admin.getByText(`Event "${name}" cancelled: 2 bookings cancelled; 1 refunded to a card, 1 to refund by hand.`).waitFor();
    const list = admin.getByRole('region', { name: 'To refund by hand' });
    await list.getByText(`£12.00 (cash), reference ${hal}`, { exact: false }).waitFor();
    await list.getByRole('link', { name: 'Hal Member' }).waitFor();
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin, 'event-cancelled-hand-refunds-375');

    // The booking's own screen says "To refund by hand", never "Refund failed".
    await list.getByRole('link', { name: 'Hal Member' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Booking: Hal Member' }).waitFor();
    await admin.locator('.adm-page-head').getByText('To refund by hand', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Record refund as handed back' }).waitFor();
    // The event's bookings: the row says so, and a summary card counts them.
    await admin.getByRole('link', { name: `← Back to the bookings of ${name}` }).click();
    await admin.getByRole('row').filter({ hasText: 'Hal Member' }).getByText('To refund by hand', { exact: true }).waitFor();
    await textOf(
      admin
        .locator('.adm-card')
        .filter({ has: admin.getByText('To refund by hand', { exact: true }) })
        .locator('dd'),
    ).toBe('1');
    await expectAccessible(admin, 'event-bookings-to-refund-by-hand-375');
    const toHal = (await mailsWithSubject(`Event cancelled: ${name}`, 2)).find((m) => !Array.isArray(m.to) && m.to?.text === 'hal@example.org');
    expect(toHal?.text).toContain('You paid £12.00 in cash; the club will repay you by hand.');
    expect((await world.smtp.waitForSubject(`To refund by hand: ${name}`)).text).toContain(
      `Hal Member (booking ${hal}): £12.00, paid in cash (payment reference Receipt 7)`,
    );

    // One booking of another event, cancelled by an admin with the reason the member is told.
    const other = `Transfer Sail ${stamp}`;
    const otherId = await createEvent(admin.request, world.app.baseUrl, {
      name: other,
      eventdatetime: wallClockDaysAhead(31, '10:00'),
      requiresPayment: true,
      price: '12.00',
      capacity: '20',
    });
    const booked = await admin.request.post(`${world.app.baseUrl}/api/bookings`, {
      data: { eventId: otherId, firstName: 'Ivy', lastName: 'Member', numberAttending: '1', email: 'ivy@example.org' },
    });
    const { bookingId: ivy } = (await booked.json()) as { bookingId: string };
    await admin.request.post(`${world.app.baseUrl}/api/admin/bookings/${ivy}/mark-paid`, {
      headers: FETCH_HEADER,
      data: { method: 'transfer', reference: '' },
    });
    await admin.goto(`/admin/booking/${ivy}`);
    await admin.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Cancel this booking?' });
    await confirm.getByText('it will be listed To refund by hand', { exact: false }).waitFor();
    await confirm.getByLabel('Reason the member will be told (optional)').fill('The boat you booked is out of the water');
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin, 'booking-cancel-reason-dialog-375');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await admin.getByText('Booking cancelled. £12.00 is to refund by hand: repay the member, then press Record refund as handed back.').waitFor();
    await admin.locator('.adm-details').getByText('The boat you booked is out of the water').waitFor();
    const toIvy = await world.smtp.waitForSubject(`Booking cancelled: ${other}`);
    expect(toIvy.text).toContain('The reason: The boat you booked is out of the water');
    expect(toIvy.text).toContain('You paid £12.00 by bank transfer; the club will repay you by hand.');
    await expectAccessible(admin, 'booking-to-refund-by-hand-375');
    await admin.close();
  });
});
