import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import { addCurrentMembers, createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { eventually } from '../../../support/e2e/eventually';
import { signInOnMemberPage } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';

// What the device keeps, in Chromium with the service worker (docs/offline.md, docs/officer-of-the-day.md,
// docs/data-protection.md): the officer's day leaves a shared device at Sign Out (asked first when
// marks are unsent); "Erase my data" leaves nothing of the member in the worker's caches and
// nothing sent `no-store` is kept; and after one visit by links, every page opened opens offline.
// Each test starts a fresh Chromium profile: nothing installed, nothing kept. The file's own session
// only signs the admin in through the API to set the data up: a context on the worker's Chromium,
// not a Chromium of its own (launchBrowser).
const world = useApp({ mail: true });
const stamp = Date.now().toString(36);
const MEMBER = { id: `member-e2e-device-${stamp}`, name: 'Wren Keepsafe', email: `wren.keepsafe.${stamp}@example.org` };
const DEPENDANT = 'Milly Keepsafe';
const EVENT = `Lake regatta ${stamp}`;
let eventId = '';

beforeAll(async () => {
  await storeOfficerDay((name) => world.app.built.ports.get(name), startOfLondonDay(new Date()));
  await addCurrentMembers(world, [MEMBER]);
  await signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(world.browser.context.request, world.app.baseUrl, { name: EVENT, eventdatetime: wallClockDaysAhead(21, '10:00') });
  const booked = await fetch(`${world.app.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
    body: JSON.stringify({ eventId, firstName: 'Wren', lastName: 'Keepsafe', numberAttending: '1', email: MEMBER.email }),
  });
  expect(booked.status).toBe(201);
});

/** Every row in the page's IndexedDB databases but `except`, as text ('' when there is none). */
function indexedDbText(page: Page, except: string[] = []): Promise<string> {
  return page.evaluate(async (skipped) => {
    const out: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name || skipped.includes(name)) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(`${name} did not open`));
      });
      try {
        for (const store of Array.from(database.objectStoreNames)) {
          const rows = await new Promise<unknown[]>((resolve, reject) => {
            const read = database.transaction(store).objectStore(store).getAll();
            read.onsuccess = () => resolve(read.result);
            read.onerror = () => reject(read.error ?? new Error(`${store} did not read`));
          });
          if (rows.length > 0) out.push(`${name}/${store}: ${JSON.stringify(rows)}`);
        }
      } finally {
        database.close();
      }
    }
    return out.join('\n');
  }, except);
}

/** The service worker's note of when it kept each address (the admin panel's pages stay kept after Sign Out). */
const WORKBOX_NOTES = ['workbox-expiration'];

/** Every answer in the page's CacheStorage except the app's own files, by address, with its body as text. */
function cachedText(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    for (const name of await caches.keys()) {
      if (name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        const answer = await cache.match(request);
        const type = answer?.headers.get('content-type') ?? '';
        out[`${name} ${url.pathname}${url.search}`] = type.includes('pdf') || type.includes('zip') ? `(${type})` : ((await answer?.text()) ?? '');
      }
    }
    return out;
  });
}

/** The addresses (path and query) kept in the pages' cache. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await caches.open('kyc-pages')).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search),
  );
}

describe('what the device keeps (Chromium, service worker on)', () => {
  it("clears the officer's day from the device at Sign Out, asking first while a mark is unsent", async () => {
    const browser = await world.launchBrowser({ serviceWorkers: 'allow' });
    const page = await signedInAdminPage(browser, PHONE);
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await page.getByText('Up to date').waitFor();
    // The device holds the day: duty holders' phones and emergency contacts, bookers and boats.
    await eventually(async () => {
      const kept = await indexedDbText(page);
      return [OFFICER_DAY.officer.phone, OFFICER_DAY.officer.emergencyContactPhone, 'Gina', 'Petrel'].every((text) => kept.includes(text));
    }, 'the day kept on the device').toBe(true);

    // A mark the server never hears of (every send cut): it waits on the device.
    await page.route('**/api/admin/bookings/*/attendance', (route) => route.abort('internetdisconnected'));
    // Sol, booked alone, is ticked by name (docs/officer-of-the-day.md).
    await page.getByLabel('Sol Alone arrived').click();
    await page.getByText('1 mark waiting to be sent').waitFor();

    // Sign Out asks first, and "Stay signed in" keeps the mark.
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check-ins not sent yet' });
    await Promise.race([dialog.waitFor(), page.getByRole('button', { name: 'Sign In' }).waitFor()]);
    expect(await dialog.isVisible(), 'Sign Out asks before discarding an unsent mark').toBe(true);
    await dialog.getByText('1 change made on this device (check-in, tally or walk-in) has not reached the club yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'officer sign-out with unsent marks at 375 px', 'officer-sign-out-unsent');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByText('1 mark waiting to be sent').waitFor();
    expect(await indexedDbText(page)).toContain(OFFICER_DAY.soloBookingId);

    // Signing out all the same: nothing of the day, the queue or the admin is left on the device.
    await banner.getByRole('button', { name: 'Sign Out' }).click();
    await dialog.getByRole('button', { name: 'Sign out and discard' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await eventually(() => indexedDbText(page, WORKBOX_NOTES), 'IndexedDB after Sign Out').toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kyc-admin')))).toEqual([]);
    // The next admin to sign in here sends nothing of the last one's.
    await page.unroute('**/api/admin/bookings/*/attendance');
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await indexedDbText(page)).not.toContain(OFFICER_DAY.soloBookingId);
    expect(await world.app.built.ports.get('attendance').countAppliedMarks(OFFICER_DAY.soloBookingId)).toBe(0);

    // Without an unsent mark, Sign Out asks nothing and still clears the day.
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByText('Up to date').waitFor();
    await eventually(async () => (await indexedDbText(page)).includes(OFFICER_DAY.officer.phone), 'the day kept again').toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await eventually(() => indexedDbText(page, WORKBOX_NOTES), 'IndexedDB after a plain Sign Out').toBe('');
  });

  it('leaves nothing of an erased member in the caches, and never keeps an answer sent no-store', async () => {
    const browser = await world.launchBrowser({ serviceWorkers: 'allow' });
    const page = await browser.newPage(PHONE);
    await page.goto('/');
    await signInOnMemberPage(page, world.smtp, MEMBER.email);
    // Opened again once the worker controls the page: My club's reads are kept.
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page').toBe(true);
    await page.goto('/my');
    const household = page.getByRole('region', { name: 'Household' });
    await household.getByLabel('Name').fill(DEPENDANT);
    await household.getByRole('button', { name: 'Add to household' }).click();
    await household.getByText(DEPENDANT, { exact: false }).first().waitFor();
    await page.getByRole('region', { name: 'My bookings' }).getByText(EVENT).waitFor();
    await eventually(async () => Object.keys(await cachedText(page)).some((key) => key.includes('/api/my/')), "My club's reads kept").toBe(true);

    // The archive (sent no-store) is downloaded and not kept.
    const myData = page.getByRole('region', { name: 'My data' });
    const [download] = await Promise.all([page.waitForEvent('download'), myData.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(Object.keys(await cachedText(page)).filter((key) => key.includes('/api/my/data'))).toEqual([]);

    await myData.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('dialog', { name: 'Erase your data?' }).getByRole('button', { name: 'Erase my data' }).click();
    await page.getByText('Your data has been erased and you are signed out.').waitFor();
    const kept = await cachedText(page);
    for (const [address, body] of Object.entries(kept)) {
      for (const text of ['Wren', 'Keepsafe', MEMBER.email]) expect(body, `${address} after erasure`).not.toContain(text);
    }
    expect(Object.keys(kept).filter((key) => key.includes('/api/my/'))).toEqual([]);
    // Nor the worker's note of the addresses it kept for them.
    expect(await indexedDbText(page)).not.toMatch(/\/api\/my\/|\/my\b/);

    // Offline, My club shows nobody: neither the member nor their dependant.
    await browser.context.setOffline(true);
    // The page may come from the device or be the offline page (not the app): not waited on as the app.
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.location.reload())]);
    await eventually(() => page.locator('body').innerText(), 'My club offline after erasure').not.toMatch(/Wren|Keepsafe/);
    expect(await page.locator('body').innerText()).not.toContain(DEPENDANT);
    await browser.context.setOffline(false);
  });

  it('opens offline every page opened once by links, the first visit and the officer’s day included', async () => {
    // A phone that never opened the app: one visit, by links only after the first address.
    const browser = await world.launchBrowser({ serviceWorkers: 'allow' });
    const page = await browser.newPage();
    const calendarLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Calendar', exact: true });
    await page.goto('/');
    await calendarLink.click();
    await page.waitForURL('**/calendar');
    await page.getByRole('link', { name: new RegExp(`^Book Event\\W+${EVENT}$`) }).click();
    await page.waitForURL(`**/event-booking?id=${eventId}`);
    await page.getByRole('heading', { name: EVENT }).waitFor();
    // The officer signs in at the panel's address and opens Today from its menu.
    await page.goto('/admin/dashboard');
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await page.getByText('Up to date').waitFor();
    // The device keeps each of them (in the background: the test waits for it, as a member would not need to).
    const opened = ['/', '/calendar', `/event-booking?id=${eventId}`, '/admin/today'];
    await eventually(async () => {
      const kept = await keptPages(page);
      return opened.filter((path) => !kept.includes(path));
    }, 'pages opened but not kept').toEqual([]);

    // At the lake: no signal, each page reloaded or opened by its address.
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    expect(await page.getByRole('link', { name: OFFICER_DAY.officer.phone }).count()).toBe(1);
    await page
      .getByText(/^Offline, last updated/)
      .first()
      .waitFor();
    await page.goto(`/event-booking?id=${eventId}`);
    await page.getByRole('heading', { name: EVENT }).waitFor();
    await page.goto('/calendar');
    await page.getByText(EVENT).first().waitFor();
    await page.goto('/');
    await calendarLink.waitFor();
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
    await browser.context.setOffline(false);
    expect(browser.errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|offline/i.test(error))).toEqual([]);
  });
});
