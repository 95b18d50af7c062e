import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { signInOnce } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, textOf } from '../../../support/e2e/eventually';

/**
 * The admin's Members screen (the club's member list) in Chromium: a CSV file with one bad line is
 * refused with the line named and nothing imported; fixed, it is imported and the members listed;
 * one is edited, one disabled; axe clean at 375 and 1280 px.
 */

const world = useApp();

const signIn = signInOnce();

async function openScreen(p: Page) {
  await (await adminMenuLink(p, 'Members')).click();
  await p.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  await p
    .getByRole('status')
    .filter({ hasText: /Loading/ })
    .waitFor({ state: 'detached' });
}

async function chooseFile(p: Page, name: string, text: string) {
  await p.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await p.getByRole('button', { name: 'Check File' }).click();
}

async function stored() {
  const page = await world.browser.newPage();
  try {
    await signIn(page);
    const res = await page.request.get('/api/admin/members');
    return ((await res.json()) as { members: { name: string; email: string; membershipType: string; renewalDate: string; disabled: boolean }[] }).members;
  } finally {
    await page.close();
  }
}

const rowOf = (p: Page, name: string) => p.getByRole('row').filter({ has: p.getByRole('rowheader', { name, exact: true }) });

describe('the admin Members screen', () => {
  it('refuses a CSV with a bad line, naming it, imports the fixed file, then edits and disables members', async () => {
    const page = await world.browser.newPage(DESKTOP);
    await signIn(page);
    await openScreen(page);
    const before = await stored();

    const header = 'Name,E-mail,Membership type,Renewal date';
    await chooseFile(
      page,
      'members-bad.csv',
      `${header}\nAnn Sailor,ann.e2e@example.org,Family,31/03/2030\nBob Crew,bob.e2e-at-example.org,Adult,2030-03-31\nCat Helm,cat.e2e@example.org,Junior,31/03/2030\n`,
    );
    const refusal = page.getByRole('alert').filter({ hasText: 'This file cannot be imported' });
    await refusal.waitFor();
    await textOf(refusal).toContain('Line 3: the e-mail “bob.e2e-at-example.org” is not an e-mail address');
    await textOf(refusal).toContain('Nothing has been saved');
    await countOf(page.getByRole('button', { name: /^Import \d+ Members$/ })).toBe(0);
    await expectAccessible(page, 'admin-members-import-refused');
    expect(await stored()).toEqual(before);

    await chooseFile(
      page,
      'members-good.csv',
      `${header}\nAnn Sailor,ann.e2e@example.org,Family,31/03/2030\nBob Crew,bob.e2e@example.org,Adult,2030-03-31\nCat Helm,cat.e2e@example.org,Junior,31/03/2020\n`,
    );
    await page.getByText('3 new members, 0 to update, 0 already listed as they are.').waitFor();
    await expectAccessible(page, 'admin-members-import-preview');
    expect(await stored()).toEqual(before);
    await page.getByRole('button', { name: 'Import 3 Members' }).click();
    await page.getByText('Imported 3 members from members-good.csv: 3 added, 0 updated, 0 unchanged.').waitFor();

    const list = page.getByRole('region', { name: 'Members', exact: true });
    await textOf(rowOf(page, 'Ann Sailor')).toMatch(/ann\.e2e@example\.org\s*Family\s*31\/03\/2030\s*Current/);
    await textOf(rowOf(page, 'Cat Helm')).toContain('Lapsed');
    await list.waitFor();

    // Edit one: the form opens with their details; the list shows the change.
    await rowOf(page, 'Bob Crew').getByRole('button', { name: 'Edit Bob Crew' }).click();
    const edit = page.getByRole('region', { name: 'Edit Bob Crew' });
    await edit.waitFor();
    expect(await edit.getByLabel('Renewal date').inputValue()).toBe('31/03/2030');
    await edit.getByLabel('Membership type').fill('Family');
    await edit.getByLabel('Renewal date').fill('31/02/2031');
    await edit.getByRole('button', { name: 'Save Member' }).click();
    await edit.getByText('Enter a real date, as 31/03/2027 or 2027-03-31').waitFor();
    await edit.getByLabel('Renewal date').fill('30/04/2031');
    await edit.getByRole('button', { name: 'Save Member' }).click();
    await page.getByText('Bob Crew saved.').waitFor();
    await textOf(rowOf(page, 'Bob Crew')).toMatch(/Family\s*30\/04\/2031\s*Current/);

    // Disable one: asked first, then shown as disabled.
    await rowOf(page, 'Ann Sailor').getByRole('button', { name: 'Disable Ann Sailor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable member?' });
    await dialog.getByText('ann.e2e@example.org').waitFor();
    await expectAccessible(page, 'admin-members-disable-dialog');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Ann Sailor disabled.').waitFor();
    await textOf(rowOf(page, 'Ann Sailor')).toContain('Disabled');
    await screenshot(page, 'admin-members-1280');
    await expectAccessible(page, 'admin-members-1280');

    const after = await stored();
    expect(after.find((m) => m.email === 'ann.e2e@example.org')?.disabled).toBe(true);
    expect(after.find((m) => m.email === 'bob.e2e@example.org')).toMatchObject({ membershipType: 'Family', renewalDate: '2031-04-30' });
    expect(after.filter((m) => m.email.endsWith('.e2e@example.org'))).toHaveLength(3);
    await page.close();
  });

  it('fits 375 px with no sideways scrolling and is accessible', async () => {
    const page = await world.browser.newPage(PHONE);
    await signIn(page);
    await openScreen(page);
    await page.getByRole('region', { name: 'Add a Member' }).waitFor();
    await screenshot(page, 'admin-members-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'admin-members-375');
    await page.close();
  });
});
