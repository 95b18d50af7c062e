import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCurrentMembers, createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, ROOT, ensureWebBuild } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { eventually } from '../../../support/e2e/eventually';
import { signInCode } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { keepNothingAcrossForget } from '../../../../web/src/lib/service-worker-routes';

// Offline in Chromium (docs/offline.md): after one online visit the calendar, an event, a
// kept PDF, My club's bookings and the admin panel open with the network cut, each saying so; an
// API request offline gets no page; a new build is offered with a prompt and taken on Reload.
// The app serves a copy of the build (webRootOne) that the test replaces with a second build.
const webRootOne = mkdtempSync(join(tmpdir(), 'kyc-pwa-one-'));
const buildTwo = mkdtempSync(join(tmpdir(), 'kyc-pwa-two-'));

/** What the service worker's keepNothingAcrossForget notes as a read leaves, run in the page (its source stands alone). */
function notedAsItLeaves(page: Page): Promise<Record<string, unknown>> {
  const noteMark = keepNothingAcrossForget.requestWillFetch.toString();
  return page.evaluate(`(async () => { const state = {}; await (${noteMark})({ request: new Request('/api/my/details'), state }); return state; })()`);
}

/** Whether the service worker would keep a read's answer arriving now, given what it noted as the read left. */
function keptOnArrival(page: Page, noted: Record<string, unknown>): Promise<boolean> {
  const keep = keepNothingAcrossForget.cacheWillUpdate.toString();
  return page.evaluate(`(async () => (await (${keep})({ response: new Response('{}'), state: ${JSON.stringify(noted)} })) !== null)()`);
}

/** The second build, made while the test's first part runs: it is needed only at the release. */
let secondBuild: Promise<void> | undefined;

beforeAll(() => {
  ensureWebBuild();
  cpSync(join(ROOT, 'dist/web'), webRootOne, { recursive: true });
  // The second build differs only by its build id, as a release with a change would.
  secondBuild = new Promise((resolve, reject) => {
    const built = spawn('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', buildTwo, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      env: { ...process.env, KYC_BUILD_ID: 'two' },
      stdio: 'inherit',
    });
    built.on('error', reject);
    built.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The second build failed (exit ${code})`))));
  });
  // Awaited by the test; this keeps a failed build from being an unhandled rejection before then.
  secondBuild.catch(() => undefined);
});
afterAll(async () => {
  await secondBuild?.catch(() => undefined);
  rmSync(webRootOne, { recursive: true, force: true });
  rmSync(buildTwo, { recursive: true, force: true });
});

const world = useApp({ mail: true, build: { webRoot: webRootOne }, browser: { serviceWorkers: 'allow' } });
const MEMBER = { id: 'member-e2e-offline', name: 'Wren Offshore', email: 'wren.offshore@example.org' };
const EVENT = `Reservoir race ${Date.now().toString(36)}`;

/** The entry script a build's index.html names (its precached main chunk). */
function entryOf(webRoot: string): string {
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(readFileSync(join(webRoot, 'index.html'), 'utf8'))?.[1];
  if (!src) throw new Error(`No entry script in ${webRoot}`);
  return src;
}

/** The addresses in the service worker's precache (its app files), read in the page. */
function precached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

/** Opens `path` without waiting for the app (a page that is not the app: offline.html, an error). */
async function openPlain(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.location.assign(to), path);
  await page.waitForURL(`**${path}`);
}

describe('the app offline and updated (Chromium)', () => {
  it('shows visited pages, kept PDFs and my bookings offline with the time they were stored, takes a new build on Reload, and forgets the member at sign-out', async () => {
    const { app, browser, smtp } = world;
    await addCurrentMembers(world, [MEMBER]);
    await signInAsAdmin(browser.context.request, app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const eventId = await createEvent(browser.context.request, app.baseUrl, { name: EVENT, eventdatetime: wallClockDaysAhead(21, '10:00') });
    const booking = await fetch(`${app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify({ eventId, firstName: 'Wren', lastName: 'Offshore', numberAttending: '1', email: MEMBER.email }),
    });
    expect(booking.status).toBe(201);
    const { documents } = (await (await fetch(`${app.baseUrl}/api/documents`)).json()) as {
      documents: { id: string; url: string; title: string; description: string; category: string }[];
    };
    // The admin marks one document "keep offline" (the sailing instructions); the member opens another.
    const [kept, opened] = documents;
    const marked = await browser.context.request.put(`${app.baseUrl}/api/admin/documents/${kept.id}`, {
      headers: { 'X-Requested-With': 'fetch' },
      data: { title: kept.title, description: kept.description, category: kept.category, keepOffline: true },
    });
    expect(marked.status()).toBe(200);

    // The first visit installs the service worker; the pages opened after it are kept.
    const page = await browser.newPage(PHONE);
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The marked document is kept after this first online visit, without being opened.
    await eventually(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, kept.url)).toBe(true);
    // Installable: the manifest with its icons, and no prompt while the worker is the only one.
    const manifest = (await (await fetch(`${app.baseUrl}/manifest.webmanifest`)).json()) as { display: string; icons: { sizes: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await page.getByLabel('6-digit code').fill(await signInCode(smtp, MEMBER.email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
    await page.goto('/my');
    await page.getByRole('region', { name: 'My bookings' }).getByText(EVENT).waitFor();
    await page.goto('/calendar');
    await page.getByText(EVENT).first().waitFor();
    await page.goto(`/event-booking?id=${eventId}`);
    await page.getByRole('heading', { name: EVENT }).waitFor();
    await page.goto('/admin');
    // A PDF the member opened is kept as it came.
    expect(await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), opened.url)).toBe('application/pdf');

    // Chromium finds the app installable: a manifest with its icons and a service worker.
    const cdp = await browser.context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    await cdp.detach();

    await browser.context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: /^Offline, last updated [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d$/ });
    await page.goto('/calendar');
    await page.getByText(EVENT).first().waitFor();
    await banner.waitFor();
    await page.goto(`/event-booking?id=${eventId}`);
    await page.getByRole('heading', { name: EVENT }).waitFor();
    await banner.waitFor();
    await page.goto('/my');
    await page.getByRole('region', { name: 'My bookings' }).getByText(EVENT).waitFor();
    await banner.waitFor();
    await expectAccessible(page, 'My club offline at 375 px', 'offline-my-club');
    // The officer's pages are the admin panel's: its shell opens offline too.
    await page.goto('/admin');
    await banner.waitFor();
    for (const document of [kept, opened]) {
      const answer = await page.evaluate(async (url) => {
        const file = await fetch(url);
        return { type: file.headers.get('content-type'), bytes: (await file.arrayBuffer()).byteLength };
      }, document.url);
      expect(answer.type, document.title).toBe('application/pdf');
      expect(answer.bytes, document.title).toBeGreaterThan(500);
    }

    // An API request with nothing kept gets no answer (the app says "You are offline"), never a page.
    const api = await page.evaluate(async () => {
      try {
        const answer = await fetch('/api/events?never-asked=1');
        return `${answer.status} ${answer.headers.get('content-type')}`;
      } catch {
        return 'no answer';
      }
    });
    expect(api).toBe('no answer');
    for (const path of ['/api/config', '/calendar.ics']) {
      // In a tab of its own: the browser's error page would interrupt the next address opened.
      const tab = await browser.newPage(PHONE);
      await expect(tab.goto(path)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      await tab.close();
    }
    // A page never opened on this device: the offline page, which says so.
    await openPlain(page, '/beginners');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();

    // Online again, a second build is released: the page offers it, and Reload takes it.
    await browser.context.setOffline(false);
    await secondBuild;
    const entryOne = entryOf(webRootOne);
    const entryTwo = entryOf(buildTwo);
    expect(entryTwo).not.toBe(entryOne);
    expect(await precached(page)).toContain(entryOne);
    for (const name of readdirSync(webRootOne)) rmSync(join(webRootOne, name), { recursive: true, force: true });
    cpSync(buildTwo, webRootOne, { recursive: true });
    await page.goto('/calendar');
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
    await prompt.getByRole('button', { name: 'Reload' }).waitFor();
    await expectAccessible(page, 'the new-version prompt', 'offline-update-prompt');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    // The page reloads under the new worker, whose files replaced the old build's on the device.
    await eventually(async () => {
      try {
        const urls = await precached(page);
        const state = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return `build ${document.documentElement.dataset.appBuild}, ${registration?.waiting ? 'one waiting' : 'none waiting'}`;
        });
        return `${state}, new kept: ${urls.includes(entryTwo)}, old kept: ${urls.includes(entryOne)}`;
      } catch {
        return 'reloading';
      }
    }).toBe('build two, none waiting, new kept: true, old kept: false');
    await eventually(() => prompt.count()).toBe(0);

    // Signing out forgets the member's kept pages and answers; the app and the documents stay.
    await page.goto('/my');
    expect(await page.evaluate(() => caches.has('kyc-api-reads'))).toBe(true);
    // A read of the member's still on its way at sign-out: the worker noted the forget mark as it left.
    const leftBefore = await notedAsItLeaves(page);
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Its answer, arriving now, is not kept; one asked for after the sign-out is.
    expect(await keptOnArrival(page, leftBefore)).toBe(false);
    expect(await keptOnArrival(page, await notedAsItLeaves(page))).toBe(true);
    // (Home's own public reads may be kept again at once: none of the member's.)
    const keptReads = await page.evaluate(async () => (await (await caches.open('kyc-api-reads')).keys()).map((request) => new URL(request.url).pathname));
    expect(keptReads.filter((path) => path.startsWith('/api/my/'))).toEqual([]);
    expect(await page.evaluate(async () => (await (await caches.open('kyc-pages')).keys()).map((request) => new URL(request.url).pathname))).not.toContain(
      '/my',
    );
    expect(await page.evaluate((url) => caches.has('kyc-documents').then(async (has) => has && (await caches.match(url)) !== undefined), kept.url)).toBe(true);
    expect(browser.errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|offline/i.test(error))).toEqual([]);
  });
});
