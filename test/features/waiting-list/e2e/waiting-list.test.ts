import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../../support/e2e/axe';
import { bookPlaces, createEvent, wallClockDaysAhead, adminSignedInTab } from '../../../support/e2e/admin-api';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, eventually, textOf } from '../../../support/e2e/eventually';

const world = useApp({ mail: true });

const book = (eventId: string, places: number) => bookPlaces(world.app.baseUrl, eventId, places);

describe('the waiting list of a full event', () => {
  it('a full event offers the waiting list; the member joins, gets the e-mail, and its link lets them leave; admins see the line', async () => {
    const page = await adminSignedInTab(world, PHONE);
    const eventId = await createEvent(page.request, world.app.baseUrl, {
      name: 'Full Moon Sail',
      eventdatetime: wallClockDaysAhead(20, '19:00'),
      capacity: '2',
    });
    await book(eventId, 2);

    await page.goto(`/event-booking?id=${eventId}`);
    await page.getByRole('heading', { name: 'Fully booked' }).waitFor();
    await page.getByRole('heading', { name: 'Join the waiting list' }).waitFor();
    await countOf(page.getByLabel('Lead Member First Name *')).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The core's rule in the browser: nothing is sent without an e-mail.
    await page.getByLabel('Name *', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Places wanted *', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText('Email is required to join the waiting list').waitFor();
    await eventually(() => page.getByLabel('Email *', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Email *', { exact: true }).fill('grace@example.org');
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByRole('heading', { name: "You're on the waiting list" }).waitFor();
    await page.getByText('You are number 1 in line.').waitFor();
    await screenshot(page, 'waiting-list-joined-375');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await world.smtp.waitForSubject('On the waiting list: Full Moon Sail');
    expect(mail.text).toContain('Places wanted: 2');
    const link = new URL(/http:\/\/localhost:\d+\/waiting-list\?token=\S+/.exec(mail.text ?? '')?.[0] ?? 'http://none.example');

    await page.goto(`/admin/bookings/${eventId}`);
    const row = page.getByRole('row').filter({ hasText: 'grace@example.org' });
    await row.waitFor();
    await textOf(row).toMatch(/1\s+Grace Hopper\s+grace@example.org\s+2/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The event is full: an offer by hand is refused, and the page says why.
    await page.getByRole('button', { name: 'Offer Grace Hopper their places now' }).click();
    await page.getByRole('alert').filter({ hasText: 'The places this person wants are not free' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/waiting-list${link.search}`);
    await page.getByRole('heading', { name: 'Waiting list: Full Moon Sail', level: 1 }).waitFor();
    await page.getByText('You are on the waiting list.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Leave the waiting list' }).click();
    await page.getByText('You have left the waiting list.').waitFor();
    await countOf(page.getByRole('button', { name: 'Leave the waiting list' })).toBe(0);
    await screenshot(page, 'waiting-list-left-375');

    await page.goto(`/waiting-list?token=${link.searchParams.get('token')!.slice(0, -3)}xyz`);
    await page.getByRole('heading', { name: 'Waiting-list link not valid', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
