import { describe, expect, it } from 'vitest';
import type { TestPaymentGateway } from '../../../adapters/test-payments/test-payment-gateway';
import { adminSignedInTab } from '../../support/e2e/admin-api';
import { expectAccessible } from '../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../support/e2e/browser';
import { textOf } from '../../support/e2e/eventually';
import { useApp } from '../../support/e2e/use-app';

/**
 * The demo a new club first sees: its card payments can be refunded (the test gateway
 * took them), and its seasonal events fall in their season whenever it was seeded.
 */

const world = useApp();

describe('the demo data', () => {
  it('a seeded card payment is refunded in full when an admin cancels its booking', async () => {
    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const refundsBefore = gateway.refunds.length;
    const admin = await adminSignedInTab(world, DESKTOP);
    await admin.goto('/admin/booking/bk-regatta-01');
    await admin.getByRole('heading', { name: /Helen Marsh/ }).waitFor();
    await admin.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('checkbox', { name: 'Refund £30.00 to the member' }).waitFor();
    await expectAccessible(admin, 'demo-refund-dialog');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await admin.getByText('Booking cancelled.').waitFor();
    await textOf(admin.locator('dt', { hasText: /^Refund$/ }).locator('xpath=following-sibling::dd[1]')).toBe('Refunded: £30.00');
    expect(gateway.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 3000, currency: 'GBP' })]);
    await admin.close();
  });

  it('shows the barbecue in summer, the evening races in summer and the laying-up supper in autumn, on a phone', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/calendar');
    const card = (name: string) => page.locator('.event-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const seasons: [string, RegExp][] = [
      ['Midsummer Barbecue and Social Sail', /\b(June|July)\b/],
      ['Wednesday Evening Series Race', /\b(May|June|July|August)\b/],
      ['Laying-Up Supper and Prizegiving', /\b(October|November)\b/],
      ['Lake Garda Flotilla Week', /\b(May|June|September)\b/],
    ];
    for (const [name, months] of seasons) {
      await card(name).waitFor();
      expect(await card(name).innerText(), name).toMatch(months);
    }
    await expectAccessible(page, 'demo-seasons-phone');
    await page.close();
  });
});
