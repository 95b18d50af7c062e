import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@core/membership/membership-application';
import { JoinPage } from '../../../../web/src/features/membership/components/join-page';
import { failingUntilTryAgain, json, renderAt, serve, serveForm, type FakeServer } from '../../../support/component/render';

const OFFER = {
  currency: 'GBP',
  admission: 'after-payment',
  choices: [
    {
      id: 'adult',
      name: 'Adult',
      description: 'One sailing member',
      amount: 12_000,
      fullPrice: 12_000,
      coversHousehold: false,
      dutiesPerSeason: 2,
      life: false,
      paysUntil: '2027-03-31',
    },
    {
      id: 'family',
      name: 'Family',
      description: '',
      amount: 18_000,
      fullPrice: 18_000,
      coversHousehold: true,
      dutiesPerSeason: 3,
      life: false,
      paysUntil: '2027-03-31',
    },
  ],
};
const APPLIED = {
  applicationId: 'app-1',
  state: 'submitted',
  amount: 18_000,
  currency: 'GBP',
  paysUntil: '2027-03-31',
  checkoutId: 'chk.18000.GBP.order-1.sig',
};

function renderPage(write: FakeServer, offer: object = OFFER) {
  const { calls, bodies } = serveForm(write, (request) => (request.path === '/api/membership/join' ? json(200, offer) : json(404, { error: 'Not found' })));
  renderAt('/join', <JoinPage />);
  return { writes: () => calls.filter((call) => !call.startsWith('GET')), bodies };
}

describe('the Join page', () => {
  it('shows each membership with its price, what it covers and until when', async () => {
    renderPage(() => json(500, {}));
    const family = await screen.findByLabelText(/Family/);
    expect(family.closest('.check-row')?.textContent).toBe('Family: £180.00 for your household, until Wed 31 March 2027; 3 duties a year');
    expect(screen.getByLabelText(/Adult/).closest('.check-row')?.textContent).toContain('£120.00, until Wed 31 March 2027; 2 duties a year One sailing member');
  });

  it('refuses with the core’s messages, sending nothing', async () => {
    const { writes } = renderPage(() => json(500, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.categoryRequired)).toBeTruthy();
    expect(screen.getByText(APPLICATION_MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(APPLICATION_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(APPLICATION_MESSAGES.acceptRequired)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('a household applies, pays by test card and is told what happens next', async () => {
    const { writes, bodies } = renderPage(({ path }) =>
      path === '/api/membership/applications' ? json(201, APPLIED) : json(200, { status: 'COMPLETED', alreadyPaid: false }),
    );
    await userEvent.click(await screen.findByLabelText(/Family/));
    await userEvent.type(screen.getByLabelText('First name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Last name'), 'Sailor');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    const person = screen.getByRole('group', { name: 'Person 2' });
    await userEvent.type(within(person).getByLabelText('First name'), 'Cat');
    await userEvent.click(screen.getByLabelText(/I accept the club’s rules/));
    await userEvent.click(screen.getByLabelText(/I pledge to do 3 duties/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Pay £180.00' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Card number/i), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Pay £180.00' }));
    expect(await screen.findByText(/your application and payment are received/)).toBeTruthy();
    expect(writes()).toEqual(['POST /api/membership/applications', 'POST /api/membership/applications/pay']);
    expect(bodies[0]).toEqual({
      categoryId: 'family',
      firstName: 'Ann',
      lastName: 'Sailor',
      email: 'ann@example.org',
      phone: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      people: [{ firstName: 'Cat', lastName: 'Sailor', email: '' }],
      accept: true,
      dutiesPledged: 3,
    });
    expect(bodies[1]).toEqual({ applicationId: 'app-1', cardToken: '4111 1111 1111 1111' });
  });

  it('shows the server’s field messages', async () => {
    renderPage(() => json(400, { error: APPLICATION_MESSAGES.emailInvalid, fields: { email: APPLICATION_MESSAGES.emailInvalid } }));
    await userEvent.click(await screen.findByLabelText(/Adult/));
    await userEvent.type(screen.getByLabelText('First name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Last name'), 'Sailor');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.org');
    await userEvent.click(screen.getByLabelText(/I accept the club’s rules/));
    await userEvent.click(screen.getByLabelText(/I pledge to do 2 duties/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.emailInvalid)).toBeTruthy();
  });

  it('offers Try Again when the memberships fail to load', async () => {
    const reading = failingUntilTryAgain(() => json(200, OFFER));
    serve(() => reading.server());
    renderAt('/join', <JoinPage />);
    expect(await screen.findByText('Failed to load the memberships')).toBeTruthy();
    await reading.tryAgain();
    expect(await screen.findByLabelText(/Family/)).toBeTruthy();
  });
});
