import { beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../../../core/shared/date-text';
import { adminSignedInTab } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';

// Joining online (docs/membership.md#joining) in Chromium at 375 px: a family applies from the
// sign-in page's link, pays by test card, an admin admits it on the Applications screen, and the
// welcome e-mail's link signs the applicant in to My club, showing the category and renewal date.
const world = useApp({ mail: true });
const suffix = Date.now().toString(36);
const CATEGORY = `Family ${suffix}`;
const ANN = { first: 'Ann', last: `Hitch${suffix}`, email: `ann.hitch.${suffix}@example.org` };

beforeAll(async () => {
  const now = new Date().toISOString();
  await world.app.built.ports
    .get('membership')
    .createCategory({
      id: `family-${suffix}`,
      name: CATEGORY,
      description: 'The whole household',
      seasonPrice: 18_000,
      coversHousehold: true,
      dutiesPerSeason: 2,
      onlinePurchase: true,
      life: false,
      withdrawn: false,
      createdAt: now,
      updatedAt: now,
    });
});

describe('joining online in Chromium', () => {
  it('a family applies and pays at 375 px, an admin admits it, and the welcome link signs the applicant in to My club', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Join the club' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
    await expectAccessible(page, 'join-form-375');
    await page.getByLabel(new RegExp(CATEGORY)).check();
    await page.getByLabel('First name').fill(ANN.first);
    await page.getByLabel('Last name').fill(ANN.last);
    await page.getByLabel('E-mail').fill(ANN.email);
    await page.getByRole('button', { name: 'Add a person' }).click();
    const bob = page.getByRole('group', { name: 'Person 2' });
    await bob.getByLabel('First name').fill('Bob');
    await bob.getByLabel('E-mail (optional)').fill(`bob.hitch.${suffix}@example.org`);
    await page.getByRole('button', { name: 'Add a person' }).click();
    await page.getByRole('group', { name: 'Person 3' }).getByLabel('First name').fill('Cat');
    await page.getByLabel(/I accept the club’s rules/).check();
    await page.getByLabel(/I pledge to do 2 duties/).check();
    await expectAccessible(page, 'join-household-375');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Pay £180.00' }).waitFor();
    await expectAccessible(page, 'join-card-375');
    await page.getByLabel(/Card number/i).fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Pay £180.00' }).click();
    await page.getByText(/your application and payment are received/).waitFor();
    await expectAccessible(page, 'join-done-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const admin = await adminSignedInTab(world, PHONE);
    await admin.goto('/admin/membership/applications');
    await admin.getByRole('button', { name: `Admit ${ANN.first} ${ANN.last}` }).click();
    await admin.getByText(`${ANN.first} ${ANN.last} admitted: the welcome e-mail is on its way.`).waitFor();
    await expectAccessible(admin, 'applications-375');
    await admin.close();

    const members = world.app.built.ports.get('members');
    const applicant = await members.getByEmail(ANN.email);
    expect(applicant).toMatchObject({ membershipType: CATEGORY });
    expect(await members.getByEmail(`bob.hitch.${suffix}@example.org`)).toMatchObject({ renewalDate: applicant!.renewalDate });

    const mail = await world.smtp.waitForSubject(`Welcome to ${world.app.config.clubName}`);
    expect(JSON.stringify(mail.to)).toContain(ANN.email);
    const link = /https?:\/\/\S+\/sign-in\/renewal\?token=\S+/.exec(mail.text ?? '')?.[0];
    if (!link) throw new Error(`No sign-in link in: ${mail.text}`);
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('button', { name: 'Sign in and renew' }).click();
    await page.waitForURL('**/my-club/renew');
    await page.goto('/my');
    const details = page.getByRole('region', { name: 'My details' });
    await details.getByText(CATEGORY, { exact: true }).waitFor();
    await details.getByText(formatDay(`${applicant!.renewalDate}T12:00:00.000Z`, 'member'), { exact: true }).waitFor();
    await expectAccessible(page, 'join-my-club-375');
    await page.close();
  });
});
