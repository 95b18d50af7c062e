import { beforeAll, describe, expect, it } from 'vitest';
import { addCurrentMembers, bookPlaces, createEvent, memberPricedSupper, signedInAdminRequests, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { readFeed, vevents } from '../../../support/ics-feed';
import { valueOf } from '../../../support/e2e/eventually';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP } from '../../../support/e2e/browser';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { addJunior, submitBooking } from './household-form';
import { formatDate } from '../../../../core/shared/date-text';

// My club (docs/my-club.md) in Chromium: a member signs in, adds a junior to the household, books a member-priced
// event with the junior, and sees it in My club at the member price beside a guest booking made
// earlier with the same e-mail; sees their waiting-list place and work-day job; makes, copies,
// reads and resets their private calendar feed.
const world = useApp({ mail: true });
const MEMBER = { id: 'member-e2e-my-club', name: 'Ros Halyard', email: 'ros.halyard@example.org' };
const SUPPER = `Laying-up supper ${Date.now().toString(36)}`;
const REGATTA = `Full regatta ${Date.now().toString(36)}`;
const WORK_DAY = { id: `e2e-lift-out-${Date.now().toString(36)}`, name: 'Autumn lift-out' };
let supperId = '';
let regattaId = '';

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER]);
  const request = await signedInAdminRequests(world);
  supperId = await createEvent(request, world.app.baseUrl, memberPricedSupper(SUPPER));
  // A full event the member waits for, and a work day they signed up for, both with their e-mail.
  regattaId = await createEvent(request, world.app.baseUrl, { name: REGATTA, eventdatetime: wallClockDaysAhead(30, '10:00'), capacity: '1' });
  await bookPlaces(world.app.baseUrl, regattaId, 1);
  await world.app.built.ports
    .get('workDays')
    .create({
      ...WORK_DAY,
      description: '',
      date: `${wallClockDaysAhead(20, '08:00')}:00.000Z`,
      foodAvailable: false,
      active: true,
      tools: '',
      notes: '',
      jobs: [{ id: 'antifoul', title: 'Antifoul the launch', description: '', volunteersNeeded: 3 }],
    });
});

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(`${world.app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
    body: JSON.stringify(body),
  });
}

describe('My club in Chromium', () => {
  it('books with a household junior at the member price; My club shows it, the guest booking, the waiting list and the job, and a feed to copy, read and reset', async () => {
    // A guest booking first, without signing in, with the member's e-mail in another case.
    const guest = await fetch(`${world.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify({ eventId: supperId, firstName: 'Ros', lastName: 'Halyard', numberAttending: '1', email: 'Ros.Halyard@example.org' }),
    });
    expect(guest.status).toBe(201);
    expect((await postJson(`/api/events/${regattaId}/waiting-list`, { name: 'Ros Halyard', email: MEMBER.email, places: 1 })).status).toBe(201);
    const signUp = {
      firstName: 'Ros',
      lastName: 'Halyard',
      selectedJobs: ['antifoul'],
      otherJob: '',
      notes: '',
      bringingTools: false,
      wantsFood: false,
      email: MEMBER.email,
    };
    expect((await postJson(`/api/work-days/${WORK_DAY.id}/signups`, signUp)).status).toBe(201);

    const page = await memberOnPhone(world, MEMBER.email);

    // The household: add a junior born 2016 (a child's place).
    const household = page.getByRole('region', { name: 'Household' });
    await addJunior(household, 'Milly Halyard', '2016');

    // Book: the lead's details are filled in, and Milly is offered.
    await page.goto(`/event-booking?id=${supperId}`);
    await page.getByRole('checkbox', { name: 'Milly Halyard (child)' }).waitFor();
    expect(await page.getByLabel('Lead Member First Name *').inputValue()).toBe('Ros');
    expect(await page.getByLabel('Email (optional)').inputValue()).toBe(MEMBER.email);
    await page.getByRole('checkbox', { name: 'Milly Halyard (child)' }).check();
    expect(await page.getByLabel('Total Number Attending *').inputValue()).toBe('2');
    const answer = await submitBooking(page);
    // Ros at £10.00 and Milly at half of it, not the standard £22.50.
    const made = (await answer.json()) as { amount: number; bookingId: string };
    expect(made.amount).toBe(1500);

    await page.goto('/my');
    const bookings = page.getByRole('region', { name: 'My bookings' });
    await bookings.getByText('£15.00 (member price)').waitFor();
    await bookings.getByText('£15.00 (standard price)').waitFor();
    expect(await bookings.getByText(SUPPER).count()).toBe(2);
    // Its date in the one London format every page uses ("Sat 4 July 2026, 19:00"), not a shorter one of its own.
    const supper = await world.app.built.ports.get('events').get(supperId);
    expect(await bookings.getByText(formatDate(supper!.eventdatetime, 'member'), { exact: false }).count()).toBe(2);
    // Milly is named on the booking, in My club and on the admins' booking page.
    await bookings.getByText('With Milly Halyard (child)').waitFor();

    // The waiting-list place and the work-day job, each with its e-mail's link.
    const lists = page.getByRole('region', { name: 'My waiting lists' });
    await lists.getByText(REGATTA, { exact: true }).waitFor();
    await lists.getByText('On the waiting list for 1 place.').waitFor();
    expect(await lists.getByRole('link', { name: `Leave the waiting list for ${REGATTA}` }).getAttribute('href')).toMatch(/^\/waiting-list\?token=/);
    const jobs = page.getByRole('region', { name: 'My work-day jobs' });
    await jobs.getByText(WORK_DAY.name, { exact: true }).waitFor();
    await jobs.getByText('Jobs: Antifoul the launch').waitFor();
    expect(await jobs.getByRole('link', { name: `Withdraw from ${WORK_DAY.name}` }).getAttribute('href')).toMatch(/^\/work-day-withdraw\?token=/);

    // The private feed: made, copied, read as iCalendar with the bookings and the job.
    const calendar = page.getByRole('region', { name: 'My calendar' });
    // The help names all the feed carries: duties are in it too (core/my-club/my-calendar-entries.ts).
    await calendar.getByText('A private calendar address with your bookings, your duties and your work-day jobs.', { exact: false }).waitFor();
    await calendar.getByRole('button', { name: 'Make my calendar address' }).click();
    const box = calendar.getByRole('textbox', { name: 'Your calendar address' });
    await box.waitFor();
    const url = await box.inputValue();
    expect(url).toMatch(new RegExp(`^${world.app.baseUrl}/calendar/my/[A-Za-z0-9_-]{43}\\.ics$`));
    await world.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.app.baseUrl });
    await calendar.getByRole('button', { name: 'Copy address' }).click();
    await calendar.getByRole('status').filter({ hasText: 'Calendar address copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const entries = vevents(readFeed(await feed.text()));
    expect(entries.filter((e) => e.summary === SUPPER)).toHaveLength(2);
    expect(entries.map((e) => e.summary)).toContain(`Work day: ${WORK_DAY.name}`);
    expect(entries.every((e) => /^(booking|workday-signup)-.+@kyc-members-area$/.test(e.uid))).toBe(true);

    // A new address: the old one answers 404, the new one the feed.
    await calendar.getByRole('button', { name: 'Make a new address' }).click();
    await calendar.getByText('Your calendar address is ready.').waitFor();
    await valueOf(box).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await box.inputValue())).status).toBe(200);
    await expectAccessible(page, 'my-club-375');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'my-club-1280');
    await page.close();

    // The admin (signed in on this browser for the set-up) sees her named in the booking's details.
    const admin = await world.browser.newPage(DESKTOP);
    await admin.goto(`/admin/booking/${made.bookingId}`);
    await admin.getByRole('heading', { level: 1, name: 'Booking: Ros Halyard' }).waitFor();
    await admin.getByText('Milly Halyard (child)').waitFor();
    await admin.close();
  });
});
