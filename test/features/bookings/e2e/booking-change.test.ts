import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { adminWithNewEvent, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { bookInBrowser, payByTestCard, summaryCard, type Booker } from '../../../support/e2e/booking-form';
import { useApp } from '../../../support/e2e/use-app';

const stamp = Date.now().toString(36);

const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

function veventOf(mail: { attachments: { filename?: string; content: Buffer }[] }): ICAL.Event {
  const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
}

/**
 * An admin adds a paid event and signs out; a member books it on a phone and pays by test card.
 * Answers the admin's page (signed out), the member's page (on the payment's success page), the
 * event and the booking's confirmation e-mail.
 */
async function paidBookingOnPhone(event: { name: string; daysAhead: number; price: string }, person: Booker, pay: string) {
  const { admin, eventId } = await adminWithNewEvent(world, {
    name: event.name,
    eventdatetime: wallClockDaysAhead(event.daysAhead, '18:00'),
    requiresPayment: true,
    price: event.price,
    capacity: '20',
  });
  expect((await admin.request.delete('/api/admin/session', { headers: { 'X-Requested-With': 'fetch' } })).status()).toBe(204);

  const member = await world.browser.newPage(PHONE);
  await bookInBrowser(member, eventId, person);
  await payByTestCard(member, pay);
  const confirmation = await world.smtp.waitForSubject(`Booking confirmed: ${event.name}`);
  return { admin, member, eventId, confirmation };
}

/** From the payment's success page to the manage page's Change booking: asks the total for this many attending. */
async function askNewTotal(member: Page, attending: string, quote: string): Promise<void> {
  await member.getByRole('link', { name: 'Manage my booking' }).click();
  await member.getByRole('heading', { name: 'Change booking' }).waitFor();
  await member.getByLabel('Total number attending', { exact: false }).fill(attending);
  await member.getByRole('button', { name: 'See the new total' }).click();
  await member.getByText(quote).waitFor();
}

/** The "Booking changed" e-mail: 2 attending, this line about the money, and the .ics of the confirmation updated. */
async function expectChangedMail(name: string, confirmation: ParsedMail, money: string): Promise<void> {
  const changed = await world.smtp.waitForSubject(`Booking changed: ${name}`);
  expect(changed.text).toContain('Attending: 2');
  expect(changed.text).toContain(money);
  expect(veventOf(changed).uid).toBe(veventOf(confirmation).uid);
  expect(veventOf(changed).sequence).toBeGreaterThan(veventOf(confirmation).sequence);
}

/** The event's bookings screen, opened by an admin signed in anew: answers the page and its revenue. */
async function adminRevenue(eventId: string, name: string): Promise<{ back: Page; revenue: string }> {
  const back = await signedInAdminPage(world.browser);
  await back.goto(`/admin/bookings/${eventId}`);
  await back.getByRole('heading', { level: 1, name: `Bookings: ${name}` }).waitFor();
  return { back, revenue: await summaryCard(back, 'Revenue (less refunds)') };
}

describe('Change booking on the manage page, in Chromium at 375 px', () => {
  it('a smaller paid booking: the new total and the difference before confirming, the difference refunded, the e-mail with the updated .ics, the admin figures', async () => {
    const name = `Change Supper ${stamp}`;
    const { admin, member, eventId, confirmation } = await paidBookingOnPhone(
      { name, daysAhead: 33, price: '12.50' },
      { first: 'Ada', last: 'Lovelace', email: 'ada@example.org', attending: '3' },
      '£37.50',
    );

    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const refundsBefore = gateway.refunds.length;
    await askNewTotal(member, '2', 'New total: £25.00 (was £37.50). Difference: -£12.50.');
    await member.getByText('£12.50 will be refunded to your card.').waitFor();
    // Nothing has changed yet.
    expect(gateway.refunds.length).toBe(refundsBefore);
    await expectAccessible(member, 'booking change quote at 375 px', 'booking-change-375');

    await member.getByRole('button', { name: 'Confirm change' }).click();
    await member.getByText('Your booking has been changed.').waitFor();
    await member
      .getByRole('definition')
      .filter({ hasText: /^£25\.00$/ })
      .waitFor();
    expect(gateway.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 1250, currency: 'GBP' })]);
    await expectAccessible(member, 'booking changed at 375 px', null);

    await expectChangedMail(name, confirmation, '£12.50 will be refunded to your card.');

    const { back, revenue } = await adminRevenue(eventId, name);
    expect(revenue).toBe('£25.00');
    await member.close();
    await back.close();
    await admin.close();
  });

  it('a larger paid booking: 1 to 2 confirmed, paid on the card step, the changed booking shown; the admin revenue grows by the difference', async () => {
    const name = `Growth Supper ${stamp}`;
    const { admin, member, eventId, confirmation } = await paidBookingOnPhone(
      { name, daysAhead: 34, price: '10.00' },
      { first: 'Grace', last: 'Hopper', email: 'grace@example.org', attending: '1' },
      '£10.00',
    );

    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const chargesBefore = gateway.charges.length;
    await askNewTotal(member, '2', 'New total: £20.00 (was £10.00). Difference: +£10.00.');
    await member.getByText('£10.00 more to pay.').waitFor();
    await member.getByRole('button', { name: 'Confirm change' }).click();

    // The card step of the change's own checkout: the difference only.
    await member.getByRole('button', { name: 'Pay £10.00' }).waitFor();
    await member.getByText('now 2 attending, the difference to pay').waitFor();
    expect(gateway.charges.length).toBe(chargesBefore);
    await expectAccessible(member, 'change card step at 375 px', null);
    await payByTestCard(member, '£10.00');
    // It says the change is paid, not the booking as if it were new.
    await member.getByText('is paid: now 2 attending.', { exact: false }).waitFor();
    expect(await member.getByText(/^Your booking for /).count()).toBe(0);
    expect(gateway.charges.slice(chargesBefore)).toEqual([expect.objectContaining({ amount: 1000, currency: 'GBP' })]);

    await member.getByRole('link', { name: 'Manage my booking' }).click();
    await member.getByRole('heading', { name: 'Change booking' }).waitFor();
    await member
      .getByRole('definition')
      .filter({ hasText: /^£20\.00$/ })
      .waitFor();
    await member.getByRole('definition').filter({ hasText: /^2$/ }).first().waitFor();
    await expectAccessible(member, 'booking changed after paying at 375 px', null);

    await expectChangedMail(name, confirmation, '£10.00 paid by card.');

    const { back, revenue } = await adminRevenue(eventId, name);
    expect(revenue).toBe('£20.00');
    await member.close();
    await back.close();
    await admin.close();
  });
});
