import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventBookingPath } from '../../core/paths';
import { startAppServer, type AppServer } from './support/app-server';
import { appRunning, DESKTOP, launchBrowser, PHONE, type BrowserSession } from './support/browser';
import { expectAccessible } from './support/axe';

// What a phone on a slow line waits for (issue 19, "Speed on a phone"): a page's code and data are
// asked for from the page's first lines, beside the app's entry script, not once that script has
// arrived and run; the data is asked for once; nothing the page does not need comes first.

let app: AppServer;
let browser: BrowserSession;
let bookable: { id: string; name: string };

beforeAll(async () => {
  app = await startAppServer();
  browser = await launchBrowser({ baseURL: app.baseUrl });
  const { events } = (await (await fetch(`${app.baseUrl}/api/events`)).json()) as { events: { id: string; name: string; bookingOpen: boolean }[] };
  const open = events.find((event) => event.bookingOpen);
  if (!open) throw new Error('The demo data has no event open for booking');
  bookable = open;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface Sent {
  url: string;
  type: string;
  /** 'parser' when the page's HTML asked for it, 'script' when a script did. */
  initiator: string;
}

/** Opens `path` on a phone and returns what the page asked for until `shown` resolved, and the console's warnings. */
async function load(path: string, shown: (page: Page) => Promise<void>): Promise<{ sent: Sent[]; warnings: string[]; page: Page }> {
  const page = await browser.newPage(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: Sent[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.push({ url: event.request.url.replace(app.baseUrl, ''), type: event.type ?? '', initiator: event.initiator.type });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(path);
  await shown(page);
  return { sent: [...sent], warnings, page };
}

/** Where the element `selector` names is on `page`. */
function boxOf(page: Page, selector: string): Promise<{ top: number; left: number; width: number; height: number }> {
  return page.evaluate((css) => {
    const r = document.querySelector(css)!.getBoundingClientRect();
    return { top: r.top, left: r.left, width: r.width, height: r.height };
  }, selector);
}

/** Where `selector`'s element is in the page the server drew for `path`, laid out with its style sheets but none of its script. */
async function serverDrawnBox(path: string, viewport: { width: number; height: number }, selector: string): Promise<{ top: number; left: number; width: number; height: number }> {
  const serverOnly = await browser.newPage(viewport);
  await serverOnly.route('**/assets/*.js', (route) => route.abort());
  await serverOnly.goto(path, { waitUntil: 'load' });
  const box = await boxOf(serverOnly, selector);
  await serverOnly.close();
  return box;
}

/**
 * Watches `page` from its parsed document on (before any deferred module runs): the element
 * `selector` names as the server drew it, and whether a loading spinner ever takes the page's place.
 */
async function watchFirstScreen(page: Page, selector: string): Promise<void> {
  await page.addInitScript((css) => {
    const seen = window as unknown as { serverNode?: Element | null; spinnerSeen?: boolean };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      seen.serverNode = document.querySelector(css);
      seen.spinnerSeen = document.querySelector('main .spinner') !== null;
      new MutationObserver(() => {
        if (document.querySelector('main .spinner')) seen.spinnerSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
  }, selector);
}

/** What watchFirstScreen saw: whether the server drew the element, the app's own replaced it, and a spinner showed. */
function firstScreenSeen(page: Page, selector: string): Promise<{ drawn: boolean; replaced: boolean; spinnerSeen: boolean | undefined }> {
  return page.evaluate((css) => {
    const state = window as unknown as { serverNode?: Element | null; spinnerSeen?: boolean };
    return { drawn: state.serverNode != null, replaced: document.querySelector(css) !== state.serverNode, spinnerSeen: state.spinnerSeen };
  }, selector);
}

/**
 * The page's own code (`pageCode`, a glob of its file) comes only after the club settings have
 * been answered, and a second later, as a phone on a slow line may get them: the app must not
 * draw a spinner over the server's first screen meanwhile.
 */
async function holdPageCodeUntilSettings(page: Page, pageCode: string): Promise<void> {
  let configAnswered = () => {};
  const configDone = new Promise<void>((done) => (configAnswered = done));
  await page.route('**/api/config', async (route) => {
    await route.fulfill({ response: await route.fetch() });
    configAnswered();
  });
  await page.route(pageCode, async (route) => {
    await configDone;
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
}

describe('a page on a phone', () => {
  it("booking page: its event comes inside the page, so it is not asked for; its own code is asked for by the app's entry (ADR 23)", async () => {
    const { sent, warnings, page } = await load(`/event-booking?id=${encodeURIComponent(bookable.id)}`, async (p) => {
      await p.getByRole('heading', { name: bookable.name, level: 1 }).waitFor();
      await p.getByRole('button', { name: /book/i }).first().waitFor();
    });
    expect(sent.filter((request) => request.url === `/api/events/${encodeURIComponent(bookable.id)}`)).toEqual([]);
    const scripts = sent.filter((request) => request.type === 'Script');
    const pageCode = scripts.filter((script) => /^\/assets\/event-booking-page-[\w-]+\.js$/.test(script.url));
    expect(pageCode.map((script) => script.initiator)).toEqual(['script']);
    expect(scripts.filter((script) => script.initiator === 'parser').length).toBeGreaterThan(0);
    // Not the calendar-file writer (its library alone is 22 kB): only "Add to calendar" needs it.
    for (const script of scripts) expect(await (await fetch(`${app.baseUrl}${script.url}`)).text()).not.toContain('VCALENDAR');
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    await page.close();
  });

  it("calendar: its events come inside the page, so they are not asked for; its own code is asked for by the app's entry (ADR 23)", async () => {
    const { sent, warnings, page } = await load('/calendar', async (p) => {
      await p.getByRole('heading', { name: 'Upcoming Events', level: 1 }).waitFor();
      await appRunning(p);
      await p.getByRole('button', { name: 'Add to My Calendar' }).first().waitFor({ state: 'visible' });
    });
    expect(sent.filter((request) => new URL(request.url, app.baseUrl).pathname === '/api/events')).toEqual([]);
    const scripts = sent.filter((request) => request.type === 'Script');
    const pageCode = scripts.filter((script) => /^\/assets\/calendar-page-[\w-]+\.js$/.test(script.url));
    expect(pageCode.map((script) => script.initiator)).toEqual(['script']);
    expect(scripts.filter((script) => script.initiator === 'parser').length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Add to My Calendar' }).first().isEnabled()).resolves.toBe(true);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    await page.close();
  });

  it('a booking page reached from the calendar still gets its event (the app asks for it itself)', async () => {
    const { page } = await load('/calendar', async (p) => {
      await p.locator('.event-card').first().waitFor();
      // The server's list links to new pages; the app's to its own.
      await appRunning(p);
    });
    const reads: string[] = [];
    page.on('request', (request) => reads.push(new URL(request.url()).pathname));
    // Within the app (its link, no new page from the server): the app asks for the event once.
    await page.locator(`a[href="${eventBookingPath(bookable.id)}"]`).first().click();
    await page.getByRole('heading', { name: bookable.name, level: 1 }).waitFor();
    expect(reads.filter((path) => path === `/api/events/${encodeURIComponent(bookable.id)}`)).toHaveLength(1);
    expect(reads.filter((path) => path === '/event-booking')).toEqual([]);
    await page.close();
  });
});

describe("the booking page's first screen (ADR 23: drawn by the server, then by the app in its place)", () => {
  it("shows the event before any of the app's script has run, as a whole accessible page", async () => {
    const page = await browser.newPage(PHONE);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`/event-booking?id=${encodeURIComponent(bookable.id)}`);
    await expect(page.getByRole('heading', { name: bookable.name, level: 1 }).isVisible()).resolves.toBe(true);
    const { events } = (await (await fetch(`${app.baseUrl}/api/events`)).json()) as { events: { id: string; longdescription: string; description: string }[] };
    const event = events.find((candidate) => candidate.id === bookable.id)!;
    const firstParagraph = (event.longdescription.trim() !== '' ? event.longdescription : event.description).split(/\n{2,}/)[0];
    await expect(page.getByText(firstParagraph, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Lead Member First Name *').count()).resolves.toBe(0);
    await expectAccessible(page, 'booking page before its script', 'booking-first-screen-375');
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('the app then draws the same event in the same place (%s), with no spinner between, and adds the form', async (_name, viewport) => {
    const path = `/event-booking?id=${encodeURIComponent(bookable.id)}`;
    const headingBox = (page: Page) => boxOf(page, '#event-name');
    const server = await serverDrawnBox(path, viewport, '#event-name');

    const errorsBefore = browser.errors.length;
    const page = await browser.newPage(viewport);
    await watchFirstScreen(page, '#event-name');
    await holdPageCodeUntilSettings(page, '**/assets/event-booking-page-*.js');
    await page.goto(path);
    await page.getByLabel('Lead Member First Name *').waitFor();
    await expect(firstScreenSeen(page, '#event-name')).resolves.toEqual({ drawn: true, replaced: true, spinnerSeen: false });
    expect(await headingBox(page)).toEqual(server);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });
});

describe("Home's welcome drawn by the server, with the club's settings in the page (ADR 23)", () => {
  async function clubName(): Promise<string> {
    return ((await (await fetch(`${app.baseUrl}/api/config`)).json()) as { clubName: string }).clubName;
  }

  it("shows the welcome before any of the app's script has run, as a whole accessible page", async () => {
    const page = await browser.newPage(PHONE);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to the Members Area', level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(`Events, news, documents and bookings for members of ${await clubName()}.`).isVisible()).resolves.toBe(true);
    // Its links work before the app: they are plain links to the pages. Search needs the app: until
    // then it is disabled, not a button that silently does nothing.
    await expect(page.getByRole('link', { name: 'View Events Calendar' }).getAttribute('href')).resolves.toBe('/calendar');
    await expect(page.getByRole('button', { name: 'Search Members Area' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page, 'home before its script', 'home-first-screen-375');
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])("the app then draws the same welcome in the same place (%s), adds the rest, and never asks for the settings", async (_name, viewport) => {
    const server = await serverDrawnBox('/', viewport, 'main h1');

    const errorsBefore = browser.errors.length;
    const page = await browser.newPage(viewport);
    await page.addInitScript(() => {
      const seen = window as unknown as { serverHeadingNode?: Element | null };
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') seen.serverHeadingNode = document.querySelector('main h1');
      });
    });
    const settingsAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/config') settingsAsked.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Reservoir Water Level' }).waitFor();
    await page.getByText(`${await clubName()} Members Area`).waitFor();
    const replaced = await page.evaluate(() => {
      const state = window as unknown as { serverHeadingNode?: Element | null };
      return state.serverHeadingNode != null && document.querySelector('main h1') !== state.serverHeadingNode;
    });
    expect(replaced).toBe(true);
    expect(await boxOf(page, 'main h1')).toEqual(server);
    await expect(page.getByRole('button', { name: 'Search Members Area' }).isEnabled()).resolves.toBe(true);
    expect(settingsAsked).toEqual([]);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });
});

describe("the calendar's list drawn by the server, with its events in the page (ADR 23)", () => {
  async function calendarEvents(): Promise<{ id: string; name: string; bookingOpen: boolean }[]> {
    return ((await (await fetch(`${app.baseUrl}/api/events`)).json()) as { events: { id: string; name: string; bookingOpen: boolean }[] }).events;
  }

  it("lists the events before any of the app's script has run, as a whole accessible page; its links work, its buttons wait for the app", async () => {
    const page = await browser.newPage(PHONE);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: 'Upcoming Events', level: 1 }).isVisible()).resolves.toBe(true);
    const events = await calendarEvents();
    await expect(page.locator('.event-card:not(.workday-card) .event-title').allInnerTexts()).resolves.toEqual(events.map((event) => event.name));
    // Book Event is a plain link to the booking page; Add to My Calendar needs the app, so it is
    // disabled until then rather than a button that silently does nothing.
    await expect(page.getByRole('link', { name: /^Book Event/ }).first().getAttribute('href')).resolves.toBe(eventBookingPath(bookable.id));
    const adders = page.getByRole('button', { name: 'Add to My Calendar' });
    expect(await adders.count()).toBeGreaterThan(0);
    for (const adder of await adders.all()) await expect(adder.isDisabled()).resolves.toBe(true);
    await expectAccessible(page, 'calendar before its script', 'calendar-first-screen-375');
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('the app then draws the same list in the same place (%s), with no spinner between, and never asks for the events', async (_name, viewport) => {
    const lastTitle = '.event-card:last-child .event-title';
    const server = await serverDrawnBox('/calendar', viewport, lastTitle);

    const errorsBefore = browser.errors.length;
    const page = await browser.newPage(viewport);
    await watchFirstScreen(page, 'main .event-list');
    const eventsAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') eventsAsked.push(request.url());
    });
    await holdPageCodeUntilSettings(page, '**/assets/calendar-page-*.js');
    await page.goto('/calendar');
    await appRunning(page);
    await page.getByRole('region', { name: 'Subscribe in your calendar' }).waitFor();
    await expect(firstScreenSeen(page, 'main .event-list')).resolves.toEqual({ drawn: true, replaced: true, spinnerSeen: false });
    expect(await boxOf(page, lastTitle)).toEqual(server);
    await expect(page.getByRole('button', { name: 'Add to My Calendar' }).first().isEnabled()).resolves.toBe(true);
    expect(eventsAsked).toEqual([]);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });
});

/** Longer than the 5 s a restore goes on trying once nothing shows loading (ADR 22). */
const SLOW_ANSWER_MS = 6000;

describe('scroll position across a reload (ADR 22: the app keeps it, not the data router)', () => {
  it('a reload returns the calendar to where it was, and Back after it still returns to the page before', async () => {
    const page = await browser.newPage(PHONE);
    // As in navigation.test.ts: the browser's own restoration off, so the app's is what is seen.
    await page.addInitScript(() => {
      window.history.scrollRestoration = 'manual';
    });
    await page.goto('/calendar');
    await appRunning(page);
    const cards = page.locator('.event-card');
    await cards.last().scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left, 'the last event is far down the phone screen').toBeGreaterThan(1000);

    await page.reload();
    await appRunning(page);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left);

    const book = page.getByRole('link', { name: /^Book Event/ }).last();
    await book.scrollIntoViewIfNeeded();
    const leftAgain = await page.evaluate(() => window.scrollY);
    await book.click();
    await page.waitForURL('**/event-booking?id=*');
    await page.getByLabel('Lead Member First Name *').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await cards.first().waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, leftAgain);
    await page.close();
  });

  it('a reload returns a page to where it was even when its data comes slowly (Documents, whose list the app asks for)', async () => {
    const page = await browser.newPage(PHONE);
    await page.addInitScript(() => {
      window.history.scrollRestoration = 'manual';
    });
    await page.goto('/documents');
    const cards = page.locator('.document-card');
    await cards.last().scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left, 'the last document is far down the phone screen').toBeGreaterThan(1000);

    // On a slow line (or a busy machine) the list comes well after the app has started: the app
    // waits for it while the page shows it is loading, however long, not a fixed 5 s.
    await page.route('**/api/documents', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
      await route.continue();
    });
    await page.reload();
    await cards.first().waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left);
    await page.close();
  });

  it('a reload straight after a scroll, before the browser has told the page it scrolled, still returns to where it was left', async () => {
    const page = await browser.newPage(PHONE);
    await page.addInitScript(() => {
      window.history.scrollRestoration = 'manual';
    });
    await page.goto('/calendar');
    await appRunning(page);
    const cards = page.locator('.event-card');
    // A browser tells a page it scrolled at its next drawn frame; a reload can come first (it did in
    // about half of the runs above). Here the page is never told, so that happens every time.
    await page.evaluate(() => window.addEventListener('scroll', (event) => event.stopImmediatePropagation(), { capture: true }));
    await cards.last().scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left, 'the last event is far down the phone screen').toBeGreaterThan(1000);
    await page.reload();
    await appRunning(page);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left);
    await page.close();
  });
});
