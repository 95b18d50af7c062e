import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MembershipFigures } from '@core/membership/membership-figures';
import { MembershipFiguresPanel } from '../../../../web/src/features/membership/admin/components/membership-figures-panel';
import { aMembershipOrder } from '../../../support/entities';
import { failingUntilTryAgain, json, renderAt, serve, serveForm } from '../../../support/component/render';

// The Membership screen's figures (docs/membership.md#figures-refunds-and-the-csv).

const money = (paid: number, refunded = 0) => ({ paid, refunded, net: paid - refunded });
const TREASURERS: MembershipFigures = {
  year: 2026,
  start: '2026-04-01',
  end: '2027-03-31',
  asOf: '2026-11-27',
  currency: 'GBP',
  counts: { due: 1, lapsed: 1, renewed: 1, life: 0, current: 1 },
  due: [{ id: 'm-due', name: 'Dee Due', category: 'Adult', renewalDate: '2026-12-31' }],
  lapsed: [{ id: 'm-lap', name: 'Lee Lapsed', category: 'Social', renewalDate: '2026-03-31' }],
  renewed: [{ id: 'm-ren', name: 'Ren Renewed', category: 'Adult', renewalDate: '2027-03-31' }],
  categories: [
    { categoryId: 'adult', name: 'Adult', members: 2, renewed: 1, money: money(12_000) },
    { categoryId: 'social', name: 'Social', members: 1, renewed: 0, money: money(0) },
  ],
  money: {
    total: money(12_000),
    payments: 1,
    refunds: 0,
    byMethod: [
      { method: 'card', payments: 1, ...money(12_000) },
      { method: 'cash', payments: 0, ...money(0) },
      { method: 'transfer', payments: 0, ...money(0) },
    ],
    orders: [
      { id: 'order-1', memberName: 'Ren Renewed', category: 'Adult', method: 'card', amount: 12_000, paidAt: '2026-11-01T10:00:00.000Z', status: 'paid' },
    ],
  },
};
const SECRETARYS: MembershipFigures = { ...TREASURERS, categories: TREASURERS.categories.map((c) => ({ ...c, money: null })), money: null };

const renderPanel = () => renderAt('/admin/membership', <MembershipFiguresPanel onNotice={() => undefined} />);
const figures = () => screen.findByRole('region', { name: 'Figures' });

describe('the Membership screen’s figures', () => {
  it('lists who is due, lapsed and renewed by name, the counts per category, the money by method and the CSV link', async () => {
    serve(() => json(200, TREASURERS));
    renderPanel();
    const panel = await figures();
    expect(within(await within(panel).findByRole('list', { name: 'Due' })).getByText('Dee Due')).toBeTruthy();
    expect(within(panel).getByRole('list', { name: 'Lapsed' }).textContent).toContain('Lee Lapsed');
    expect(within(panel).getByRole('list', { name: 'Renewed this year' }).textContent).toContain('Ren Renewed');
    const byCategory = within(panel).getByRole('region', { name: 'Members and money by category' });
    expect(within(byCategory).getAllByRole('row')[1].textContent).toBe('Adult21£120.00£0.00£120.00');
    const byMethod = within(panel).getByRole('region', { name: 'Payments by method' });
    expect(within(byMethod).getAllByRole('row').at(-1)!.textContent).toBe('Total1£120.00£0.00£120.00');
    expect(within(panel).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/membership/payments.csv?year=2026');
  });

  it('moves to the previous year and back: each year read by its label, the CSV of the year shown', async () => {
    const calls = serve(({ path }) =>
      json(200, path.endsWith('?year=2025') ? { ...TREASURERS, year: 2025, start: '2025-04-01', end: '2026-03-31', asOf: '2026-03-31' } : TREASURERS),
    );
    renderPanel();
    const panel = await figures();
    const years = within(panel).getByRole('group', { name: 'Membership year' });
    expect(await within(panel).findByText(/Membership year Wed 1 April 2026 to Wed 31 March 2027/)).toBeTruthy();
    expect(within(years).getByRole('button', { name: 'This year' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(years).getByRole('button', { name: 'Previous year' }));
    expect(await within(panel).findByText(/Membership year Tue 1 April 2025 to Tue 31 March 2026/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/membership/payments.csv?year=2025');
    await userEvent.click(within(years).getByRole('button', { name: 'This year' }));
    expect(await within(panel).findByText(/Membership year Wed 1 April 2026/)).toBeTruthy();
    // The current year is read again on the way back (the admin's reads are always fresh).
    expect(calls).toEqual(['GET /api/admin/membership/figures', 'GET /api/admin/membership/figures?year=2025', 'GET /api/admin/membership/figures']);
  });

  it('without the money permission shows the counts and names only: no money, no CSV, no Refund', async () => {
    serve(() => json(200, SECRETARYS));
    renderPanel();
    const panel = await figures();
    await within(panel).findByRole('list', { name: 'Due' });
    expect(within(panel).queryByText(/£/)).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(panel).getByText('The money (payments, refunds and their CSV) is shown to admins who may change bookings.')).toBeTruthy();
  });

  it('Refund asks first; Keep It sends nothing, Refund sends one refund of that order', async () => {
    let answered = TREASURERS;
    const { calls } = serveForm(
      () => {
        answered = {
          ...TREASURERS,
          money: { ...TREASURERS.money!, total: money(12_000, 12_000), orders: [{ ...TREASURERS.money!.orders[0], status: 'refunded' }] },
        };
        const order = aMembershipOrder({
          memberId: 'm-ren',
          status: 'refunded',
          refundedAt: '2026-11-27T10:00:00.000Z',
          refundId: 'refund-1',
          refundedBy: 'uid-t',
        });
        return json(200, { result: 'refunded', order });
      },
      () => json(200, answered),
    );
    renderPanel();
    const panel = await figures();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Refund Ren Renewed' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment?' });
    expect(dialog.textContent).toContain('£120.00 paid by Ren Renewed (card) will be refunded to the card');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep It' }));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Refund Ren Renewed' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Refund this payment?' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Refund Ren Renewed' })).toBeNull());
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST /api/admin/membership/orders/order-1/refund']);
  });

  it('offers Try Again when the figures fail to load', async () => {
    const reading = failingUntilTryAgain(() => json(200, SECRETARYS));
    serve(reading.server);
    renderPanel();
    expect(await screen.findByText('Failed to load the membership figures')).toBeTruthy();
    await reading.tryAgain();
    expect(await screen.findByRole('list', { name: 'Due' })).toBeTruthy();
  });
});
