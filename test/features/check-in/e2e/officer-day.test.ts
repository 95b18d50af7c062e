import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, calendarDateText, londonDate, londonDayText, startOfLondonDay } from '../../../../core/shared/london-time';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { expectAccessible as expectAccessibleNow, seriousAxeViolations } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { eventually } from '../../../support/eventually';
import { useApp } from '../../../support/e2e/use-app';
import { loseFirstAnswer } from '../../../support/e2e/lost-answer';

// The officer of the day (docs/officer-of-the-day.md) in Chromium at 375 px: the page is loaded online once, the
// network is cut, three attendees are checked in, the network comes back and the first send is
// cut half way (the server applied it, the page never heard): the page sends it again and the
// server holds exactly three marks. Then another officer's change is shown, not overwritten.

const world = useApp({ env: { CLUB_EMERGENCY_CONTACTS: 'Coastguard: 999; Harbour master: 01234 567890' }, browser: { serviceWorkers: 'allow' } });

async function expectAccessible(page: Page, name: string): Promise<void> {
  await eventually(async () => (await seriousAxeViolations(page)).length, `${name}: no serious axe violation`).toBe(0);
  await expectAccessibleNow(page, name, null);
}

/** "Offline, last updated …" is said once on the page, in the London day-and-time words. */
async function expectOfflineSaidOnce(page: Page): Promise<void> {
  const said = page.getByText(/Offline, last updated/);
  await said.first().waitFor();
  await eventually(() => said.count(), 'said once').toBe(1);
  expect(await said.textContent()).toMatch(/^Offline, last updated [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d( · \d+ marks? waiting to be sent)?$/);
}

const attendance = () => world.app.built.ports.get('attendance');
async function marksApplied(): Promise<number> {
  const counts = await Promise.all(
    [OFFICER_DAY.householdBookingId, OFFICER_DAY.guestBookingId, OFFICER_DAY.soloBookingId].map((id) => attendance().countAppliedMarks(id)),
  );
  return counts.reduce((a, b) => a + b, 0);
}

describe('the officer of the day, in Chromium', () => {
  it('checks in three attendees offline; sent when back online, once each even when the first send is cut and repeated; a change by another officer is shown', async () => {
    await storeOfficerDay((name) => world.app.built.ports.get(name), startOfLondonDay(new Date()));
    const page = await signedInAdminPage(world.browser, PHONE);

    // Online once, from the admin menu: the page, its data and the roster with phones.
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await page.getByText('Up to date').waitFor();
    // Dates read as the club's one London format, never ISO.
    const now = new Date();
    await page.getByRole('heading', { level: 2, name: `Today (${londonDayText(now)})` }).waitFor();
    await page.getByRole('heading', { level: 2, name: `Tomorrow (${calendarDateText(addDaysToDate(londonDate(now), 1))})` }).waitFor();
    expect(await page.getByText(/\d{4}-\d{2}-\d{2}/).count()).toBe(0);
    // The service worker (installed by this first visit) keeps the page's address once it is opened under it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    expect(await page.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:07700900123');
    await page.getByRole('link', { name: '01234 567890' }).waitFor();
    // Every number taps to ring: the duty holder's emergency contact, and each sailor's phone and
    // emergency contact the member list holds (Helen matched as the booking's member, Gina by e-mail).
    const tel = async (number: string) => page.getByRole('link', { name: number, exact: true }).getAttribute('href');
    expect(await tel('07700 900456')).toBe('tel:07700900456');
    await page.getByText('(emergency: Hal Harbour').waitFor();
    expect(await tel('07700 900777')).toBe('tel:07700900777');
    expect(await tel('07700 900888')).toBe('tel:07700900888');
    await page.getByText('(emergency: Greg Guest').waitFor();
    expect(await tel('+44 7700 900999')).toBe('tel:+447700900999');
    await expectAccessible(page, 'officer of the day at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // No signal: the page stays loaded and the marks wait on the device.
    await world.browser.context.setOffline(true);
    const milly = page.getByLabel('Milly Harbour (child) arrived');
    await milly.click();
    await eventually(() => milly.isChecked(), 'Milly ticked').toBe(true);
    await page.getByRole('button', { name: 'One more arrived for Gina Guest' }).click();
    // Every booker is ticked by name: Sol, booked alone, is no anonymous "other"; Helen's booking of
    // three is Helen and her two named people, so it has no others to count.
    const sol = page.getByLabel('Sol Alone arrived');
    await sol.click();
    await eventually(() => sol.isChecked(), 'Sol ticked').toBe(true);
    await page.getByLabel('Helen Harbour arrived').waitFor();
    expect(await page.getByRole('button', { name: 'One more arrived for Sol Alone' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'One more arrived for Helen Harbour' }).count()).toBe(0);
    await page.getByText('Others arrived: 1 of 1').waitFor();
    await page.getByText('3 marks waiting to be sent').waitFor();
    await page.getByText(/^Offline, last updated/).waitFor();
    await page.getByText('1 of 3 arrived').waitFor();
    await expectOfflineSaidOnce(page);
    expect(await marksApplied()).toBe(0);
    // Reloaded with no signal (or the app closed and opened again): the page comes from the device
    // with its data, and the three marks are still waiting.
    await page.reload();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await page.getByText('3 marks waiting to be sent').waitFor();
    await expectOfflineSaidOnce(page);
    expect(await marksApplied()).toBe(0);

    // Back online, the first send reaches the server but its answer is lost on the way back.
    const sent = await loseFirstAnswer(page, '**/api/admin/bookings/*/attendance', (body) => body.key);
    await world.browser.context.setOffline(false);
    await eventually(() => marksApplied(), 'three marks applied').toBe(3);
    await page.getByText('Up to date').waitFor();
    await eventually(async () => page.getByText(/waiting to be sent/).count(), 'no mark waiting').toBe(0);
    // The cut mark went twice, the server applied it once: three keys, three marks.
    expect(new Set(sent).size).toBe(3);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(await attendance().get(OFFICER_DAY.householdBookingId)).toMatchObject({ arrived: 1, arrivedPeople: ['p-milly'], version: 1 });
    expect(await attendance().get(OFFICER_DAY.guestBookingId)).toMatchObject({ arrived: 1, version: 1 });
    expect(await attendance().get(OFFICER_DAY.soloBookingId)).toMatchObject({ arrived: 1, arrivedPeople: ['booker'], version: 1 });
    await page.unroute('**/api/admin/bookings/*/attendance');

    // Another officer marks Gina's second guest; this page has not heard and takes one off: refused and shown.
    await attendance().apply({
      key: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      bookingId: OFFICER_DAY.guestBookingId,
      eventId: OFFICER_DAY.raceId,
      expectedVersion: 1,
      arrived: 2,
      arrivedPeople: [],
      at: new Date().toISOString(),
      by: 'second-officer@example.org',
    });
    await page.getByRole('button', { name: 'One fewer arrived for Gina Guest' }).click();
    await page.getByText('Gina Guest: Changed by another officer: now 2 arrived').waitFor();
    expect(await attendance().get(OFFICER_DAY.guestBookingId)).toMatchObject({ arrived: 2, version: 2 });
    await page.getByText('2 of 2 arrived').waitFor();
    await expectAccessible(page, 'officer of the day with a conflict at 375 px');
    expect(world.browser.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  });
});
