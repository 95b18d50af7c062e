import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FETCH_HEADER, createEvent, wallClockDaysAhead, adminSignedInTab } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, eventually, textOf, visibleOf } from '../../../support/e2e/eventually';

/**
 * What a club secretary trips over in the admin's event screens: capacity against the
 * places taken, the booking state beside the status (no Cancel event once an event is over), and
 * the admin tables and menu on a phone and a laptop.
 */

const world = useApp();
const stamp = Date.now().toString(36);
const NAMES = { capacity: `Capacity Sail ${stamp}`, over: `Spring Cruise ${stamp}`, closed: `Deadline Race ${stamp}`, full: `Full House Supper ${stamp}` };
const ids: Record<keyof typeof NAMES, string> = { capacity: '', over: '', closed: '', full: '' };

async function book(eventId: string, places: number, email = ''): Promise<void> {
  const response = await fetch(`${world.app.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eventId, firstName: 'Early', lastName: 'Bird', numberAttending: String(places), email }),
  });
  expect(response.status).toBe(201);
}

/** The table row (or, on a phone, the card) whose row header names this event. */
function rowOf(p: Page, name: string): Locator {
  return p.getByRole('row').filter({ has: p.getByRole('rowheader', { name: new RegExp(name) }) });
}

/** The admin events list in a new signed-in tab of this size, once this event's row shows. */
async function eventsListRow(viewport: { width: number; height: number }, name: string): Promise<{ page: Page; row: Locator }> {
  const page = await adminSignedInTab(world, viewport);
  await page.goto('/admin/events');
  const row = rowOf(page, name);
  await row.waitFor();
  return { page, row };
}

/** The element lies wholly inside the page's width (nothing cut off at the right or left). */
async function expectOnScreen(locator: Locator, width: number, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  const page = await adminSignedInTab(world, DESKTOP);
  ids.capacity = await createEvent(page.request, world.app.baseUrl, { name: NAMES.capacity, eventdatetime: wallClockDaysAhead(30, '10:00'), capacity: '12' });
  // Members' e-mail addresses as long as real ones get: the bookings table is wider than a laptop.
  await book(ids.capacity, 4, `margaret.featherstonehaugh-${stamp}@kestrel-yacht-club.example`);
  await book(ids.capacity, 4, `christopher.montgomery-smythe-${stamp}@kestrel-yacht-club.example`);
  ids.over = await createEvent(page.request, world.app.baseUrl, {
    name: NAMES.over,
    eventdatetime: wallClockDaysAhead(-3, '10:00'),
    eventenddatetime: wallClockDaysAhead(-3, '16:00'),
  });
  ids.closed = await createEvent(page.request, world.app.baseUrl, {
    name: NAMES.closed,
    eventdatetime: wallClockDaysAhead(12, '10:00'),
    bookingEndDate: wallClockDaysAhead(-1, '18:00'),
  });
  ids.full = await createEvent(page.request, world.app.baseUrl, { name: NAMES.full, eventdatetime: wallClockDaysAhead(14, '19:00'), capacity: '2' });
  await book(ids.full, 2);
  await page.close();
});

describe('capacity against the places taken', () => {
  it('the list shows places taken against capacity; a capacity below them is refused with the places named, and nothing changes', async () => {
    const { page, row } = await eventsListRow(DESKTOP, NAMES.capacity);
    await textOf(row).toContain('8 of 12 taken');

    await row.getByRole('link', { name: `Edit ${NAMES.capacity}` }).click();
    const capacity = page.getByLabel('Capacity', { exact: true });
    await capacity.waitFor();
    await capacity.fill('5');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.getByText('8 places are already taken: capacity cannot be less than 8.').first().waitFor();
    await attributeOf(capacity, 'aria-invalid').toBe('true');
    await expectAccessible(page, 'admin-event-capacity-below-taken');
    // Nothing was saved.
    const stored = await page.request.get(`/api/admin/events/${ids.capacity}`);
    expect(((await stored.json()) as { event: { capacity: number } }).event.capacity).toBe(12);

    // Down to exactly the places taken is allowed: the event is then full.
    await capacity.fill('8');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL('**/admin/events');
    await textOf(rowOf(page, NAMES.capacity)).toContain('8 of 8 taken');
    await countOf(rowOf(page, NAMES.capacity).getByText('Full', { exact: true })).toBe(1);
    await page.close();
  });
});

describe('the booking state beside the status', () => {
  it('shows Over, Closed and Full beside Bookable, and offers no Cancel event for an event that is over (the server refuses it too)', async () => {
    const { page, row: over } = await eventsListRow(DESKTOP, NAMES.over);
    for (const [name, state] of [
      [NAMES.over, 'Over'],
      [NAMES.closed, 'Closed'],
      [NAMES.full, 'Full'],
    ] as const) {
      const row = rowOf(page, name);
      // The spec's status is kept as it is; the state stands beside it.
      await countOf(row.getByText('Bookable', { exact: true }), name).toBe(1);
      await countOf(row.getByText(state, { exact: true }), name).toBe(1);
    }
    await countOf(rowOf(page, NAMES.capacity).getByText(/^(Over|Closed)$/)).toBe(0);

    await countOf(over.getByRole('button', { name: /Cancel event/ })).toBe(0);
    await countOf(rowOf(page, NAMES.closed).getByRole('button', { name: `Cancel event ${NAMES.closed}` })).toBe(1);
    await countOf(rowOf(page, NAMES.full).getByRole('button', { name: `Cancel event ${NAMES.full}` })).toBe(1);
    await expectAccessible(page, 'admin-events-states');

    const refused = await page.request.post(`/api/admin/events/${ids.over}/cancel`, { headers: FETCH_HEADER, data: { reason: 'Too late' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'This event is over, so it can no longer be cancelled: its bookings stand and nobody is refunded.',
    );
    const stored = await page.request.get(`/api/admin/events/${ids.over}`);
    expect(((await stored.json()) as { event: { cancelledAt: string | null } }).event.cancelledAt).toBeNull();
    await page.close();
  });
});

describe('admin tables and menu on a phone and a laptop', () => {
  it('at 375 px the events list shows each event with its status and every action on screen, and the actions work', async () => {
    const { page, row } = await eventsListRow(PHONE, NAMES.closed);
    // Nothing makes the page wider than the phone.
    await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectOnScreen(row.getByText('Bookable', { exact: true }), PHONE.width, 'Status');
    await expectOnScreen(row.getByText('Closed', { exact: true }), PHONE.width, 'Booking state');
    for (const name of [`Edit ${NAMES.closed}`, `Bookings for ${NAMES.closed}`]) await expectOnScreen(row.getByRole('link', { name }), PHONE.width, name);
    for (const name of [`Cancel event ${NAMES.closed}`, new RegExp(`^Delete ${NAMES.closed}`)])
      await expectOnScreen(row.getByRole('button', { name }), PHONE.width, String(name));
    await expectOnScreen(row.getByText('0 taken (no limit)'), PHONE.width, 'Places');
    // Each value stands under its column's heading.
    await attributeOf(row.getByRole('cell').filter({ hasText: '0 taken (no limit)' }), 'data-label').toBe('Places');
    await expectAccessible(page, 'admin-events-375');

    // Usable: Cancel event opens its dialog, which closes again without cancelling.
    await row.getByRole('button', { name: `Cancel event ${NAMES.closed}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // And Edit leads to the event's form.
    await row.getByRole('link', { name: `Edit ${NAMES.closed}` }).click();
    await page.waitForURL(`**/admin/events/edit/${ids.closed}`);
    await page.getByLabel('Event Name').waitFor();
    await page.close();
  });

  it('at 375 px the admin menu folds behind an accessible menu button; at 1280 px it is open', async () => {
    const page = await adminSignedInTab(world, PHONE);
    await page.goto('/admin/events');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.waitFor();
    await attributeOf(button, 'aria-expanded').toBe('false');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await visibleOf(nav.getByRole('link', { name: 'Bookings' })).toBe(false);
    const header = page.locator('header').first();
    const folded = await header.boundingBox();
    expect(folded!.height).toBeLessThanOrEqual(120);
    await expectAccessible(page, 'admin-menu-folded-375');

    await button.click();
    await attributeOf(button, 'aria-expanded').toBe('true');
    await expectOnScreen(nav.getByRole('link', { name: 'Bookings' }), PHONE.width, 'Bookings link');
    await expectOnScreen(page.getByRole('button', { name: 'Sign Out' }), PHONE.width, 'Sign Out');
    await expectAccessible(page, 'admin-menu-open-375');
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await page.waitForURL('**/admin/bookings');
    // The menu folds again once a screen is chosen.
    await attributeOf(button, 'aria-expanded').toBe('false');
    await visibleOf(nav.getByRole('link', { name: 'Events' })).toBe(false);
    await page.close();

    const desktop = await adminSignedInTab(world, DESKTOP);
    await desktop.goto('/admin/events');
    await desktop.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).waitFor();
    await visibleOf(desktop.getByRole('button', { name: 'Menu' })).toBe(false);
    await desktop.close();
  });

  it("at 1280 px every column of an event's bookings table can be reached, with a visible cue when it scrolls", async () => {
    const page = await adminSignedInTab(world, DESKTOP);
    await page.goto(`/admin/bookings/${ids.capacity}`);
    const region = page.getByRole('region', { name: 'Bookings' });
    await region.getByRole('row').nth(1).waitFor();
    const headers = region.getByRole('columnheader');
    const names = await headers.allInnerTexts();
    expect(names).toContain('Amount');
    expect(names).toContain('Payment ID');
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    if (scrolls) {
      // The cue: told in words, beside the table, and seen without scrolling.
      const cue = page.getByText('Scroll sideways to see every column');
      await visibleOf(cue).toBe(true);
      await expectOnScreen(cue, DESKTOP.width, 'Scroll cue');
    }
    for (let i = 0; i < names.length; i += 1) {
      const header = headers.nth(i);
      await header.scrollIntoViewIfNeeded();
      const box = (await header.boundingBox())!;
      const area = (await region.boundingBox())!;
      expect(box.x, names[i]).toBeGreaterThanOrEqual(area.x - 1);
      expect(box.x + box.width, names[i]).toBeLessThanOrEqual(area.x + area.width + 1);
    }
    await expectAccessible(page, 'admin-event-bookings-1280');
    await page.close();
  });
});
