import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { expectAccessible as expectAccessibleNow, seriousAxeViolations } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { eventually } from '../../../support/eventually';
import { useApp } from '../../../support/e2e/use-app';
import { loseFirstAnswer } from '../../../support/e2e/lost-answer';

// Walk-ins on the officer's page (docs/officer-of-the-day.md#walk-ins) in Chromium at 375 px: the
// officer adds a walk-in, ticks them afloat (Still afloat lists them) and back ashore; then, with
// no signal, adds another, shown at once and added once when the connection comes back, though
// the first send's answer is lost and it is sent again.

const world = useApp({ browser: { serviceWorkers: 'allow' } });

async function expectAccessible(page: Page, name: string): Promise<void> {
  await eventually(async () => (await seriousAxeViolations(page)).length, `${name}: no serious axe violation`).toBe(0);
  await expectAccessibleNow(page, name, null);
}

const walkIns = () => world.app.built.ports.get('attendance').listWalkIns([OFFICER_DAY.raceId]);

async function addWalkIn(page: Page, details: { name: string; phone?: string; contactName?: string; contactPhone?: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a walk-in' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(details.name);
  if (details.phone) await form.getByLabel('Phone (optional)', { exact: true }).fill(details.phone);
  if (details.contactName) await form.getByLabel('Emergency contact name (optional)').fill(details.contactName);
  if (details.contactPhone) await form.getByLabel('Emergency contact phone (optional)').fill(details.contactPhone);
  await form.getByRole('button', { name: 'Add walk-in' }).click();
}

describe("walk-ins on the officer of the day's page, in Chromium", () => {
  it('adds a walk-in who goes afloat and comes back ashore; one added offline is shown at once and sent once on reconnect', async () => {
    await storeOfficerDay((name) => world.app.built.ports.get(name), startOfLondonDay(new Date()));
    // Room for one on site: the second walk-in is over it, and the form says so first.
    const events = world.app.built.ports.get('events');
    expect(await events.update({ ...(await events.get(OFFICER_DAY.raceId))!, capacity: 1 })).toBe(true);
    const page = await signedInAdminPage(world.browser, PHONE);
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await page.getByText('Up to date').waitFor();
    const race = page.getByRole('article', { name: /^Club race/ });
    await race.getByText('Arrived: 0 on site (0 booked, 0 walk-ins) · capacity 1').waitFor();

    // A name is required: the form says so and nothing is added.
    await page.getByRole('form', { name: 'Add a walk-in' }).getByRole('button', { name: 'Add walk-in' }).click();
    await page.getByText("Enter the walk-in's name").waitFor();
    expect(await walkIns()).toEqual([]);

    await addWalkIn(page, { name: 'Wendy Walker', phone: '07700 900321', contactName: 'Walt Walker', contactPhone: '07700 900654' });
    await page.getByText('Wendy Walker added as a walk-in.').waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'Wendy Walker' }).filter({ hasText: 'Walk-in' });
    await item.first().waitFor();
    await race.getByText('Arrived: 1 on site (0 booked, 1 walk-in)').waitFor();
    // Their emergency contact, a number to tap.
    expect(await page.getByRole('link', { name: '07700 900654' }).first().getAttribute('href')).toBe('tel:07700900654');
    await eventually(async () => (await walkIns()).map((w) => w.name), 'added on the server').toEqual(['Wendy Walker']);

    await page.getByRole('button', { name: 'Wendy Walker afloat' }).click();
    const afloat = page.getByRole('region', { name: 'Still afloat: 1' });
    await afloat.waitFor();
    expect(await afloat.getByRole('listitem').textContent()).toMatch(/^Wendy Walker \(walk-in\) · Club race/);
    await afloat.getByRole('link', { name: '07700 900654' }).waitFor();
    await eventually(async () => (await walkIns())[0]?.afloat?.afloat, 'afloat on the server').toBe(true);
    await page.getByRole('button', { name: 'Wendy Walker ashore' }).click();
    await page.getByRole('heading', { level: 2, name: 'Still afloat: 0' }).waitFor();
    await eventually(async () => (await walkIns())[0]?.afloat?.afloat, 'ashore on the server').toBe(false);
    await eventually(async () => page.getByText(/waiting to be sent/).count(), 'nothing waiting').toBe(0);

    // Without signal: shown at once, waiting on the device, sent once when the connection is back.
    await world.browser.context.setOffline(true);
    await addWalkIn(page, { name: 'Olly Offline' });
    await page.getByText("Adding this walk-in makes 2 on site, over the event's capacity of 1. Add them anyway?").waitFor();
    expect(await page.getByText(/waiting to be sent/).count()).toBe(0);
    await page.getByRole('button', { name: 'Add anyway' }).click();
    await race.getByText('Arrived: 2 on site (0 booked, 2 walk-ins)').waitFor();
    await page.getByText('1 mark waiting to be sent').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Olly Offline' }).filter({ hasText: 'not sent yet' }).waitFor();
    expect((await walkIns()).map((w) => w.name)).toEqual(['Wendy Walker']);
    await expectAccessible(page, 'walk-ins at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Back online, the first send reaches the server but its answer is lost: sent again with the same id.
    const sent = await loseFirstAnswer(page, '**/api/admin/events/*/walk-ins', (body) => body.id);
    await world.browser.context.setOffline(false);
    await eventually(async () => (await walkIns()).map((w) => w.name), 'sent once').toEqual(['Wendy Walker', 'Olly Offline']);
    await eventually(() => sent.length, 'sent again after the lost answer').toBeGreaterThanOrEqual(2);
    expect(new Set(sent).size).toBe(1);
    await eventually(async () => page.getByText(/waiting to be sent/).count(), 'nothing waiting').toBe(0);
    await page.getByText('Up to date').waitFor();
    await eventually(() => page.getByRole('listitem').filter({ hasText: 'Olly Offline' }).count(), 'listed once').toBe(1);
    expect((await walkIns()).filter((w) => w.name === 'Olly Offline')).toHaveLength(1);
    await page.unroute('**/api/admin/events/*/walk-ins');
    expect(world.browser.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  });
});
