import { describe, expect, it } from 'vitest';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { bookPlaces, createEvent, wallClockDaysAhead, adminSignedInTab } from '../../../support/e2e/admin-api';
import { PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, eventually } from '../../../support/e2e/eventually';

const world = useApp();

const book = (eventId: string, places: number) => bookPlaces(world.app.baseUrl, eventId, places);

function card(page: import('playwright-core').Page, name: string) {
  return page.locator('.event-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

describe('a full event on the calendar', () => {
  it('offers "Join the waiting list" where Book Event would be, leading to the booking page\'s waiting-list form, at 375 px', async () => {
    const page = await adminSignedInTab(world, PHONE);
    const fullId = await createEvent(page.request, world.app.baseUrl, {
      name: 'Harvest Moon Sail',
      eventdatetime: wallClockDaysAhead(21, '19:00'),
      capacity: '2',
    });
    await book(fullId, 2);
    // One place left: still Book Event, no waiting list.
    const openId = await createEvent(page.request, world.app.baseUrl, {
      name: 'Dawn Patrol Sail',
      eventdatetime: wallClockDaysAhead(22, '06:00'),
      capacity: '3',
    });
    await book(openId, 2);

    await page.goto('/calendar');
    const full = card(page, 'Harvest Moon Sail');
    await full.waitFor();
    await full.getByText('Fully booked', { exact: true }).waitFor();
    const join = full.getByRole('link', { name: /Join the waiting list/ });
    await countOf(join).toBe(1);
    await attributeOf(join, 'href').toBe(`/event-booking?id=${fullId}#waiting-list`);
    await countOf(full.getByRole('link', { name: /Book Event/ })).toBe(0);

    const open = card(page, 'Dawn Patrol Sail');
    await countOf(open.getByRole('link', { name: /Book Event/ })).toBe(1);
    await countOf(open.getByRole('link', { name: /Join the waiting list/ })).toBe(0);
    // An event that takes no bookings at all offers no waiting list either.
    await countOf(page.getByRole('link', { name: /Join the waiting list/ })).toBe(1);

    // Fits the phone: the link is on screen within the card, not cut off.
    await join.scrollIntoViewIfNeeded();
    const box = await join.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const axe = await seriousAxeViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    await join.click();
    await page.waitForURL((url) => url.pathname === '/event-booking' && url.searchParams.get('id') === fullId && url.hash === '#waiting-list');
    const form = page.getByRole('form', { name: 'Join the waiting list' });
    await form.waitFor();
    // The member lands at the form itself, not at the top of the page.
    await eventually(() =>
      form.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= -1 && r.top < window.innerHeight;
      }),
    ).toBe(true);
    await form.getByLabel('Name *', { exact: true }).waitFor();
    const axeBooking = await seriousAxeViolations(page);
    expect(axeBooking, describeViolations(axeBooking)).toEqual([]);

    // Reached straight from its address (the page drawn by the server), it is the same form.
    await page.goto(`/event-booking?id=${fullId}#waiting-list`);
    await form.waitFor();
    await page.close();
  });
});
