import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEvent, FETCH_HEADER, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { warmTab } from '../../../support/e2e/warm-tab';
import { countOf, textOf, valueOf } from '../../../support/e2e/eventually';

/**
 * What a member sees of booking before and after "Submit Booking": the calendar says when an
 * event can no longer be booked, the price box never totals refused counts, and the receipt
 * survives a reload and Back.
 */

const TABLET = { width: 768, height: 1024 } as const;
const stamp = Date.now().toString(36);
const FULL_EVENT = `Committee Boat Crew ${stamp}`;
const FREE_EVENT = `Dinghy Park Social ${stamp}`;

let fullEventId = '';
let freeEventId = '';

const world = useApp();
/**
 * The tab the tests take in turn, each opening its page afresh (test/support/e2e/warm-tab.ts); the tests of Back
 * and Forward keep a new tab, its history their own.
 */
const tab = warmTab(() => world.browser);

beforeAll(async () => {
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  fullEventId = await createEvent(request, world.app.baseUrl, { name: FULL_EVENT, eventdatetime: wallClockDaysAhead(12, '10:00'), capacity: '2' });
  freeEventId = await createEvent(request, world.app.baseUrl, { name: FREE_EVENT, eventdatetime: wallClockDaysAhead(14, '18:00'), offerChild: true });
  const booked = await request.post(`${world.app.baseUrl}/api/bookings`, {
    headers: FETCH_HEADER,
    data: { eventId: fullEventId, firstName: 'Last', lastName: 'Two', numberAttending: '2' },
  });
  expect(booked.status()).toBe(201);
});

function card(page: Page, name: string) {
  return page.locator('.event-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function expectAxeClean(page: Page, label: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${label}\n${describeViolations(violations)}`).toEqual([]);
}

describe('the calendar says when an event can no longer be booked', () => {
  it('shows Booking closed after the deadline and Fully booked when no place is left, instead of Book Event', async () => {
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      const page = await tab.open(viewport);
      await page.goto('/calendar');
      await page.locator('.event-card').first().waitFor();

      // The demo supper's booking deadline has passed; booking is still switched on for it.
      const supper = card(page, 'Laying-Up Supper and Prizegiving');
      await supper.getByText('Booking closed', { exact: true }).waitFor();
      await countOf(supper.getByRole('link', { name: /Book Event/ })).toBe(0);

      const full = card(page, FULL_EVENT);
      await full.getByText('Fully booked', { exact: true }).waitFor();
      await countOf(full.getByRole('link', { name: /Book Event/ })).toBe(0);
      await countOf(full.getByText(/places? left/)).toBe(0);

      // Open events keep their button.
      await countOf(card(page, FREE_EVENT).getByRole('link', { name: /Book Event/ })).toBe(1);
      await countOf(card(page, 'Kestrel Open Regatta').getByRole('link', { name: /Book Event/ })).toBe(1);

      await screenshot(page, `calendar-booking-states-${viewport.width}`);
      await expectAxeClean(page, `calendar at ${viewport.width}px`);
    }
  });

  it('agrees with the booking page, whose own rule is the same', async () => {
    const page = await tab.open(PHONE);
    await page.goto(`/event-booking?id=${fullEventId}`);
    await page.getByRole('heading', { name: 'Fully booked' }).waitFor();
    await page.goto('/event-booking?id=laying-up-supper');
    await page.getByRole('heading', { name: 'Booking Closed' }).waitFor();
  });
});

describe('the price box', () => {
  it('shows no total while the counts are refused, and the right total once they are valid', async () => {
    const page = await tab.open(PHONE);
    await page.goto('/event-booking?id=midsummer-barbecue');
    const attending = page.getByLabel('Total Number Attending *', { exact: true });
    const children = page.getByLabel('Number of Children (12 years or under)', { exact: true });
    const total = page.getByText(/Total for this booking/);
    await attending.waitFor();

    await attending.fill('2');
    await page.getByText('Total for this booking: £25.00').waitFor();

    await attending.fill('123456789');
    await page.getByText('A booking can be for at most 50 attendees').waitFor();
    await countOf(total).toBe(0);
    await screenshot(page, 'event-booking-over-limit-375');
    await expectAxeClean(page, 'booking form over the limit');

    await attending.fill('3');
    await children.fill('4');
    await page.getByText('Number of children (4) cannot exceed total attendees (3)').waitFor();
    await countOf(total).toBe(0);

    await children.fill('1');
    await page.getByText('Total for this booking: £31.25').waitFor();
  });
});

describe('the booking outcome lives in the address', () => {
  it('a free booking’s receipt survives a reload; Back leads to the calendar, not to a blank form; Forward shows it again', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/calendar');
    await card(page, FREE_EVENT)
      .getByRole('link', { name: /Book Event/ })
      .click();
    await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Ellen');
    await page.getByLabel('Lead Member Last Name *', { exact: true }).fill('MacArthur');
    await page.getByLabel('Total Number Attending *', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    const reference = (await page.locator('.booking-reference strong').innerText()).trim();
    expect(reference).not.toBe('');
    const url = new URL(page.url());
    expect(url.searchParams.get('id')).toBe(freeEventId);
    expect(url.searchParams.get('booked')).toBeTruthy();

    await page.reload();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    await page.getByText(`Thank you, Ellen. Your booking for ${FREE_EVENT} has been received.`).waitFor();
    await textOf(page.locator('.booking-reference strong')).toBe(reference);
    await expectAxeClean(page, 'receipt after a reload');

    await page.goBack();
    await page.waitForURL((address) => address.pathname === '/calendar');
    await card(page, FREE_EVENT).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    await countOf(page.getByLabel('Lead Member First Name *', { exact: true })).toBe(0);

    // Its manage link opens the same booking.
    await page.getByRole('link', { name: 'Manage my booking' }).click();
    await page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    await page.getByRole('definition').filter({ hasText: reference }).first().waitFor();

    // Only the admin list and the receipt know it: one booking, not two.
    const answer = await world.browser.context.request.get(`${world.app.baseUrl}/api/admin/events/${freeEventId}/bookings`, { headers: FETCH_HEADER });
    const { bookings } = (await answer.json()) as { bookings: { reference: string; lastName: string }[] };
    expect(bookings.filter((b) => b.lastName === 'MacArthur').map((b) => b.reference)).toEqual([reference]);
    await page.close();
  });

  it('"Make another booking" gives a fresh form; a receipt link that names no booking says so', async () => {
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      const page = await tab.open(viewport);
      await page.goto(`/event-booking?id=${freeEventId}`);
      await page.getByLabel('Lead Member First Name *', { exact: true }).waitFor();
      await screenshot(page, `event-booking-form-${viewport.width}`);
      await expectAxeClean(page, `booking form at ${viewport.width}px`);
      await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Robin');
      await page.getByLabel('Lead Member Last Name *', { exact: true }).fill(`Knox ${viewport.width}`);
      await page.getByRole('button', { name: 'Submit Booking' }).click();
      await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
      await screenshot(page, `event-booking-receipt-${viewport.width}`);
      await expectAxeClean(page, `receipt at ${viewport.width}px`);
      await page.getByRole('button', { name: 'Make another booking' }).click();
      await valueOf(page.getByLabel('Lead Member First Name *', { exact: true })).toBe('');
      expect(new URL(page.url()).searchParams.get('booked')).toBeNull();
    }

    const page = await tab.open(PHONE);
    await page.goto(`/event-booking?id=${freeEventId}&booked=not-a-token`);
    await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    await expectAxeClean(page, 'receipt of no booking');
  });

  it('Back from a paid booking’s card step or receipt leads to the calendar, not to a blank form', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/calendar');
    await card(page, 'Midsummer Barbecue and Social Sail')
      .getByRole('link', { name: /Book Event/ })
      .click();
    await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Dee');
    await page.getByLabel('Lead Member Last Name *', { exact: true }).fill('Caffari');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
    const form = page.getByRole('form', { name: 'Test mode - no real money is taken' });
    await form.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Pay £12.50' }).click();
    await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
    await page.goBack();
    await page.waitForURL((address) => address.pathname === '/calendar');
    await page.locator('.event-card').first().waitFor();
    await page.close();
  });
});

describe('card payments never finished', () => {
  it('show as Expired in the admin list, count in no total, and can be hidden', async () => {
    const page = await tab.open(DESKTOP);
    // Demo data: Priya Nair's regatta booking was never paid, five days ago.
    await page.goto('/admin/bookings/open-regatta');
    const table = page.getByRole('region', { name: 'Bookings' });
    const priya = table.getByRole('row').filter({ hasText: 'Priya Nair' });
    await priya.getByText('Expired', { exact: true }).waitFor();
    const cardValue = (label: string) =>
      page
        .locator('.adm-card')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .innerText();
    await expect(cardValue('Paid / Pending / Free')).resolves.toBe('3 / 0 / 0');
    await expect(cardValue('Bookings')).resolves.toBe('3');
    await expect(cardValue('Attendees')).resolves.toBe('7');

    const hide = page.getByLabel('Hide expired bookings (1)');
    await hide.check();
    await priya.waitFor({ state: 'detached' });
    await countOf(table.getByRole('row').filter({ hasText: 'Helen Marsh' })).toBe(1);
    await expectAxeClean(page, 'event bookings with expired rows hidden');
    await hide.uncheck();
    await priya.waitFor();

    // The overview counts it nowhere either: three bookings, seven attendees, none pending.
    await page.goto('/admin/bookings');
    const row = page.getByRole('region', { name: 'Bookings per event' }).getByRole('row').filter({ hasText: 'Kestrel Open Regatta' });
    // allInnerTexts reads what is there now: wait for the overview's answer to be on screen first.
    await row.waitFor();
    const cells = await row.locator('th, td').allInnerTexts();
    expect(cells.slice(2, 7)).toEqual(['3', '7', '3', '0', '0']);
  });

  it('raise no script errors beyond the refusals the tests ask for', () => {
    const expected = /booked=not-a-token.*status of 404/;
    expect(world.browser.errors.filter((line) => !expected.test(line))).toEqual([]);
  });
});
