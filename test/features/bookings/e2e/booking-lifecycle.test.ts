import ICAL from 'ical.js';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { adminWithNewEvent, createEvent, FETCH_HEADER, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { bookInBrowser, payByTestCard, summaryCard } from '../../../support/e2e/booking-form';
import { useApp } from '../../../support/e2e/use-app';
import { countOf } from '../../../support/e2e/eventually';

const stamp = Date.now().toString(36);

const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

/** The "N places left" line of one event on the members' calendar. */
async function calendarPlaces(page: Page, eventName: string): Promise<string> {
  await page.goto('/calendar');
  const card = page.locator('li.event-card').filter({ has: page.getByRole('heading', { name: eventName }) });
  return card.locator('.places-left').innerText();
}

/** The manage link of the newest e-mail with this subject. */
async function manageLinkIn(subject: string): Promise<URL> {
  const mail = await world.smtp.waitForSubject(subject);
  return new URL(/http:\/\/localhost:\d+\/my-booking\?token=\S+/.exec(mail.text ?? '')?.[0] ?? 'http://none.example');
}

/**
 * The member acts in this same browser: signed out of the panel first, as a member's own browser
 * is (a member's link used with an admin's session is recorded as the admin's doing).
 */
async function signOut(admin: Page): Promise<void> {
  expect((await admin.request.delete('/api/admin/session', { headers: { 'X-Requested-With': 'fetch' } })).status()).toBe(204);
}

/** The event's bookings screen in a new tab, signed in again: an admin coming back later. */
async function bookingsScreen(eventId: string, name: string) {
  const page = await signedInAdminPage(world.browser);
  await page.goto(`/admin/bookings/${eventId}`);
  await page.getByRole('heading', { level: 1, name: `Bookings: ${name}` }).waitFor();
  return page;
}

describe("the booking's life after Book, in Chromium", () => {
  it('book with an e-mail, the confirmation brings a valid .ics and the manage link, cancel there: places come back on the calendar and in the admin panel', async () => {
    const name = `Spring Sail ${stamp}`;
    const { admin, eventId } = await adminWithNewEvent(world, { name, eventdatetime: wallClockDaysAhead(30, '10:00'), capacity: '10' });
    await signOut(admin);

    const member = await world.browser.newPage(PHONE);
    expect(await calendarPlaces(member, name)).toBe('10 places left');
    await bookInBrowser(member, eventId, { first: 'Grace', last: 'Hopper', email: 'grace@example.org', attending: '3' });
    await member.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    expect(await calendarPlaces(member, name)).toBe('7 places left');

    const mail = await world.smtp.waitForSubject(`Booking confirmed: ${name}`);
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe(name);
    const link = await manageLinkIn(`Booking confirmed: ${name}`);

    await member.goto(`/my-booking${link.search}`);
    await member.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    await member.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = member.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByText(`Your places at ${name} will be released at once.`).waitFor();
    await expectAccessible(member, 'my-booking-cancel-dialog-375');
    await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await member.getByRole('heading', { name: 'Your cancelled booking', level: 1 }).waitFor();
    await member.getByText('This booking is cancelled.').waitFor();
    await expectAccessible(member, 'my-booking-cancelled-375');
    expect(await world.smtp.waitForSubject(`Booking cancelled: ${name}`)).toBeDefined();

    expect(await calendarPlaces(member, name)).toBe('10 places left');
    await admin.close();
    const back = await bookingsScreen(eventId, name);
    expect(await summaryCard(back, 'Attendees')).toBe('0');
    expect(await summaryCard(back, 'Cancelled')).toBe('1');
    await back.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByText('Cancelled').waitFor();
    await member.close();
    await back.close();
  });

  it('a paid booking cancelled by the member is refunded at the gateway, and revenue falls', async () => {
    const name = `Summer Barbecue ${stamp}`;
    const { admin, eventId } = await adminWithNewEvent(world, {
      name,
      eventdatetime: wallClockDaysAhead(31, '18:00'),
      requiresPayment: true,
      price: '12.50',
      capacity: '20',
    });
    const member = await world.browser.newPage();
    await bookInBrowser(member, eventId, { first: 'Ada', last: 'Lovelace', email: 'ada@example.org', attending: '2' });
    await payByTestCard(member, '£25.00');

    await admin.goto(`/admin/bookings/${eventId}`);
    expect(await summaryCard(admin, 'Revenue (less refunds)')).toBe('£25.00');
    await signOut(admin);

    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const refundsBefore = gateway.refunds.length;
    await member.getByRole('link', { name: 'Manage my booking' }).click();
    await member.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = member.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByText('The £25.00 you paid will be refunded in full.').waitFor();
    await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await member.getByText('We have refunded £25.00 to your card.').waitFor();
    // The payment's success page no longer says the booking stands.
    await member.goBack();
    await member.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
    await member.getByText('We have refunded £25.00 to your card.').waitFor();
    expect(gateway.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 2500, currency: 'GBP' })]);

    await admin.close();
    const back = await bookingsScreen(eventId, name);
    expect(await summaryCard(back, 'Revenue (less refunds)')).toBe('£0.00');
    await member.close();
    await back.close();
  });

  it('an admin marks a booking paid by cash on its screen; the audit log shows the cash payment and the cancellations', async () => {
    const name = `Clubhouse Supper ${stamp}`;
    const { admin, eventId } = await adminWithNewEvent(world, {
      name,
      eventdatetime: wallClockDaysAhead(32, '19:00'),
      requiresPayment: true,
      price: '15.00',
      capacity: '10',
    });
    const booked = await admin.request.post('/api/bookings', {
      data: { eventId, firstName: 'Mary', lastName: 'Anning', numberAttending: '2', email: 'mary@example.org' },
    });
    expect(booked.status()).toBe(201);

    await admin.setViewportSize(PHONE);
    await admin.goto(`/admin/bookings/${eventId}`);
    await admin.getByRole('link', { name: 'Mary Anning' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Booking: Mary Anning' }).waitFor();
    await admin.getByText('Pending', { exact: true }).first().waitFor();
    await admin.getByLabel('Paid by').selectOption('cash');
    await admin.getByLabel('Reference').fill('Receipt 42');
    await admin.getByRole('button', { name: 'Mark paid' }).click();
    await admin.getByText('Marked Paid (cash).').waitFor();
    await admin.getByRole('listitem').filter({ hasText: 'Marked paid by cash (£30.00)' }).waitFor();
    await expectAccessible(admin, 'admin-booking-detail-375');
    expect(await world.smtp.waitForSubject(`Booking confirmed: ${name}`)).toBeDefined();

    await admin.goto(`/admin/bookings/${eventId}`);
    expect(await summaryCard(admin, 'Revenue (less refunds)')).toBe('£30.00');
    await admin.getByRole('row').filter({ hasText: 'Mary Anning' }).getByText('Paid (cash)').waitFor();

    await (await adminMenuLink(admin, 'Audit')).click();
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await admin.getByText('Marked paid by cash (£30.00)').first().waitFor();
    await admin.getByText('member via manage link').first().waitFor();
    await countOf(admin.getByText('Cancelled by the member')).toBeGreaterThanOrEqual(2);
    await expectAccessible(admin, 'admin-audit-375');
    await admin.close();
  });

  it('the audit log and a booking’s history read in labels, pounds, London times and admin names, at 375 px', async () => {
    const name = `Audit Supper ${stamp}`;
    const admin = await signedInAdminPage(world.browser, PHONE);
    // A summer evening: London is on BST, an hour ahead of UTC, so a UTC time would read an hour early.
    const eventId = await createEvent(admin.request, world.app.baseUrl, {
      name,
      eventdatetime: '2027-07-10T19:00',
      requiresPayment: true,
      price: '15.00',
      capacity: '10',
    });
    const { form } = (await (await admin.request.get(`/api/admin/events/${eventId}`)).json()) as { form: Record<string, unknown> };
    const updated = await admin.request.put(`/api/admin/events/${eventId}`, {
      headers: FETCH_HEADER,
      data: { ...form, price: '12.50', eventdatetime: '2027-07-10T18:30', capacity: '12' },
    });
    expect(updated.status()).toBe(200);
    const booked = await admin.request.post('/api/bookings', { data: { eventId, firstName: 'Grace', lastName: 'Hopper', numberAttending: '1', email: '' } });
    expect(booked.status()).toBe(201);
    const { bookingId } = (await booked.json()) as { bookingId: string };

    // The booking's history: cancelled by the admin, named, at a London time.
    await admin.goto(`/admin/booking/${encodeURIComponent(bookingId)}`);
    await admin.getByRole('heading', { level: 1, name: 'Booking: Grace Hopper' }).waitFor();
    await admin.getByRole('button', { name: 'Cancel booking' }).click();
    await admin.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Cancel booking' }).click();
    await admin.getByText('Booking cancelled.').waitFor();
    const history = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'History' }) });
    const changes = history.locator('.adm-audit-changes li');
    await changes.filter({ hasText: 'Cancelled by' }).first().waitFor();
    const lines = await changes.allInnerTexts();
    expect(lines).toContain('Cancelled by: — → Club Administrator');
    const cancelledAt = lines.find((line) => line.startsWith('Cancelled: '));
    expect(cancelledAt).toMatch(/^Cancelled: — → (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/);
    expect(lines.join('\n')).not.toMatch(/cancelledBy|cancelledAt|\d{4}-\d{2}-\d{2}T/);
    await expect(history.locator('.adm-audit > li p').first().innerText()).resolves.toContain('Club Administrator');
    await expectAccessible(admin, 'admin-booking-history-375');

    // The audit log of the event: labels, pounds rather than pence, London times, the admin's name.
    await admin.goto(`/admin/audit?recordId=${encodeURIComponent(eventId)}`);
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const eventLines = admin.locator('.adm-audit-changes li');
    await eventLines.filter({ hasText: 'Price' }).first().waitFor();
    const texts = await eventLines.allInnerTexts();
    expect(texts).toEqual(expect.arrayContaining(['Price: £15.00 → £12.50', 'Start: Sat 10 July 2027, 19:00 → Sat 10 July 2027, 18:30', 'Capacity: 10 → 12']));
    expect(texts.join('\n')).not.toMatch(/eventdatetime|1500|1250|\d{4}-\d{2}-\d{2}T/);
    const who = await admin.locator('.adm-audit > li > p').allInnerTexts();
    expect(who.every((line) => line.includes('· Club Administrator ·'))).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(admin, 'admin-audit-labels-375');
    await admin.close();
  });
});
