import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, type BrowserSession } from './support/browser';

let app: AppServer;
let browser: BrowserSession;

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

beforeAll(async () => {
  app = await startAppServer();
  browser = await launchBrowser({ baseURL: app.baseUrl });
  events = ((await (await fetch(`${app.baseUrl}/api/events`)).json()) as { events: ApiEvent[] }).events;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
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
    const page = await browser.newPage();
    await page.goto('/calendar');
    await page.getByRole('heading', { name: 'Upcoming Events', level: 1 }).waitFor();
    await page.locator('.event-card').first().waitFor();
    const shown = await page.locator('.event-title').allInnerTexts();
    expect(shown).toEqual(events.map((e) => e.name));
    const dated = events.filter((e) => e.eventdatetime !== null).map((e) => Date.parse(e.eventdatetime!));
    expect(dated).toEqual([...dated].sort((a, b) => a - b));

    for (const event of events) {
      const bookLink = card(page, event.name).getByRole('link', { name: /Book Event/ });
      const open = event.allowBooking && event.bookingOpen && event.placesLeft !== 0;
      await expect(bookLink.count(), event.name).resolves.toBe(open ? 1 : 0);
      if (open) await expect(bookLink.getAttribute('href')).resolves.toBe(`/event-booking?id=${event.id}`);
      // Booking switched on but closed (the deadline passed): the card says so instead.
      const closed = event.allowBooking && !event.bookingOpen;
      await expect(card(page, event.name).getByText('Booking closed', { exact: true }).count(), event.name).resolves.toBe(closed ? 1 : 0);
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
    const page = await browser.newPage();
    await page.goto('/calendar');
    const opener = card(page, regatta.name).getByRole('button', { name: 'Add to My Calendar' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add to My Calendar' });
    await dialog.waitFor();

    const google = new URL((await dialog.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe(regatta.name);
    expect(google.searchParams.get('dates')).toBe(`${icsUtc(regatta.eventdatetime!)}/${icsUtc(regatta.eventenddatetime!)}`);
    expect(google.searchParams.get('location')).toBe(app.config.clubName);
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
    expect(ics).toContain(`LOCATION:${app.config.clubName}`);
    expect(ics.trimEnd()).toMatch(/END:VCALENDAR$/);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.close();
  });

  it('an event starting at midnight goes into the calendar file as an all-day event', async () => {
    const openDay = events.find((e) => e.id === 'push-the-boat-out')!;
    const page = await browser.newPage();
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

  it("keeps Tab inside the dialog while it is open", async () => {
    const page = await browser.newPage();
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Add to My Calendar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add to My Calendar' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.close();
  });

  it("says 'No Upcoming Events' when there are none and 'Failed to fetch events' when the server fails", async () => {
    const page = await browser.newPage();
    await page.route('**/api/events', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"events":[]}' }));
    await page.goto('/calendar');
    await page.getByRole('heading', { name: 'No Upcoming Events' }).waitFor();
    await page.unroute('**/api/events');
    await page.route('**/api/events', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await page.reload();
    await page.getByText('Failed to fetch events').waitFor();
    await page.close();
  });
});
