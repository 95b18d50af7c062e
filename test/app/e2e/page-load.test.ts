import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventBookingPath } from '../../../core/shared/paths';
import { readingDateInWords } from '../../../core/water-levels/reading-words';
import { DESKTOP, PHONE, withoutScripts } from '../../support/e2e/browser';
import { backAt, phoneOn, scrollFarDownTo } from '../../support/e2e/scroll';
import { expectAccessible } from '../../support/e2e/axe';
import { useApp } from '../../support/e2e/use-app';
import { attributeOf, textsOf, visibleOf } from '../../support/e2e/eventually';
import { aBookingForm } from '../../support/api/booking-form';

// What a phone on a slow line waits for (ADR 29): a members' page comes drawn by the
// server with its data, its own code named in its first lines beside the app's entry; the app
// hydrates what the server drew (no second drawing, no second request for the page's data).

let bookable: { id: string; name: string };
let manageToken: string;

const world = useApp();

beforeAll(async () => {
  const { events } = (await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as {
    events: { id: string; name: string; bookingOpen: boolean; requiresPayment: boolean }[];
  };
  const open = events.find((event) => event.bookingOpen && !event.requiresPayment);
  if (!open) throw new Error('The demo data has no free event open for booking');
  bookable = open;
  const booked = await fetch(`${world.app.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
    body: JSON.stringify({ eventId: open.id, ...aBookingForm({ numberAttending: '1', email: '' }) }),
  });
  if (booked.status !== 201) throw new Error(`Could not book the demo event: ${booked.status}`);
  manageToken = new URL(((await booked.json()) as { managePath: string }).managePath, world.app.baseUrl).searchParams.get('token')!;
});

interface Sent {
  url: string;
  type: string;
  /** 'parser' when the page's HTML asked for it, 'script' when a script did. */
  initiator: string;
}

/** Opens `path` on a phone and returns what the page asked for until `shown` resolved, and the console's warnings. */
async function load(path: string, shown: (page: Page) => Promise<void>): Promise<{ sent: Sent[]; warnings: string[]; page: Page }> {
  const page = await world.browser.newPage(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: Sent[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.push({ url: event.request.url.replace(world.app.baseUrl, ''), type: event.type ?? '', initiator: event.initiator.type });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(path);
  await shown(page);
  return { sent: [...sent], warnings, page };
}

describe('a page on a phone', () => {
  it.each([
    ['booking page', () => eventBookingPath(bookable.id), () => `/api/events/${encodeURIComponent(bookable.id)}`, /^\/assets\/event-booking-page-[\w-]+\.js$/],
    ['calendar', () => '/calendar', () => '/api/events', /^\/assets\/calendar-page-[\w-]+\.js$/],
  ])(
    "%s: its data comes inside the page, so neither it nor the club's settings are asked for; its code comes after the page is shown",
    async (_name, path, read, pageCode) => {
      const { sent, warnings, page } = await load(path(), async (p) => {
        await p.getByRole('contentinfo').waitFor();
      });
      // Well after hydration: any read the app was going to make has been made.
      await page.waitForTimeout(500);
      const later = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
      expect(later.filter((url) => url === read() || url === '/api/config')).toEqual([]);
      const scripts = sent.filter((request) => request.type === 'Script');
      // The page is drawn: its own code is asked for once, by the app's entry, not beside the style
      // sheets the first paint waits for (ADR 29).
      expect(scripts.filter((script) => pageCode.test(script.url)).map((script) => script.initiator)).toEqual(['script']);
      expect(scripts.filter((script) => script.initiator === 'parser').length).toBeGreaterThan(0);
      // Not the calendar-file writer (its library alone is 22 kB): only "Add to calendar" needs it.
      for (const script of scripts) expect(await (await fetch(`${world.app.baseUrl}${script.url}`)).text()).not.toContain('VCALENDAR');
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
      await page.close();
    },
  );

  it('a booking page reached from the calendar gets its event (the app asks for it itself, once)', async () => {
    const { page } = await load('/calendar', async (p) => {
      await p.locator('.event-card').first().waitFor();
    });
    const reads: string[] = [];
    page.on('request', (request) => reads.push(new URL(request.url()).pathname));
    await page
      .locator(`a[href="${eventBookingPath(bookable.id)}"]`)
      .first()
      .click();
    await page.getByRole('heading', { name: bookable.name, level: 1 }).waitFor();
    expect(reads.filter((path) => path === `/api/events/${encodeURIComponent(bookable.id)}`)).toHaveLength(1);
    // Within the app: no new page from the server.
    expect(reads.filter((path) => path === '/event-booking')).toEqual([]);
    await page.close();
  });
});

/** The members' pages, each at an address that shows its content. */
function memberPages(): [string, string][] {
  return [
    ['home', '/'],
    ['calendar', '/calendar'],
    ['booking', eventBookingPath(bookable.id)],
    ['my booking', `/my-booking?token=${encodeURIComponent(manageToken)}`],
    ['news', '/news'],
    ['news e-mail', '/news/cmp-regatta-entries'],
    ['documents', '/documents'],
    ['information', '/information'],
    ['beginners', '/beginners'],
    ['privacy notice', '/privacy'],
    ['work days', '/work-day-booking'],
    ['sign in', '/sign-in'],
    ['my club', '/my'],
    ['page not found', '/no-such-page'],
  ];
}

describe("every members' page is hydrated as the server drew it", () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('no hydration error, and the page the server drew is the one the app runs (%s)', async (_name, viewport) => {
    // One tab for the pages, each loaded afresh at the tab's size (ADR 82): a new tab per page
    // cost its opening and a cold renderer. Each load is still a whole page from the server.
    const page = await world.browser.newPage(viewport);
    // The server's <main> as parsed, before any script has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { drawn?: Element | null }).drawn = document.querySelector('main');
      });
    });
    let errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
    });
    for (const [index, [name, path]] of memberPages().entries()) {
      // As in a new tab: nothing kept for this tab from the page before.
      if (index > 0) await page.evaluate(() => sessionStorage.clear());
      errors = [];
      const errorsBefore = world.browser.errors.length;
      await page.goto(path);
      await page.getByRole('contentinfo').waitFor();
      // Hydration done: a control the app handles works (the menu, which every page has).
      await page.waitForFunction(() => document.querySelector('main') !== null);
      const kept = await page.evaluate(() => {
        const drawn = (window as unknown as { drawn?: Element | null }).drawn;
        return drawn != null && drawn === document.querySelector('main');
      });
      expect(kept, `${name}: the server's <main> is the app's`).toBe(true);
      // Page Not Found is answered with status 404, which the browser reports as such.
      const expected = (text: string) => path === '/no-such-page' && /status of 404/.test(text);
      expect(
        errors.filter((text) => !expected(text)),
        name,
      ).toEqual([]);
      expect(
        world.browser.errors.slice(errorsBefore).filter((text) => !expected(text)),
        name,
      ).toEqual([]);
    }
    await page.close();
  });
});

describe('a page with every script blocked still shows its content', () => {
  /** A phone tab with every script blocked, opened on this path. */
  async function phoneWithoutScripts(path: string): Promise<Page> {
    const page = await world.browser.newPage(PHONE);
    await withoutScripts(page);
    await page.goto(path);
    return page;
  }

  it('the calendar lists its events; their Book Event links lead to the booking page', async () => {
    const page = await phoneWithoutScripts('/calendar');
    await visibleOf(page.getByRole('heading', { name: 'Upcoming Events', level: 1 })).toBe(true);
    const { events } = (await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as { events: { name: string }[] };
    await textsOf(page.locator('.event-card:not(.workday-card) .event-title')).toEqual(events.map((event) => event.name));
    await attributeOf(page.getByRole('link', { name: /^Book Event/ }).first(), 'href').toMatch(/^\/event-booking\?id=/);
    await expectAccessible(page, 'calendar without scripts', 'calendar-no-script-375');
    await page.close();
  });

  it("the booking page shows the event's details", async () => {
    const page = await phoneWithoutScripts(eventBookingPath(bookable.id));
    await visibleOf(page.getByRole('heading', { name: bookable.name, level: 1 })).toBe(true);
    const { event } = (await (await fetch(`${world.app.baseUrl}/api/events/${encodeURIComponent(bookable.id)}`)).json()) as {
      event: { longdescription: string; description: string };
    };
    const firstParagraph = (event.longdescription.trim() !== '' ? event.longdescription : event.description).split(/\n{2,}/)[0];
    await visibleOf(page.getByText(firstParagraph, { exact: true })).toBe(true);
    await expectAccessible(page, 'booking page without scripts', 'booking-no-script-375');
    await page.close();
  });

  it('the documents page lists the documents, each a link to its PDF', async () => {
    const page = await phoneWithoutScripts('/documents');
    const { documents } = (await (await fetch(`${world.app.baseUrl}/api/documents`)).json()) as { documents: { title: string; url: string }[] };
    expect(documents.length).toBeGreaterThan(0);
    await textsOf(page.locator('.document-title')).toEqual(documents.map((doc) => doc.title));
    await attributeOf(page.getByRole('link', { name: /^Open PDF/ }).first(), 'href').toBe(documents[0].url);
    await expectAccessible(page, 'documents without scripts', 'documents-no-script-375');
    await page.close();
  });

  it("home shows the reservoir's latest reading, its chart and the members' photos", async () => {
    const page = await phoneWithoutScripts('/');
    const { readings } = (await (await fetch(`${world.app.baseUrl}/api/water-levels`)).json()) as { readings: { date: string; percentFull: number }[] };
    const latest = [...readings].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1)!;
    await visibleOf(page.getByText(`Latest reading: ${readingDateInWords(latest.date)}, ${Math.round(latest.percentFull)}% full`)).toBe(true);
    await visibleOf(page.getByRole('img', { name: /^Reservoir level, percent full\./ })).toBe(true);
    const { photos } = (await (await fetch(`${world.app.baseUrl}/api/photos`)).json()) as { photos: unknown[] };
    // The first photo, or the drawn panel that stands in while the club has none: not the loading frame.
    await visibleOf(page.locator('.member-photos .photo-panel')).toBe(true);
    expect(await page.locator('.member-photos .photo-box').count()).toBe(photos.length > 0 ? 1 : 0);
    await expectAccessible(page, 'home without scripts', 'home-no-script-375');
    await page.close();
  });
});

/** Scripts this much late: hydration (and the router's restoring) comes well after the page is shown. */
const SLOW_SCRIPTS_MS = 3000;

describe("scroll position across a reload and Back (the router's ScrollRestoration)", () => {
  it('a reload returns the calendar to where it was, and Back after it still returns to the page before', async () => {
    // As in navigation.test.ts: the browser's own restoration off, so the app's is what is seen.
    const { page, cards } = await phoneOn(world.browser, '/calendar', '.event-card');
    const left = await scrollFarDownTo(cards.last(), 'the last event');

    await page.reload();
    await backAt(page, left);

    const book = page.getByRole('link', { name: /^Book Event/ }).last();
    await book.scrollIntoViewIfNeeded();
    const leftAgain = await page.evaluate(() => window.scrollY);
    await book.click();
    await page.waitForURL('**/event-booking?id=*');
    await page.getByLabel('Lead Member First Name *').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await cards.first().waitFor();
    await backAt(page, leftAgain);
    await page.close();
  });

  it("a reload returns a page to where it was even when the app's scripts come slowly (Documents)", async () => {
    const { page, cards } = await phoneOn(world.browser, '/documents', '.document-card');
    const left = await scrollFarDownTo(cards.last(), 'the last document');

    // On a slow line (or a busy machine) the app's scripts come well after the page is shown.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_SCRIPTS_MS));
      await route.continue();
    });
    await page.reload();
    await cards.first().waitFor();
    await backAt(page, left);
    await page.close();
  });

  it('a reload straight after a scroll, before the browser has told the page it scrolled, still returns to where it was left', async () => {
    const { page, cards } = await phoneOn(world.browser, '/calendar', '.event-card');
    // A browser tells a page it scrolled at its next drawn frame; a reload can come first (it did in
    // about half of the runs above). Here the page is never told, so that happens every time.
    await page.evaluate(() => window.addEventListener('scroll', (event) => event.stopImmediatePropagation(), { capture: true }));
    const left = await scrollFarDownTo(cards.last(), 'the last event');
    await page.reload();
    await backAt(page, left);
    await page.close();
  });
});
