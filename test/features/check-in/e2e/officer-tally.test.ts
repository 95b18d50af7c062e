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

// The tally board (docs/officer-of-the-day.md#the-tally-board) in Chromium at 375 px: with no
// signal the officer ticks two sailors arrived, marks both afloat and one back ashore; reloaded
// without signal the page still says who is afloat; back online the server holds each mark once.

const world = useApp({ browser: { serviceWorkers: 'allow' } });

async function expectAccessible(page: Page, name: string): Promise<void> {
  await eventually(async () => (await seriousAxeViolations(page)).length, `${name}: no serious axe violation`).toBe(0);
  await expectAccessibleNow(page, name, null);
}

const attendance = () => world.app.built.ports.get('attendance');

describe('the tally board, in Chromium', () => {
  it('marks two afloat and one back ashore offline, keeps "Still afloat: 1" through an offline reload, and the server holds each mark once', async () => {
    await storeOfficerDay((name) => world.app.built.ports.get(name), startOfLondonDay(new Date()));
    const page = await signedInAdminPage(world.browser, PHONE);
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Still afloat: 0' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();

    await world.browser.context.setOffline(true);
    // Only a sailor ticked as arrived can go afloat.
    expect(await page.getByRole('button', { name: 'Gina Guest afloat' }).count()).toBe(0);
    for (const name of ['Gina Guest arrived', 'Milly Harbour (child) arrived']) {
      const box = page.getByLabel(name);
      await box.click();
      await eventually(() => box.isChecked(), `${name} ticked`).toBe(true);
    }
    await page.getByRole('button', { name: 'Gina Guest afloat' }).click();
    await page.getByRole('button', { name: 'Milly Harbour afloat' }).click();
    await page.getByRole('heading', { level: 2, name: 'Still afloat: 2' }).waitFor();
    await page.getByRole('button', { name: 'Milly Harbour ashore' }).click();
    await page.getByRole('heading', { level: 2, name: 'Still afloat: 1' }).waitFor();
    await page.getByText('5 marks waiting to be sent').waitFor();
    expect(await attendance().countAppliedMarks(OFFICER_DAY.guestBookingId)).toBe(0);

    // Reloaded without signal: the tally comes from the device.
    await page.reload();
    const afloat = page.getByRole('region', { name: 'Still afloat: 1' });
    await afloat.waitFor();
    const listed = afloat.getByRole('listitem');
    await eventually(() => listed.count(), 'one listed').toBe(1);
    // Gina, her boat, and how to reach her and her emergency contact (the member list's).
    expect(await listed.textContent()).toMatch(/^Gina Guest · Petrel · Club race/);
    await listed.getByRole('link', { name: '+44 7700 900999' }).waitFor();
    expect(await afloat.getByText('Milly Harbour').count()).toBe(0);
    await page.getByText('5 marks waiting to be sent').waitFor();
    expect(await page.getByRole('button', { name: 'Gina Guest afloat' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'the tally board offline at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Back online: every mark reaches the server once, the tally as the page showed it.
    await world.browser.context.setOffline(false);
    await eventually(
      async () => (await attendance().countAppliedMarks(OFFICER_DAY.guestBookingId)) + (await attendance().countAppliedMarks(OFFICER_DAY.householdBookingId)),
      'five marks applied',
    ).toBe(5);
    await eventually(async () => page.getByText(/waiting to be sent/).count(), 'no mark waiting').toBe(0);
    expect(await attendance().countAppliedMarks(OFFICER_DAY.guestBookingId)).toBe(2);
    expect(await attendance().countAppliedMarks(OFFICER_DAY.householdBookingId)).toBe(3);
    expect(await attendance().get(OFFICER_DAY.guestBookingId)).toMatchObject({ arrivedPeople: ['booker'], afloat: { booker: { afloat: true } } });
    expect(await attendance().get(OFFICER_DAY.householdBookingId)).toMatchObject({ arrivedPeople: ['p-milly'], afloat: { 'p-milly': { afloat: false } } });
    await page.getByText('Up to date').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Still afloat: 1' }).waitFor();
    expect(world.browser.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  });
});
