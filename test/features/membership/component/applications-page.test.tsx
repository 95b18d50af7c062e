import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@core/membership/membership-application';
import type { ApplicationView } from '@core/operations/join-club';
import { ApplicationsPage } from '../../../../web/src/features/membership/admin/components/applications-page';
import { failingUntilTryAgain, json, renderAt, serve, serveForm, type FakeServer } from '../../../support/component/render';

const NOW = '2026-06-01T09:00:00.000Z';
const anApplication = (fields: Partial<ApplicationView>): ApplicationView => ({
  id: 'app-1',
  firstName: 'Ann',
  lastName: 'Sailor',
  email: 'ann@example.org',
  people: [{ firstName: 'Cat', lastName: 'Sailor', email: null }],
  categoryId: 'family',
  categoryName: 'Family',
  dutiesPledged: 3,
  amount: 18_000,
  currency: 'GBP',
  admission: 'after-payment',
  orderId: 'order-1',
  status: 'submitted',
  state: 'paid',
  memberIds: [],
  reason: null,
  refund: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: NOW,
  matchesMember: null,
  ...fields,
});
const PAID = anApplication({});
const UNPAID = anApplication({ id: 'app-2', firstName: 'Bob', state: 'submitted', people: [], matchesMember: { id: 'm1', name: 'Bob Member' } });

function renderPage(write: FakeServer, applications: ApplicationView[] = [PAID, UNPAID]) {
  const recorded = serveForm(write, () => json(200, { applications }));
  renderAt('/admin/membership/applications', <ApplicationsPage />);
  return recorded;
}

describe('the Applications screen', () => {
  it('lists the applications with their state, a match with a member, and Admit only for a paid one', async () => {
    renderPage(() => json(500, {}));
    const table = await screen.findByRole('region', { name: 'Applications' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Family', 'Cat Sailor', '£180.00', 'Paid'],
      ['Family', 'None', '£180.00', 'Waiting for payment'],
    ]);
    expect(within(rows[1]!).getByText('Matches member Bob Member')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Admit Ann Sailor' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /Admit/ })).toBeNull();
  });

  it('admits, saying so; a refusal shows the server’s message', async () => {
    let answer = json(409, { error: APPLICATION_MESSAGES.closed });
    const { posts } = renderPage(() => answer);
    await userEvent.click(await screen.findByRole('button', { name: 'Admit Ann Sailor' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.closed)).toBeTruthy();
    answer = json(200, { application: { ...PAID, status: 'admitted', state: 'admitted' } });
    await userEvent.click(screen.getByRole('button', { name: 'Admit Ann Sailor' }));
    expect(await screen.findByText('Ann Sailor admitted: the welcome e-mail is on its way.')).toBeTruthy();
    expect(posts()).toEqual(['POST /api/admin/membership/applications/app-1/admit', 'POST /api/admin/membership/applications/app-1/admit']);
  });

  it('declines with a reason: the core rule first, nothing sent; then the refund said', async () => {
    const { posts, bodies } = renderPage(() => json(200, { application: { ...PAID, status: 'declined', state: 'declined', refund: 'refunded' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Ann Sailor' }));
    const panel = screen.getByRole('region', { name: 'Decline Ann Sailor' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Decline application' }));
    expect(await within(panel).findByText(APPLICATION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(posts()).toEqual([]);
    await userEvent.type(within(panel).getByLabelText('Reason (sent to the applicant)'), 'The club is full');
    await userEvent.click(within(panel).getByRole('button', { name: 'Decline application' }));
    expect(await screen.findByText('Ann Sailor declined. The payment is refunded.')).toBeTruthy();
    expect(bodies).toEqual([{ reason: 'The club is full' }]);
  });

  it('offers Try Again when the list fails to load, and says when there is none', async () => {
    const reading = failingUntilTryAgain(() => json(200, { applications: [] }));
    serve(() => reading.server());
    renderAt('/admin/membership/applications', <ApplicationsPage />);
    expect(await screen.findByText('Failed to load the applications')).toBeTruthy();
    await reading.tryAgain();
    expect(await screen.findByText('No applications yet.')).toBeTruthy();
  });
});
