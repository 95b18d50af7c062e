import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, signInAsAdmin, wallClockDaysAhead } from './support/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/app-server';
import { expectAccessible } from './support/axe';
import { PHONE } from './support/browser';
import { signInOnMemberPage } from './support/sign-in-code';
import { useApp } from './support/use-app';

// Households of several members in Chromium (docs/members-households.md): the contact invites
// another member from My club, the member accepts on theirs, then books for the household's
// dependant and for the contact, each at the member price. One page, at 375 px.
const world = useApp({ mail: true });
const suffix = Date.now().toString(36);
const ANN = { id: `member-e2e-ann-${suffix}`, name: 'Ann Bowline', email: `ann.bowline.${suffix}@example.org` };
const BOB = { id: `member-e2e-bob-${suffix}`, name: 'Bob Bowline', email: `bob.bowline.${suffix}@example.org` };
const SUPPER = `Household supper ${suffix}`;
let supperId = '';

beforeAll(async () => {
  for (const member of [ANN, BOB]) {
    await world.app.built.ports
      .get('members')
      .create({ ...member, membershipType: 'Adult', renewalDate: '2099-03-31', disabled: false, createdAt: '2026-01-01T09:00:00.000Z', updatedAt: '2026-01-01T09:00:00.000Z' });
  }
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  supperId = await createEvent(request, world.app.baseUrl, {
    name: SUPPER,
    eventdatetime: wallClockDaysAhead(40, '19:00'),
    offerChild: true,
    requiresPayment: true,
    price: '15.00',
    memberPrice: '10.00',
  });
});

describe('a household of two members in Chromium', () => {
  it('the contact invites a member, who accepts and books for the dependant and the contact at the member price', async () => {
    const page = await world.browser.newPage(PHONE);
    await signInOnMemberPage(page, world.smtp, ANN.email);
    const household = page.getByRole('region', { name: 'Household' });
    await household.getByLabel('Name').fill('Milly Bowline');
    await household.getByLabel('Year of birth (optional)').fill('2018');
    await household.getByRole('button', { name: 'Add to household' }).click();
    await household.getByText('Milly Bowline (Junior, born 2018)').waitFor();
    await household.getByLabel('Their e-mail').fill(BOB.email);
    await household.getByRole('button', { name: 'Invite' }).click();
    await household.getByText('Waiting to accept: Bob Bowline').waitFor();

    // Bob, on the same page once Ann's session is gone.
    await world.browser.context.clearCookies();
    await signInOnMemberPage(page, world.smtp, BOB.email);
    const his = page.getByRole('region', { name: 'Household' });
    await his.getByText('Ann Bowline invites you into their household.').waitFor();
    await his.getByRole('button', { name: 'Accept' }).click();
    await his.getByText('Bob Bowline (you)').waitFor();
    await his.getByText('Ann Bowline · contact').waitFor();
    await his.getByText('Milly Bowline (Junior, born 2018)').waitFor();
    // Bob sees the dependant but the contact manages her.
    expect(await his.getByRole('button', { name: 'Remove Milly Bowline' }).count()).toBe(0);
    await expectAccessible(page, 'my-club-household-375');

    await page.goto(`/event-booking?id=${supperId}`);
    await page.getByRole('checkbox', { name: 'Milly Bowline (child)' }).check();
    await page.getByRole('checkbox', { name: 'Ann Bowline (adult)' }).check();
    expect(await page.getByLabel('Total Number Attending *').inputValue()).toBe('3');
    const booked = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    const answer = await booked;
    expect(answer.status()).toBe(201);
    // Bob and Ann at £10.00 each, Milly at half of it: £25.00, not the standard £37.50.
    expect(((await answer.json()) as { amount: number }).amount).toBe(2500);
    await page.close();
  });
});
