import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { addCurrentMembers, adminSignedInTab, createEvent, memberPricedSupper, signedInAdminRequests } from '../../../support/e2e/admin-api';
import { PHONE } from '../../../support/e2e/browser';
import { expectAccessible } from '../../../support/e2e/axe';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { submitBooking } from '../../my-club/e2e/household-form';

// Renewing online (docs/membership.md#renewing-online) in Chromium at 375 px: a lapsed member
// signs in, renews from My club, pays by test card, sees the new date, and at once books an event
// at the member price.
const world = useApp({ mail: true });
const suffix = Date.now().toString(36);
const MEMBER = { id: `member-e2e-renew-${suffix}`, name: 'Lin Bowline', email: `lin.bowline.${suffix}@example.org` };
const CATEGORY = `Renewing sailor ${suffix}`;
let supperId = '';

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER]);
  const members = world.app.built.ports.get('members');
  const member = (await members.get(MEMBER.id))!;
  // Lapsed since the spring: bookings are at the standard price until renewed.
  await members.update({ ...member, renewalDate: '2026-03-31' });
  const now = new Date().toISOString();
  await world.app.built.ports
    .get('membership')
    .createCategory({
      id: `renewing-${suffix}`,
      name: CATEGORY,
      description: 'For the renewal test',
      seasonPrice: 9_000,
      coversHousehold: false,
      dutiesPerSeason: 1,
      onlinePurchase: true,
      life: false,
      withdrawn: false,
      createdAt: now,
      updatedAt: now,
    });
  supperId = await createEvent(await signedInAdminRequests(world), world.app.baseUrl, memberPricedSupper(`Renewal supper ${suffix}`));
});

describe('renewing online in Chromium', () => {
  it('a lapsed member renews, pays by test card, sees the new date and books at the member price', async () => {
    const page = await memberOnPhone(world, MEMBER.email);
    await page.goto('/my');
    await page.getByRole('link', { name: 'Renew' }).click();
    await page.waitForURL('**/my-club/renew');
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await expectAccessible(page, 'renew-form-375');
    await page.getByLabel(new RegExp(CATEGORY)).check();
    await page.getByLabel(/I accept the club’s rules/).check();
    await page.getByLabel(/I pledge to do 1 duty/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Pay £90.00' }).waitFor();
    await expectAccessible(page, 'renew-card-375');
    await page.getByLabel(/Card number/i).fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Pay £90.00' }).click();
    await page.getByText(/your membership is renewed until .*31 March 2027/).waitFor();
    await expectAccessible(page, 'renew-paid-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect((await world.app.built.ports.get('members').get(MEMBER.id))?.renewalDate).toBe('2027-03-31');

    // At once, the member price: £10.00 for one, not the standard £15.00.
    await page.goto(`/event-booking?id=${supperId}`);
    await page.getByLabel('Lead Member First Name *').waitFor();
    const made = (await (await submitBooking(page)).json()) as { amount: number };
    expect(made.amount).toBe(1000);
    await page.close();
  });

  it('the treasurer’s CSV downloaded from the Membership screen sums to the figures shown and to the payments made, before and after a refund', async () => {
    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    // The membership payments the gateway took (an order's checkout carries the order id) less its refunds of them.
    const taken = () => {
      const charges = gateway.charges.filter((charge) => charge.checkoutId.includes('.order-'));
      const refunded = gateway.refunds.filter((refund) => charges.some((charge) => charge.paymentId === refund.paymentId));
      return charges.reduce((sum, c) => sum + c.amount, 0) - refunded.reduce((sum, r) => sum + r.amount, 0);
    };
    const admin = await adminSignedInTab(world, PHONE);
    await admin.goto('/admin/membership');
    const figures = admin.getByRole('region', { name: 'Figures' });
    await figures.getByRole('list', { name: 'Renewed this year' }).getByText(MEMBER.name).waitFor();
    await expectAccessible(admin, 'membership-figures-375');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await shownNet(admin)).toBe(9_000);
    expect(await downloadedNet(admin)).toEqual({ net: 9_000, rows: 1 });
    expect(taken()).toBe(9_000);

    await figures.getByRole('button', { name: `Refund ${MEMBER.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund this payment?' });
    await expectAccessible(admin, 'membership-refund-dialog-375');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await admin.getByText('Refund made: the renewal date stays as it was.').waitFor();
    await figures.getByTestId('adm-ms-net').getByText('£0.00').waitFor();
    expect(await downloadedNet(admin)).toEqual({ net: 0, rows: 2 });
    expect(taken()).toBe(0);
    // The renewal date stays (docs/membership.md#figures-refunds-and-the-csv).
    expect((await world.app.built.ports.get('members').get(MEMBER.id))?.renewalDate).toBe('2027-03-31');
    await admin.close();
  });
});

/** The net the figures show ("Taken less refunds"), in minor units. */
async function shownNet(admin: Page): Promise<number> {
  const text = await admin.getByTestId('adm-ms-net').textContent();
  return Math.round(Number(text!.replace(/[£,]/g, '')) * 100);
}

/** Downloads the CSV from the screen's link: its Amount less its Refunded column, in minor units, and its rows. */
async function downloadedNet(admin: Page): Promise<{ net: number; rows: number }> {
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download CSV' }).click()]);
  const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  const names = header.split(',');
  const sum = (column: string) =>
    lines.reduce((total, line) => {
      const cell = line.split(',')[names.indexOf(column)];
      return total + (cell ? Math.round(Number(cell) * 100) : 0);
    }, 0);
  return { net: sum('Amount') - sum('Refunded'), rows: lines.length };
}
