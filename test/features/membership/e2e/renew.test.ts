import { beforeAll, describe, expect, it } from 'vitest';
import { addCurrentMembers, createEvent, memberPricedSupper, signedInAdminRequests } from '../../../support/e2e/admin-api';
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
});
