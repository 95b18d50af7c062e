import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { seriousAxeViolations } from '../../../support/e2e/axe';
import { bookPlaces, createEvent, wallClockDaysAhead, adminSignedInTab } from '../../../support/e2e/admin-api';
import { useApp } from '../../../support/e2e/use-app';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { valueOf } from '../../../support/e2e/eventually';

// The server's clock is the test's: the waiting lists' round (every 30 s of it) and an offer's
// 24 hours pass when the test moves it, not by waiting.
const clock = new FixedClock(new Date());
const world = useApp({ mail: true, adapters: { clock }, build: { jobRoundMs: 100, mailRoundMs: 100 } });

const post = (path: string, body: object) =>
  fetch(`${world.app.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Books every place of the event; the booking's manage path. */
const bookAll = (eventId: string, places: number) => bookPlaces(world.app.baseUrl, eventId, places);

async function join(eventId: string, name: string, email: string, places: number): Promise<void> {
  expect((await post(`/api/events/${eventId}/waiting-list`, { name, email, places })).status).toBe(201);
  clock.advance(1000);
}

/**
 * A phone-sized page signed in as the admin, and a new event of two places, 20 days ahead, all
 * taken by one booking (its manage path), with these people joining its waiting list in turn.
 */
async function fullEventWithQueue(name: string, queue: [name: string, email: string, places: number][]) {
  const page = await adminSignedInTab(world, PHONE);
  const eventId = await createEvent(page.request, world.app.baseUrl, { name, eventdatetime: wallClockDaysAhead(20, '19:00'), capacity: '2' });
  const managePath = await bookAll(eventId, 2);
  for (const [person, email, places] of queue) await join(eventId, person, email, places);
  return { page, eventId, managePath };
}

function offerLinkIn(text: string | undefined): URL {
  return new URL(/http:\/\/localhost:\d+\/event-booking\?\S+/.exec(text ?? '')?.[0] ?? 'http://none.example');
}

describe('offers from the waiting list', () => {
  it('a cancellation through the manage link sends the first in line an offer whose link books the held places', async () => {
    const { page, eventId, managePath } = await fullEventWithQueue('Harvest Supper', [
      ['Grace Hopper', 'grace@example.org', 2],
      ['Alan Turing', 'alan@example.org', 1],
    ]);

    await page.goto(managePath);
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await page.getByRole('heading', { name: 'Your cancelled booking', level: 1 }).waitFor();
    // The next round of the waiting lists (every 30 s) is due.
    clock.advance(30_000);
    const offer = await world.smtp.waitForSubject('Places for you: Harvest Supper');
    expect(offer.to && !Array.isArray(offer.to) ? offer.to.text : '').toBe('grace@example.org');
    const link = offerLinkIn(offer.text);

    // The places are held: the event is full to everyone else.
    await page.goto(`/event-booking?id=${eventId}`);
    await page.getByRole('heading', { name: 'Fully booked' }).waitFor();

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('2 places are held for you').waitFor();
    await valueOf(page.getByLabel('Lead Member First Name *', { exact: true })).toBe('Grace');
    await valueOf(page.getByLabel('Lead Member Last Name *', { exact: true })).toBe('Hopper');
    await valueOf(page.getByLabel('Total Number Attending *', { exact: true })).toBe('2');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'waiting-list-offer-375');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    await world.smtp.waitForSubject('Booking confirmed: Harvest Supper');
    await page.close();
  });

  it('an offer not taken in time passes to the next person in line; its link then says so', async () => {
    const { page, managePath } = await fullEventWithQueue('Lantern Sail', [
      ['Gwen Ifill', 'gwen@example.org', 2],
      ['Alba Roe', 'alba@example.org', 2],
    ]);
    const token = new URL(managePath, world.app.baseUrl).searchParams.get('token');
    expect((await post('/api/my-booking/cancel', { token })).status).toBe(200);
    clock.advance(30_000);
    const first = await world.smtp.waitForSubject('Places for you: Lantern Sail');
    expect(first.to && !Array.isArray(first.to) ? first.to.text : '').toBe('gwen@example.org');

    // WAITLIST_OFFER_HOURS (24) later the offer lapses and goes to the next in line.
    world.smtp.received.length = 0;
    clock.advance(24 * 3_600_000);
    const second = await world.smtp.waitForSubject('Places for you: Lantern Sail');
    expect(second.to && !Array.isArray(second.to) ? second.to.text : '').toBe('alba@example.org');

    const lapsed = offerLinkIn(first.text);
    await page.goto(`${lapsed.pathname}${lapsed.search}`);
    await page.getByRole('heading', { name: 'Offer no longer valid' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
