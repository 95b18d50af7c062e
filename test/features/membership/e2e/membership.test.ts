import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInOnLoginPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { expectErrorThenLoading } from '../../../support/e2e/load-states';

/** Admin → Membership: the demo's categories, adding, changing and withdrawing one, and the settings. */

let page: Page;

const accessible = (p: Page, name: string) => expectAccessible(p, name, `membership-${name}`);

async function atBothWidths(p: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await p.setViewportSize(viewport);
    await accessible(p, `${name}-${viewport.width}`);
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} at ${viewport.width}px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
  }
  await p.setViewportSize(DESKTOP);
}

const world = useApp();

beforeAll(async () => {
  page = world.page;
  await signInOnLoginPage(page);
});

const categoriesTable = () => page.getByRole('region', { name: 'Membership categories' });
const categoryPanel = () => page.getByRole('region', { name: /Add a Category|Edit Category/ });
const settingsPanel = () => page.getByRole('region', { name: 'Settings' });
const offered = async () =>
  ((await (await page.request.get('/api/membership/categories')).json()) as { categories: { name: string }[] }).categories.map((c) => c.name);

describe('the admin Membership screen', () => {
  it('shows its loading and error states, with Try Again', async () => {
    await expectErrorThenLoading(page, {
      url: '**/api/admin/membership/categories',
      open: async () => (await adminMenuLink(page, 'Membership')).click(),
      failed: 'Failed to load the membership categories',
      loading: 'Loading categories…',
      loaded: categoriesTable().getByRole('cell', { name: /^Adult/ }),
      whileFailed: () => accessible(page, 'error'),
    });
  });

  it("lists the demo club's categories with their prices, and the settings' defaults", async () => {
    await page.getByRole('heading', { level: 1, name: 'Membership' }).waitFor();
    expect(await categoriesTable().locator('.adm-ms-name').allTextContents()).toEqual(['Adult', 'Crew', 'Family', 'Junior', 'Life', 'Social']);
    await categoriesTable().getByRole('cell', { name: '£120.00' }).waitFor();
    await settingsPanel().getByText('These are the defaults: nobody has saved the settings yet.').waitFor();
    expect(await settingsPanel().getByLabel('Start month').inputValue()).toBe('4');
    await atBothWidths(page, 'screen');
  });

  it('adds a category: the form refuses a bad price, then the joining page offers it; withdrawn, it is offered no more', async () => {
    await categoryPanel().getByLabel(/^Name/).fill('Cadet');
    await categoryPanel()
      .getByLabel(/^Price a year/)
      .fill('25.5.0');
    await categoryPanel().getByRole('button', { name: 'Add Category' }).click();
    await categoryPanel().getByText('Price must be 0 or more, in steps of 0.01').waitFor();
    await accessible(page, 'refused');
    await categoryPanel()
      .getByLabel(/^Price a year/)
      .fill('25.50');
    await categoryPanel().getByRole('button', { name: 'Add Category' }).click();
    await page.getByText('Category Cadet added.').waitFor();
    await categoriesTable().getByRole('cell', { name: '£25.50' }).waitFor();
    expect(await offered()).toContain('Cadet');

    await page.setViewportSize(PHONE);
    await categoriesTable().getByRole('button', { name: 'Edit Cadet' }).click();
    await page.getByRole('region', { name: 'Edit Category: Cadet' }).getByLabel('Withdrawn').check();
    await page.getByRole('button', { name: 'Save Category' }).click();
    await page.getByText('Category Cadet saved.').waitFor();
    expect(await offered()).not.toContain('Cadet');
    expect(await offered()).toContain('Adult');
    await page.setViewportSize(DESKTOP);
  });

  it('saves the settings: a rolling year with other reminders, kept when the screen opens again', async () => {
    await settingsPanel().getByLabel('Membership year').selectOption('rolling');
    await settingsPanel()
      .getByLabel(/^Reminder days/)
      .fill('-14, 0');
    await settingsPanel().getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Membership settings saved.').waitFor();
    await page.reload();
    await settingsPanel()
      .getByLabel(/^Reminder days/)
      .waitFor();
    expect(
      await settingsPanel()
        .getByLabel(/^Reminder days/)
        .inputValue(),
    ).toBe('-14, 0');
    expect(await settingsPanel().getByLabel('Membership year').inputValue()).toBe('rolling');
    expect(await settingsPanel().getByLabel('Start month').count()).toBe(0);
  });
});
