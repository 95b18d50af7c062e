import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInOnLoginPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { createEvent, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { sidewaysOverflow } from '../../../support/e2e/scroll';

/**
 * Admin → Duties: an admin sets up a qualification, a duty type needing it and a template; records
 * members' qualifications; applies the template to an event (the light is red) and assigns
 * eligible members until the light is green; the roster of the race's day shows who is on duty and
 * the duty counts show Ann's. Axe-clean at 375 and 1280 px.
 */

const stamp = Date.now().toString(36);
const EVENT = `Club race ${stamp}`;
let page: Page;
let eventId: string;
/** The race's London date (YYYY-MM-DD). */
const RACE_DAY = wallClockDaysAhead(20, '10:00').slice(0, 10);

async function atBothWidths(p: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await p.setViewportSize(viewport);
    await expectAccessible(p, `${name}-${viewport.width}`, `duties-${name}-${viewport.width}`);
    expect(await sidewaysOverflow(p), `${name} at ${viewport.width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await p.setViewportSize(DESKTOP);
}

const world = useApp();

beforeAll(async () => {
  page = world.page;
  const members = world.app.built.ports.get('members');
  const now = new Date().toISOString();
  for (const [id, name] of [
    ['ann', 'Ann Helm'],
    ['bob', 'Bob Stern'],
    ['cat', 'Cat Bow'],
  ]) {
    await members.create({
      id: `e2e-${id}`,
      name,
      email: `${id}-${stamp}@club.example`,
      membershipType: 'Adult',
      renewalDate: '2099-12-31',
      disabled: false,
      createdAt: now,
      updatedAt: now,
    });
  }
  await signInOnLoginPage(page);
  eventId = await createEvent(page.request, world.app.baseUrl, {
    name: EVENT,
    eventdatetime: wallClockDaysAhead(20, '10:00'),
    eventenddatetime: wallClockDaysAhead(20, '16:00'),
  });
});

describe('duty rosters in the admin panel', () => {
  it('shows its loading and error states on the Duties screen', async () => {
    let fail = true;
    await page.route('**/api/admin/duties', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal"}' }) : route.fallback(),
    );
    await (await adminMenuLink(page, 'Duties')).click();
    await page.getByText('Failed to load the duties').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 2, name: 'Qualifications' }).waitFor();
    await page.unroute('**/api/admin/duties');
  });

  it('sets up a qualification, duty types needing it or not, and a template', async () => {
    await page.getByLabel('Qualification name').fill('Powerboat Level 2');
    await page.getByRole('button', { name: 'Add qualification' }).click();
    await page.getByText('Powerboat Level 2 (does not expire)').waitFor();

    await page.getByLabel('Duty type name').fill('Safety boat driver');
    await page.getByRole('group', { name: 'Qualifications needed' }).getByLabel('Powerboat Level 2').check();
    await page.getByRole('button', { name: 'Add duty type' }).click();
    await page.getByText('needs Powerboat Level 2').waitFor();
    await page.getByLabel('Duty type name').fill('Galley');
    await page.getByRole('button', { name: 'Add duty type' }).click();
    await page.getByText('needs no qualification').waitFor();

    await page.getByLabel('Template name (kind of event)').fill('Club race');
    await page.getByLabel('How many Safety boat driver').fill('2');
    await page.getByLabel('How many Galley').fill('1');
    await page.getByLabel('The event can run without Galley').check();
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByText('Club race: 2 × Safety boat driver, 1 × Galley (can run without)').waitFor();
    await atBothWidths(page, 'setup');
  });

  it("records two members' Powerboat Level 2 on the members' qualifications screen", async () => {
    await page.getByRole('link', { name: 'Members’ qualifications' }).click();
    for (const [name, id, expiry] of [
      ['Ann Helm', 'ann', ''],
      ['Bob Stern', 'bob', '2099-12-01'],
    ] as const) {
      await page.getByRole('combobox', { name: 'Member' }).selectOption({ label: `${name} (${id}-${stamp}@club.example)` });
      await page.getByRole('combobox', { name: 'Qualification' }).selectOption({ label: 'Powerboat Level 2' });
      await page.getByLabel('Expiry date (its last valid day; empty if none)').fill(expiry);
      await page.getByRole('button', { name: 'Record qualification' }).click();
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByText('Powerboat Level 2')
        .waitFor();
    }
    // An expiry reads as every date a person reads does (London words), never ISO.
    await page
      .getByRole('row', { name: /Bob Stern/ })
      .getByText('Powerboat Level 2 (until Tue 1 December 2099)')
      .waitFor();
    expect(await page.getByRole('region', { name: 'Members’ qualifications' }).innerText()).not.toMatch(/\d{4}-\d\d-\d\d/);
    await atBothWidths(page, 'qualifications');
  });

  it('applies the template to an event: red; assigning eligible members turns it green', async () => {
    await (await adminMenuLink(page, 'Events')).click();
    await page.getByRole('link', { name: `Duties for ${EVENT}` }).click();
    await page.getByRole('heading', { level: 1, name: `Duties: ${EVENT}` }).waitFor();
    await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Club race' });
    await page.getByRole('button', { name: 'Apply template' }).click();
    await page.locator('[data-staffing-light="red"]').waitFor();
    await page.getByRole('heading', { name: 'Safety boat driver: 0 of 2' }).waitFor();

    // Cat holds no Powerboat Level 2: offered only as an override, with what she lacks.
    const safety = page.getByLabel('Assign to Safety boat driver');
    expect(await safety.locator('option', { hasText: 'Cat Bow: Needs Powerboat Level 2' }).count()).toBe(1);
    for (const name of ['Ann Helm', 'Bob Stern']) {
      await page.getByLabel('Assign to Safety boat driver').selectOption({ label: name });
      await page.locator('[data-slot="Safety boat driver"]').getByRole('button', { name: 'Assign' }).click();
      await page.getByRole('button', { name: `Take off ${name} (Safety boat driver)` }).waitFor();
    }
    await page.locator('[data-staffing-light="amber"]').waitFor();
    await page.getByLabel('Assign to Galley').selectOption({ label: 'Cat Bow' });
    await page.locator('[data-slot="Galley"]').getByRole('button', { name: 'Assign' }).click();
    await page.locator('[data-staffing-light="green"]').waitFor();
    await atBothWidths(page, 'roster');

    await (await adminMenuLink(page, 'Events')).click();
    await page.locator(`[data-event-id="${eventId}"] [data-staffing-light="green"]`).waitFor();
  });

  it("the day's roster lists the race with who is on duty; the counts show each member's duties", async () => {
    await (await adminMenuLink(page, 'Duties')).click();
    await page.getByRole('link', { name: 'roster of a day' }).click();
    await page.getByLabel('Day', { exact: true }).fill(RACE_DAY);
    await page.getByRole('button', { name: 'Show' }).click();
    const race = page.locator(`[data-day-event="${EVENT}"]`);
    await race.getByRole('row', { name: 'Safety boat driver 2 of 2 Ann Helm, Bob Stern' }).waitFor();
    await race.getByRole('row', { name: 'Galley 1 of 1 (can run without) Cat Bow' }).waitFor();
    await race.locator('[data-staffing-light="green"]').waitFor();
    await atBothWidths(page, 'day');

    await (await adminMenuLink(page, 'Duties')).click();
    await page.getByRole('link', { name: 'duty counts' }).click();
    await page.getByLabel('From').fill(wallClockDaysAhead(0, '00:00').slice(0, 10));
    await page.getByLabel('To').fill(wallClockDaysAhead(40, '00:00').slice(0, 10));
    await page.getByRole('button', { name: 'Show' }).click();
    const ann = page.locator('[data-counts="members"]').getByRole('row', { name: /^Ann Helm/ });
    await ann.getByRole('cell').first().filter({ hasText: /^1$/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/duties\/export\.csv\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
    );
    await atBothWidths(page, 'counts');
  });
});
