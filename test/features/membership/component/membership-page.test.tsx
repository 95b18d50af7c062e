import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MembershipCategory } from '@core/membership/membership-category';
import { MEMBERSHIP_FORM_MESSAGES } from '@core/membership/membership-forms';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '@core/membership/membership-settings';
import { MembershipPage } from '../../../../web/src/features/membership/admin/components/membership-page';
import { aMembershipCategory, aMembershipOrder } from '../../../support/entities';
import { failingUntilTryAgain, json, renderAt, serve, serveForm, type FakeServer } from '../../../support/component/render';

const ADULT = aMembershipCategory();
const FAMILY: MembershipCategory = { ...ADULT, id: 'family', name: 'Family', description: '', seasonPrice: 18_050, coversHousehold: true, dutiesPerSeason: 3 };

/** The figures of a year with nobody in it, as members:write alone sees them (membership-figures-panel.test.tsx tests them). */
const NO_FIGURES = {
  ...{ year: 2026, start: '2026-04-01', end: '2027-03-31', asOf: '2026-11-27', currency: 'GBP' },
  ...{ counts: { due: 0, lapsed: 0, renewed: 0, life: 0, current: 0 }, due: [], lapsed: [], renewed: [], categories: [], money: null },
};

/** The screen's reads: the categories, the settings (the defaults, never saved), the renewals waiting for cash or transfer and the figures. */
function reads(categories: MembershipCategory[], orders: object[] = []): FakeServer {
  return ({ path }) =>
    path === '/api/admin/membership/settings'
      ? json(200, { settings: DEFAULT_MEMBERSHIP_SETTINGS, saved: false })
      : path === '/api/admin/membership/orders'
        ? json(200, { orders })
        : path === '/api/admin/membership/figures'
          ? json(200, NO_FIGURES)
          : json(200, { categories });
}

function renderPage(write: FakeServer, categories: MembershipCategory[] = [ADULT, FAMILY]) {
  const recorded = serveForm(write, reads(categories));
  renderAt('/admin/membership', <MembershipPage />);
  return recorded;
}

const categoryPanel = () => screen.getByRole('region', { name: /Add a Category|Edit Category/ });
const settingsPanel = () => screen.getByRole('region', { name: 'Settings' });

describe('the Membership screen', () => {
  it('lists the categories with their price a year, household, duties, online, life and withdrawn', async () => {
    renderPage(() => json(500, {}));
    const table = await screen.findByRole('region', { name: 'Membership categories' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 7)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['AdultFull sailing membership', '£120.00', 'No', '2', 'Yes', 'No', 'No'],
      ['Family', '£180.50', 'Yes', '3', 'Yes', 'No', 'No'],
    ]);
  });

  it('says when there is no category yet, and offers Try Again when the list fails to load', async () => {
    const reading = failingUntilTryAgain(() => json(200, { categories: [] }));
    const others = reads([]);
    serve((request) => (request.path === '/api/admin/membership/categories' ? reading.server() : others(request)));
    renderAt('/admin/membership', <MembershipPage />);
    expect(await screen.findByText('Failed to load the membership categories')).toBeTruthy();
    await reading.tryAgain();
    expect(await screen.findByText('No categories yet: add the first one below.')).toBeTruthy();
  });

  it("adds a category: the core rule's messages first, nothing sent; then the form's text as typed", async () => {
    const { calls, bodies } = renderPage(() => json(201, { category: { ...ADULT, id: 'crew', name: 'Crew', seasonPrice: 6_000 } }));
    await screen.findByRole('region', { name: 'Membership categories' });
    const panel = categoryPanel();
    await userEvent.type(within(panel).getByLabelText(/^Price a year/), '12.345');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Category' }));
    expect(await within(panel).findByText(MEMBERSHIP_FORM_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(panel).getByText(MEMBERSHIP_FORM_MESSAGES.priceInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByLabelText(/^Name/)));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    await userEvent.type(within(panel).getByLabelText(/^Name/), 'Crew');
    await userEvent.clear(within(panel).getByLabelText(/^Price a year/));
    await userEvent.type(within(panel).getByLabelText(/^Price a year/), '60');
    await userEvent.click(within(panel).getByLabelText('Covers the household'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category Crew added.')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/membership/categories');
    expect(bodies[0]).toEqual({
      name: 'Crew',
      description: '',
      price: '60',
      coversHousehold: true,
      dutiesPerSeason: '0',
      onlinePurchase: true,
      life: false,
      withdrawn: false,
    });
  });

  it('shows a name another category has beside the name', async () => {
    renderPage(() => json(409, { error: 'There is already a category called Adult' }));
    await screen.findByRole('region', { name: 'Membership categories' });
    const panel = categoryPanel();
    await userEvent.type(within(panel).getByLabelText(/^Name/), 'adult');
    await userEvent.type(within(panel).getByLabelText(/^Price a year/), '1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Category' }));
    expect((await within(panel).findByText('There is already a category called Adult')).id).toBe('adm-ms-name-error');
  });

  it('edits a category chosen in the table, withdrawing it, and sends it to its own address', async () => {
    const { calls, bodies } = renderPage(() => json(200, { category: { ...ADULT, withdrawn: true, seasonPrice: 12_500 } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Adult' }));
    const panel = screen.getByRole('region', { name: 'Edit Category: Adult' });
    const price = within(panel).getByLabelText(/^Price a year/) as HTMLInputElement;
    expect(price.value).toBe('120.00');
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByLabelText(/^Name/)));
    await userEvent.clear(price);
    await userEvent.type(price, '125');
    await userEvent.click(within(panel).getByLabelText('Withdrawn'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Category' }));
    expect(await screen.findByText('Category Adult saved.')).toBeTruthy();
    expect(calls).toContain('PUT /api/admin/membership/categories/adult');
    expect(bodies[0]).toMatchObject({ name: 'Adult', price: '125', withdrawn: true });
    expect(screen.getByRole('region', { name: 'Add a Category' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Adult' })));
  });

  it('gives the focus back to the Edit button when the edit is cancelled', async () => {
    renderPage(() => json(500, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Family' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Edit Category: Family' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Add a Category' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Family' })));
  });

  it('shows the default settings and saves them; a rolling year has no start day or joining discount', async () => {
    const { calls, bodies } = renderPage(() => json(200, { settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, year: { kind: 'rolling' } }, saved: true }));
    await screen.findByRole('button', { name: 'Save Settings' });
    const panel = settingsPanel();
    expect(within(panel).getByText('These are the defaults: nobody has saved the settings yet.')).toBeTruthy();
    expect((within(panel).getByLabelText(/^Start day/) as HTMLInputElement).value).toBe('1');
    expect((within(panel).getByLabelText(/^Reminder days/) as HTMLInputElement).value).toBe('-28, -7, 0, 14');
    await userEvent.selectOptions(within(panel).getByLabelText('Membership year'), 'rolling');
    expect(within(settingsPanel()).queryByLabelText(/^Start day/)).toBeNull();
    expect(within(settingsPanel()).queryByLabelText(/^Joining discount/)).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Membership settings saved.')).toBeTruthy();
    expect(calls).toContain('PUT /api/admin/membership/settings');
    expect(bodies[0]).toMatchObject({
      yearKind: 'rolling',
      renewalWindowWeeks: '8',
      reminderDays: '-28, -7, 0, 14',
      admission: 'after-payment',
      applicationExpiryDays: '30',
    });
  });

  it("refuses bad settings with the core rule's messages and sends nothing", async () => {
    const { calls } = renderPage(() => json(200, {}));
    await screen.findByRole('button', { name: 'Save Settings' });
    const panel = settingsPanel();
    const weeks = within(panel).getByLabelText(/^Renewal window/);
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '30');
    await userEvent.type(within(panel).getByLabelText(/^Reminder days/), ', soon');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Settings' }));
    expect(await within(panel).findByText(MEMBERSHIP_FORM_MESSAGES.renewalWindowInvalid)).toBeTruthy();
    expect(within(panel).getByText(MEMBERSHIP_FORM_MESSAGES.reminderDaysInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(weeks));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
  });
});

describe('renewals waiting for cash or transfer', () => {
  const ORDER = {
    ...aMembershipOrder({
      memberId: 'mem-dee',
      method: 'transfer',
      status: 'open',
      paymentId: null,
      paidAt: null,
      appliedAt: null,
      createdAt: '2026-11-27T10:00:00.000Z',
    }),
    memberName: 'Dee Cash',
  };

  it('lists them and Mark paid (transfer) confirms one, saying until when the member is renewed', async () => {
    const { calls, bodies } = serveForm(
      () =>
        json(200, {
          result: 'applied',
          order: {
            ...ORDER,
            status: 'paid',
            paymentId: 'offline-order-1',
            paidAt: '2026-11-27T11:00:00.000Z',
            appliedAt: '2026-11-27T11:00:00.000Z',
            confirmedBy: 'uid-1',
            memberName: undefined,
          },
        }),
      reads([ADULT], [ORDER]),
    );
    renderAt('/admin/membership', <MembershipPage />);
    const table = await screen.findByRole('region', { name: 'Renewals waiting for payment' });
    expect(within(table).getByText('Dee Cash')).toBeTruthy();
    expect(within(table).getByText('£120.00')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Mark paid (transfer) for Dee Cash' }));
    expect(await screen.findByText('Payment recorded: Dee Cash is renewed until 2027-03-31.')).toBeTruthy();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST /api/admin/membership/orders/order-1/paid']);
    expect(bodies[0]).toEqual({ method: 'transfer' });
  });

  it('Cancel asks first; "Keep it" sends nothing, "Cancel renewal" cancels it and says so', async () => {
    const { calls } = serveForm(() => json(200, { order: { ...ORDER, status: 'cancelled', memberName: undefined } }), reads([ADULT], [ORDER]));
    renderAt('/admin/membership', <MembershipPage />);
    const table = await screen.findByRole('region', { name: 'Renewals waiting for payment' });
    await userEvent.click(within(table).getByRole('button', { name: 'Cancel the renewal for Dee Cash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this renewal?' });
    expect(within(dialog).getByText('Dee Cash')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    await userEvent.click(within(table).getByRole('button', { name: 'Cancel the renewal for Dee Cash' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel this renewal?' })).getByRole('button', { name: 'Cancel renewal' }));
    expect(await screen.findByText('Renewal for Dee Cash cancelled.')).toBeTruthy();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST /api/admin/membership/orders/order-1/cancel']);
  });

  it('tells the server’s refusal when the order was paid meanwhile', async () => {
    serveForm(() => json(409, { error: 'This order is no longer open: it was paid or closed meanwhile' }), reads([ADULT], [ORDER]));
    renderAt('/admin/membership', <MembershipPage />);
    const table = await screen.findByRole('region', { name: 'Renewals waiting for payment' });
    await userEvent.click(within(table).getByRole('button', { name: 'Cancel the renewal for Dee Cash' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel this renewal?' })).getByRole('button', { name: 'Cancel renewal' }));
    expect(await screen.findByText('This order is no longer open: it was paid or closed meanwhile')).toBeTruthy();
  });
});
