import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { join } from 'node:path';
import { PHONE, SCREENSHOT_DIR } from '../../../support/e2e/browser';
import { readFeed, vevents } from '../../../support/ics-feed';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, eventually } from '../../../support/e2e/eventually';

interface ApiEvent {
  id: string;
  name: string;
  eventdatetime: string | null;
  eventenddatetime: string | null;
  allowBooking: boolean;
  bookingOpen: boolean;
  placesLeft: number | null;
}

let events: ApiEvent[] = [];

const world = useApp();

beforeAll(async () => {
  events = ((await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as { events: ApiEvent[] }).events;
});

/** 2026-12-12T09:30:00.000Z -> 20261212T093000Z, as iCalendar writes UTC date-times. */
function icsUtc(instant: string): string {
  return instant.replace(/\.\d{3}/, '').replace(/[-:]/g, '');
}

function card(page: import('playwright-core').Page, name: string) {
  return page.locator('.event-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

describe('calendar', () => {
  it('lists the events in start order, with Book Event only for those open for booking with places left', async () => {
    const page = await world.browser.newPage();
    await page.goto('/calendar');
    await page.getByRole('heading', { name: 'Upcoming Events', level: 1 }).waitFor();
    await page.locator('.event-card').first().waitFor();
    // The events (work days stand beside them, marked: work-day-volunteer.test.ts).
    const shown = await page.locator('.event-card:not(.workday-card) .event-title').allInnerTexts();
    expect(shown).toEqual(events.map((e) => e.name));
    const dated = events.filter((e) => e.eventdatetime !== null).map((e) => Date.parse(e.eventdatetime!));
    expect(dated).toEqual([...dated].sort((a, b) => a - b));

    for (const event of events) {
      const bookLink = card(page, event.name).getByRole('link', { name: /Book Event/ });
      const open = event.allowBooking && event.bookingOpen && event.placesLeft !== 0;
      await countOf(bookLink, event.name).toBe(open ? 1 : 0);
      if (open) await attributeOf(bookLink, 'href').toBe(`/event-booking?id=${event.id}`);
      // Booking switched on but closed (the deadline passed): the card says so instead.
      const closed = event.allowBooking && !event.bookingOpen;
      await countOf(card(page, event.name).getByText('Booking closed', { exact: true }), event.name).toBe(closed ? 1 : 0);
    }
    expect(events.some((e) => !e.allowBooking)).toBe(true);
    expect(events.some((e) => e.allowBooking && !e.bookingOpen)).toBe(true);

    // The long description is one click away.
    const regatta = card(page, 'Kestrel Open Regatta');
    await regatta.getByRole('button', { name: 'Show more' }).click();
    await regatta.getByText('Registration opens at 08:30').waitFor();
    await page.close();
  });

  it('Add to My Calendar offers Google, Outlook and an .ics file named from the event, holding the event', async () => {
    const regatta = events.find((e) => e.id === 'open-regatta')!;
    const page = await world.browser.newPage();
    await page.goto('/calendar');
    const opener = card(page, regatta.name).getByRole('button', { name: 'Add to My Calendar' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add to My Calendar' });
    await dialog.waitFor();

    const google = new URL((await dialog.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe(regatta.name);
    expect(google.searchParams.get('dates')).toBe(`${icsUtc(regatta.eventdatetime!)}/${icsUtc(regatta.eventenddatetime!)}`);
    expect(google.searchParams.get('location')).toBe(world.app.config.clubName);
    const outlook = new URL((await dialog.getByRole('link', { name: /Outlook Calendar/ }).getAttribute('href'))!);
    expect(outlook.hostname).toMatch(/outlook\.(live|office)\.com$/);
    expect(outlook.searchParams.get('subject')).toBe(regatta.name);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download .ics file' }).click()]);
    expect(download.suggestedFilename()).toBe('kestrel_open_regatta.ics');
    const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`SUMMARY:${regatta.name}`);
    expect(ics).toContain(`DTSTART:${icsUtc(regatta.eventdatetime!)}`);
    expect(ics).toContain(`DTEND:${icsUtc(regatta.eventenddatetime!)}`);
    expect(ics).toContain(`LOCATION:${world.app.config.clubName}`);
    expect(ics.trimEnd()).toMatch(/END:VCALENDAR$/);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('an event starting at midnight goes into the calendar file as an all-day event', async () => {
    const openDay = events.find((e) => e.id === 'push-the-boat-out')!;
    const page = await world.browser.newPage();
    await page.goto('/calendar');
    await card(page, openDay.name).getByRole('button', { name: 'Add to My Calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to My Calendar' });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download .ics file' }).click()]);
    expect(download.suggestedFilename()).toBe('push_the_boat_out_open_day.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(openDay.eventdatetime!)).replace(/-/g, '');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${londonDate}`);
    // The dialog closes by its close button and by a click on the backdrop.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, openDay.name).getByRole('button', { name: 'Add to My Calendar' }).click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('keeps Tab inside the dialog while it is open', async () => {
    const page = await world.browser.newPage();
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Add to My Calendar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add to My Calendar' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      await eventually(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.close();
  });

  it('offers the live calendar to subscribe to (webcal:// and the https address, steps for Google, Apple and Outlook), readable at 375 px', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/calendar');
    await page.locator('.event-card').first().waitFor();
    const section = page.getByRole('region', { name: 'Subscribe in your calendar' });
    await section.getByRole('heading', { name: 'Subscribe in your calendar', level: 2 }).waitFor();
    const webcal = await section.getByRole('link', { name: 'Subscribe in your calendar app' }).getAttribute('href');
    const host = new URL(world.app.baseUrl).host;
    expect(webcal).toBe(`webcal://${host}/calendar.ics`);
    const address = await section.locator('code').innerText();
    expect(address).toBe(`${world.app.baseUrl}/calendar.ics`);
    for (const name of ['Google Calendar', 'Apple Calendar (iPhone, iPad, Mac)', 'Outlook']) {
      await countOf(section.getByRole('heading', { name, level: 3 }), name).toBe(1);
    }
    await section.getByText('From URL').waitFor();
    await section.getByText('Subscribe from web').waitFor();
    await section.getByRole('button', { name: 'Copy address' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: /Address copied\.|Could not copy/ })
      .waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the calendar page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    // The section alone, readable (the whole page is in members-pages' calendar-375).
    await section.screenshot({ path: join(SCREENSHOT_DIR, 'calendar-subscribe-375.png') });
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // The address given is the feed, holding the events the page lists.
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const uids = vevents(readFeed(await feed.text())).map((e) => e.uid);
    for (const event of events.filter((e) => e.eventdatetime !== null)) expect(uids).toContain(`${event.id}@kyc-members-area`);
    await page.close();
  });

  it("says 'No Upcoming Events' when there are none and 'Failed to fetch events' when the server fails", async () => {
    // Opened by its address, the calendar comes inside the page (ADR 23); these states come from
    // the API, which the app asks when a member goes to the calendar from another page.
    const fromHome = async (answer: { status: number; body: string }) => {
      const page = await world.browser.newPage();
      await page.goto('/');
      await page.route('**/api/events', (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }));
      await page.getByRole('navigation').getByRole('link', { name: 'Calendar', exact: true }).first().click();
      await page.waitForURL('**/calendar');
      return page;
    };
    const empty = await fromHome({ status: 200, body: '{"events":[],"workDays":[]}' });
    await empty.getByRole('heading', { name: 'No Upcoming Events' }).waitFor();
    await empty.close();
    const failing = await fromHome({ status: 500, body: '{"error":"boom"}' });
    await failing.getByText('Failed to fetch events').waitFor();
    await failing.close();
  });
});
