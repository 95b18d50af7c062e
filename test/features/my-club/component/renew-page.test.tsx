import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemberSessionAnswerSchema } from '@core/member-sign-in/member-sign-in';
import { ORDER_MESSAGES } from '@core/membership/membership-order';
import { RENEW_MESSAGES } from '@core/my-club/renew-online';
import { MyDetailsSection } from '../../../../web/src/features/my-club/components/my-details-section';
import { RenewPage } from '../../../../web/src/features/my-club/components/renew-page';
import { json, renderAt, serveForm, type FakeServer } from '../../../support/component/render';

const ANN = MemberSessionAnswerSchema.parse({ member: { id: 'member-ann', name: 'Ann Jones', email: 'ann@example.com', renewalDate: '2026-03-31' } });
const DETAILS = {
  name: 'Ann Jones',
  email: 'ann@example.com',
  phone: '07700 900123',
  emergencyContactName: null,
  emergencyContactPhone: null,
  membership: { category: 'Adult', status: 'lapsed', renewalDate: '2026-03-31', lapsedSince: '2026-04-01' },
};
const OFFER = {
  status: 'lapsed',
  category: 'Adult',
  renewalDate: '2026-03-31',
  open: true,
  opensOn: '2026-02-03',
  refusal: null,
  currency: 'GBP',
  choices: [
    { id: 'adult', name: 'Adult', description: '', amount: 12_000, coversHousehold: false, dutiesPerSeason: 2, paysUntil: '2027-03-31' },
    { id: 'social', name: 'Social', description: '', amount: 3_000, coversHousehold: false, dutiesPerSeason: 0, paysUntil: '2027-03-31' },
  ],
};
const ORDER = { id: 'order-1', categoryId: 'adult', amount: 12_000, currency: 'GBP', paysUntil: '2027-03-31', method: 'card', status: 'open' };

function renderPage(write: FakeServer, offer: object = OFFER) {
  const { calls, bodies } = serveForm(write, (request) => {
    if (request.path === '/api/member/session') return json(200, ANN);
    if (request.path === '/api/my/renewal') return json(200, offer);
    if (request.path === '/api/my/details') return json(200, DETAILS);
    return json(404, { error: 'Not found' });
  });
  renderAt('/my-club/renew', <RenewPage />);
  return { writes: () => calls.filter((call) => !call.startsWith('GET')), bodies };
}

describe('the renewal page', () => {
  it('refuses without acceptance and pledge, with the core’s messages, sending nothing', async () => {
    const { writes } = renderPage(() => json(500, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(RENEW_MESSAGES.acceptRequired)).toBeTruthy();
    expect(screen.getByText(RENEW_MESSAGES.pledgeRequired(2))).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('starts a card renewal, pays by test card and shows the new renewal date', async () => {
    const { writes, bodies } = renderPage(({ path }) =>
      path === '/api/my/renewal'
        ? json(201, { order: ORDER, checkoutId: 'chk.12000.GBP.order-1.sig' })
        : json(200, { status: 'COMPLETED', renewalDate: '2027-03-31', alreadyPaid: false, refunded: false }),
    );
    await userEvent.click(await screen.findByLabelText(/I accept the club’s rules/));
    await userEvent.click(screen.getByLabelText(/I pledge to do 2 duties/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Pay £120.00' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Card number/i), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Pay £120.00' }));
    expect(await screen.findByText(/renewed until .*31 March 2027/)).toBeTruthy();
    expect(writes()).toEqual(['POST /api/my/renewal', 'POST /api/my/renewal/pay']);
    expect(bodies[0]).toEqual({
      categoryId: 'adult',
      phone: '07700 900123',
      emergencyContactName: '',
      emergencyContactPhone: '',
      accept: true,
      dutiesPledged: 2,
      method: 'card',
    });
    expect(bodies[1]).toEqual({ orderId: 'order-1', cardToken: '4111 1111 1111 1111' });
  });

  it('says when renewal opens while it is closed', async () => {
    renderPage(() => json(500, {}), { ...OFFER, status: 'current', open: false, refusal: ORDER_MESSAGES.renewalNotOpen('Wed 3 February 2027'), choices: [] });
    expect(await screen.findByText(ORDER_MESSAGES.renewalNotOpen('Wed 3 February 2027'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('My details', () => {
  it('offers Renew, to /my-club/renew, while renewal is open, and not otherwise', async () => {
    serveForm(
      () => json(500, {}),
      (request) =>
        request.path === '/api/my/renewal' ? json(200, OFFER) : request.path === '/api/my/details' ? json(200, DETAILS) : json(404, { error: 'Not found' }),
    );
    renderAt('/my', <MyDetailsSection />);
    expect((await screen.findByRole('link', { name: 'Renew' })).getAttribute('href')).toBe('/my-club/renew');
  });

  it('has no Renew while renewal is closed', async () => {
    serveForm(
      () => json(500, {}),
      (request) =>
        request.path === '/api/my/renewal'
          ? json(200, { ...OFFER, open: false, choices: [] })
          : request.path === '/api/my/details'
            ? json(200, DETAILS)
            : json(404, { error: 'Not found' }),
    );
    renderAt('/my', <MyDetailsSection />);
    expect(await screen.findByText('Adult')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Renew' })).toBeNull();
  });
});
