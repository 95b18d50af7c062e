import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../../support/e2e/axe';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, textOf } from '../../../support/e2e/eventually';

const world = useApp({ mail: true });

interface ApiEvent {
  id: string;
  name: string;
  bookingOpen: boolean;
  requiresPayment: boolean;
  placesLeft: number | null;
  eventdatetime: string | null;
  isBoatEvent: boolean;
}

describe('after Book: the confirmation e-mail and the manage link', () => {
  it('a member books with an e-mail, the confirmation arrives with a valid .ics, and its link opens the booking', async () => {
    const { events } = (await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as { events: ApiEvent[] };
    const event = events.find((e) => e.bookingOpen && !e.requiresPayment && e.eventdatetime !== null && (e.placesLeft === null || e.placesLeft >= 2));
    expect(event, 'a free, open, dated demo event').toBeDefined();
    const page = await world.browser.newPage(PHONE);
    await page.goto(`/event-booking?id=${event!.id}`);
    await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Grace');
    await page.getByLabel('Lead Member Last Name *', { exact: true }).fill('Hopper');
    await page.getByLabel('Email (optional)', { exact: true }).fill('grace@example.org');
    await page.getByLabel('Total Number Attending *', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    // The success page offers the same booking's manage link, for a member without e-mail.
    const offered = await page.getByRole('link', { name: 'Manage my booking' }).getAttribute('href');

    const [mail] = await world.smtp.waitFor(1);
    expect(mail.subject).toBe(`Booking confirmed: ${event!.name}`);
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe(event!.name);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(new Date(event!.eventdatetime!).toISOString());
    const link = new URL(/http:\/\/localhost:\d+\/my-booking\?token=\S+/.exec(mail.text ?? '')?.[0] ?? 'http://none.example');
    expect(link.pathname).toBe('/my-booking');

    const offeredToken = new URL(offered ?? '', world.app.baseUrl).searchParams.get('token');
    expect(offeredToken).toBeTruthy();
    await page.goto(`/my-booking${link.search}`);
    await page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    await page.getByText(`Hello Grace, this is your booking for ${event!.name}.`).waitFor();
    await countOf(page.getByRole('definition').filter({ hasText: 'Grace Hopper' })).toBe(1);
    await page.getByRole('heading', { name: 'Add to My Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Download .ics file' }).waitFor();
    await screenshot(page, 'my-booking-375');
    const fromEmail = await page.getByText('Booking reference').locator('xpath=..').innerText();
    await page.goto(`/my-booking?token=${encodeURIComponent(offeredToken!)}`);
    await page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    await textOf(page.getByText('Booking reference').locator('xpath=..')).toBe(fromEmail);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/my-booking?token=${link.searchParams.get('token')!.slice(0, -3)}xyz`);
    await page.getByRole('heading', { name: 'Booking not found', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
