import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { emptyEventForm } from '../../../../core/events/event-form';
import { FETCH_HEADER, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { dateTimeValue, fillDateTime } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible as expectPageAccessible } from '../../../support/e2e/axe';
import { launchBrowser, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { checkedOf, countOf, disabledOf, eventually, textOf, textsOf, valueOf } from '../../../support/e2e/eventually';

const READER_EMAIL = 'reader@kestrel-yc.example';
const READER_PASSWORD = 'only-reading-1234';
const PAT_EMAIL = 'pat@kestrel-yc.example';
const PAT_PASSWORD = 'pat-password-1234';

const stamp = Date.now().toString(36);
const EVENT_NAME = `Summer Regatta ${stamp}`;
const EVENT_RENAMED = `Summer Regatta Final ${stamp}`;
const SPARE_EVENT = `Spare Working Party ${stamp}`;

let page: Page;
let eventId = '';

const expectAccessible = (p: Page, name: string) => expectPageAccessible(p, name, `admin-${name}`);

async function signIn(p: Page, email: string, password: string) {
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign In' }).click();
}

/** The table row whose row header (first cell) names this text, in the page or only `within` a part of it. */
function rowOf(p: Page, name: string, within: Page | Locator = p) {
  return within.getByRole('row').filter({ has: p.getByRole('rowheader', { name: new RegExp(name) }) });
}

const world = useApp();

beforeAll(async () => {
  page = world.page;
});

describe('admin panel in a browser', () => {
  it('refuses a wrong password with the catalogue message and keeps Sign In disabled until both fields are filled', async () => {
    await page.goto('/admin/login');
    const button = page.getByRole('button', { name: 'Sign In' });
    await disabledOf(button).toBe(true);
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await disabledOf(button).toBe(true);
    await page.getByLabel('Password').fill('not-the-password');
    await disabledOf(button).toBe(false);
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(page.url()).toContain('/admin/login');
    await expectAccessible(page, 'login-error');
  });

  it('sends a visitor to sign in and back to the page they asked for', async () => {
    await page.goto('/admin/events/create');
    await page.waitForURL('**/admin/login');
    await page.getByText('Please sign in to continue.').waitFor();
    await expectAccessible(page, 'login');
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/admin/events/create');
    await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();
  });

  it('creates an event with the form, checking the core validation first', async () => {
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('Event name is required').waitFor();
    await page.getByText('Start date and time is required').waitFor();
    // The price and currency appear only for paid events.
    await countOf(page.getByLabel('Price per adult')).toBe(0);
    await page.getByLabel('Requires Payment').check();
    await page.getByLabel('Price per adult').waitFor();
    // A member price is a reduction: never more than the price.
    await page.getByLabel('Price per adult').fill('10');
    await page.getByLabel('Member price').fill('12');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('Member price must not be more than the price').waitFor();
    await page.getByLabel('Member price').fill('');
    await page.getByLabel('Requires Payment').uncheck();
    await page.getByText('After the booking end date users cannot book this event.').waitFor();
    await expectAccessible(page, 'event-create');

    await page.getByLabel('Event Name').fill(EVENT_NAME);
    await page.getByLabel('Short Description').fill('Racing on the reservoir');
    await page.getByLabel('Long Description').fill('Two races, then a barbecue at the clubhouse.');
    await fillDateTime(page, 'Start Date & Time', wallClockDaysAhead(30, '10:00'));
    await fillDateTime(page, 'End Date & Time', wallClockDaysAhead(30, '16:00'));
    await fillDateTime(page, 'Booking End Date', wallClockDaysAhead(28, '18:00'));
    await page.getByLabel('Allow Booking').check();
    await page.getByLabel('Boat Event').check();
    await page.getByLabel('Children').check();
    await page.getByLabel('Capacity').fill('40');
    // Reminders go unless an admin turns them off for the event.
    await checkedOf(page.getByLabel('Reminder E-mails')).toBe(true);
    await page.getByLabel('Reminder E-mails').uncheck();
    await page.getByRole('button', { name: 'Create Event' }).click();

    await page.waitForURL('**/admin/events');
    await page.getByText('Event created successfully!').waitFor();
    const row = rowOf(page, EVENT_NAME);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Boat Event');
    expect(text).toContain('Children');
    expect(text).not.toContain('Drinks');
    expect(text).toContain('Bookable');
    await row.getByRole('link', { name: `Bookings for ${EVENT_NAME}` }).waitFor();
    eventId = (await row.getAttribute('data-event-id')) ?? '';
    expect(eventId).not.toBe('');
    await expectAccessible(page, 'events');
  });

  it('sends an edit of an unknown event back to the list with Event not found', async () => {
    await page.goto('/admin/events/edit/no-such-event');
    await page.waitForURL('**/admin/events');
    await page.getByRole('alert').filter({ hasText: 'Event not found' }).waitFor();
    await page.goto('/admin/bookings/no-such-event');
    await page.getByRole('alert').filter({ hasText: 'Event not found' }).waitFor();
    await page.goto('/admin/events');
    await rowOf(page, EVENT_NAME).waitFor();
  });

  it('shows the new event on the public calendar', async () => {
    const visitor = await world.browser.newPage();
    await visitor.goto('/calendar');
    await visitor.getByText(EVENT_NAME).first().waitFor();
    await visitor.close();
  });

  it('edits the event, loading its stored values into the form', async () => {
    await rowOf(page, EVENT_NAME)
      .getByRole('link', { name: `Edit ${EVENT_NAME}` })
      .click();
    await page.waitForURL(`**/admin/events/edit/${eventId}`);
    const name = page.getByLabel('Event Name');
    await name.waitFor();
    await valueOf(name).toBe(EVENT_NAME);
    expect(await dateTimeValue(page, 'Start Date & Time')).toBe(wallClockDaysAhead(30, '10:00'));
    await valueOf(page.getByLabel('Capacity')).toBe('40');
    await checkedOf(page.getByLabel('Reminder E-mails')).toBe(false);
    await expectAccessible(page, 'event-edit');

    await name.fill(EVENT_RENAMED);
    await page.getByLabel('Soft Drinks').check();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL('**/admin/events');
    await page.getByText('Event updated successfully!').waitFor();
    const text = await rowOf(page, EVENT_RENAMED).innerText();
    expect(text).toContain('Drinks');
    // Saved unchanged, reminders stay off; ticked again, they are on. The form shows the event as
    // saved (not the values it was opened with before).
    await rowOf(page, EVENT_RENAMED)
      .getByRole('link', { name: `Edit ${EVENT_RENAMED}` })
      .click();
    await expect.poll(() => page.getByLabel('Event Name').inputValue(), { timeout: 120_000 }).toBe(EVENT_RENAMED);
    const reminders = page.getByLabel('Reminder E-mails');
    await checkedOf(reminders).toBe(false);
    await reminders.check();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL('**/admin/events');
    await page.getByText('Event updated successfully!').waitFor();
    await rowOf(page, EVENT_RENAMED)
      .getByRole('link', { name: `Edit ${EVENT_RENAMED}` })
      .click();
    await expect.poll(() => page.getByLabel('Reminder E-mails').isChecked(), { timeout: 120_000 }).toBe(true);
    await valueOf(page.getByLabel('Event Name')).toBe(EVENT_RENAMED);
    await page.getByRole('link', { name: '← Back to events' }).click();
    await rowOf(page, EVENT_RENAMED).waitFor();
  });

  it('shows a member booking in the overview, the detail table, its counts and the CSV', async () => {
    const booked = await fetch(`${world.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        eventId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        numberAttending: '3',
        numberOfChildren: '1',
        numberOfSoftDrinks: '2',
        numberOfVegetarian: '0',
        boatName: 'Analytical',
        email: 'ada@example.org',
      }),
    });
    expect(booked.status).toBe(201);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).click();
    await page.waitForURL('**/admin/bookings');
    // The URL changes before the new page is drawn (the router's navigation is a transition): the
    // events list, still shown, has a row of this event too. The overview's own table, retried.
    await page.getByRole('heading', { level: 1, name: 'Bookings Overview' }).waitFor();
    const row = rowOf(page, EVENT_RENAMED, page.getByRole('region', { name: 'Bookings per event' }));
    // Date, bookings, attendees, paid, pending, free, revenue, of which at member prices
    await eventually(async () => (await row.getByRole('cell').allInnerTexts()).slice(1)).toEqual(['1', '3', '0', '0', '1', '£0.00', '£0.00']);
    await expectAccessible(page, 'bookings-overview');

    await row.getByRole('link', { name: EVENT_RENAMED }).click();
    await page.waitForURL(`**/admin/bookings/${eventId}`);
    const bookingRow = rowOf(page, 'Ada Lovelace');
    await bookingRow.waitFor();
    const bookingText = await bookingRow.innerText();
    expect(bookingText).toContain('ada@example.org');
    expect(bookingText).toContain('Analytical');
    expect(bookingText).toContain('Free Event');
    // Booked without signing in: the standard price.
    expect(bookingText).toContain('Standard');
    const attendees = page.locator('.adm-card').filter({ hasText: /^Attendees/ });
    await textOf(attendees.locator('dd')).toBe('3');
    await expectAccessible(page, 'booking-detail');

    const csvLink = page.getByRole('link', { name: 'Download CSV' });
    const href = await csvLink.getAttribute('href');
    expect(href).toBe(`/api/admin/events/${eventId}/bookings.csv`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const csvText = await csv.text();
    expect(csvText).toContain('Lovelace');
    expect(csvText).toContain('Analytical');
  });

  it('counts the booking on the dashboard', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Club Administrator' }).waitFor();
    for (const tile of ['Create Event', 'Manage Events', 'View Bookings', 'Members', 'Admins']) {
      await page
        .getByRole('navigation', { name: 'Quick actions' })
        .getByRole('link', { name: new RegExp(tile) })
        .waitFor();
    }
    await page.getByRole('heading', { name: 'Recent Events' }).waitFor();
    const stats = rowOf(page, EVENT_RENAMED);
    await stats.waitFor();
    await textsOf(stats.getByRole('cell')).toEqual(['1', '3']);
    await expectAccessible(page, 'dashboard');
  });

  it('refuses to delete an event with bookings and deletes one without', async () => {
    const spare = await page.request.post('/api/admin/events', {
      headers: FETCH_HEADER,
      data: { ...emptyEventForm(), name: SPARE_EVENT, eventdatetime: wallClockDaysAhead(40, '09:00'), offerVeg: true },
    });
    expect(spare.status()).toBe(201);

    await page.goto('/admin/events');
    await rowOf(page, EVENT_RENAMED)
      .getByRole('button', { name: `Delete ${EVENT_RENAMED}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete event?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').filter({ hasText: 'This event has bookings and cannot be deleted' }).waitFor();
    await rowOf(page, EVENT_RENAMED).waitFor();

    const spareRow = rowOf(page, SPARE_EVENT);
    await textOf(spareRow).toContain('View Only');
    await countOf(spareRow.getByRole('link', { name: /^Bookings for/ })).toBe(0);
    // Escape and Cancel both close the dialog without deleting; focus goes back to the button.
    await spareRow.getByRole('button', { name: `Delete ${SPARE_EVENT}` }).click();
    await dialog.waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Delete ${SPARE_EVENT}`);
    await spareRow.getByRole('button', { name: `Delete ${SPARE_EVENT}` }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await countOf(rowOf(page, SPARE_EVENT)).toBe(1);
    await spareRow.getByRole('button', { name: `Delete ${SPARE_EVENT}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Event "${SPARE_EVENT}" deleted.`).waitFor();
    await countOf(rowOf(page, SPARE_EVENT)).toBe(0);
    const list = await page.request.get('/api/admin/events');
    expect(JSON.stringify(await list.json())).not.toContain(SPARE_EVENT);
  });

  it('adds an admin, changes their permissions, disables and enables them', async () => {
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Admins' }).click();
    await rowOf(page, 'Club Administrator').waitFor();
    await expectAccessible(page, 'admins');
    // Nobody changes their own permissions: the signed-in admin's own boxes are not offered.
    await disabledOf(rowOf(page, 'Club Administrator').getByLabel('events:read')).toBe(true);

    const form = page.getByRole('region', { name: 'Add an Admin' });
    await form.getByLabel('Name').fill('Pat Tester');
    await form.getByLabel('Email').fill(PAT_EMAIL);
    await form.getByLabel('Initial password').fill(PAT_PASSWORD);
    await form.getByLabel(/^events:write/).uncheck();
    await form.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByText(`Admin ${PAT_EMAIL} added.`).waitFor();
    const pat = rowOf(page, 'Pat Tester');
    await checkedOf(pat.getByLabel('events:read')).toBe(true);
    await checkedOf(pat.getByLabel('events:write')).toBe(false);
    await checkedOf(pat.getByLabel('bookings:read')).toBe(true);

    await pat.getByLabel('bookings:read').uncheck();
    await pat.getByRole('button', { name: 'Save permissions of Pat Tester' }).click();
    await page.getByText(`Permissions of ${PAT_EMAIL} saved.`).waitFor();
    const stored = (await (await page.request.get('/api/admin/admins')).json()) as { admins: { email: string; permissions: string[]; disabled: boolean }[] };
    expect(stored.admins.find((a) => a.email === PAT_EMAIL)?.permissions).toEqual(['events:read']);

    await pat.getByRole('button', { name: 'Disable Pat Tester' }).click();
    await page.getByRole('dialog', { name: 'Disable admin?' }).getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`${PAT_EMAIL} disabled.`).waitFor();
    await textOf(pat).toContain('Disabled');
    const refused = await fetch(`${world.app.baseUrl}/api/admin/session`, {
      method: 'POST',
      headers: { ...FETCH_HEADER, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: PAT_EMAIL, password: PAT_PASSWORD }),
    });
    // Answered as a wrong password is: nothing tells a guesser that the password was right.
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('Invalid email or password');

    await pat.getByRole('button', { name: 'Enable Pat Tester' }).click();
    await page.getByText(`${PAT_EMAIL} enabled.`).waitFor();
    await textOf(pat).toContain('Active');
    // Nobody may disable themself: the panel offers no such button.
    await countOf(rowOf(page, 'Club Administrator').getByRole('button', { name: /^Disable/ })).toBe(0);
  });

  it('lists each work day with its sign-ups per job', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Work Days' }).click();
    await page.getByRole('heading', { level: 1, name: 'Work Days' }).waitFor();
    const workDays = (await (await fetch(`${world.app.baseUrl}/api/work-days`)).json()) as {
      workDays: { id: string; name: string; jobs: { id: string; title: string }[] }[];
    };
    const day = workDays.workDays[0];
    expect(day).toBeDefined();
    const signup = await fetch(`${world.app.baseUrl}/api/work-days/${day.id}/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        selectedJobs: [day.jobs[0].id],
        otherJob: 'Mend the flagpole',
        notes: '',
        bringingTools: true,
        wantsFood: false,
      }),
    });
    expect(signup.status).toBe(201);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectAccessible(page, 'work-days');
    // The day's own page lists who signed up for each job, and every sign-up with its other job.
    await page.getByRole('link', { name: `Volunteers for ${day.name}` }).click();
    await page.getByRole('heading', { level: 1, name: day.name }).waitFor();
    const job = page
      .getByRole('region', { name: 'Jobs and volunteers' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(day.jobs[0].title) }) });
    await job.getByText(/Grace Hopper/).waitFor();
    await page
      .getByRole('region', { name: 'Sign-ups' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Grace Hopper' }) })
      .getByText('Mend the flagpole')
      .waitFor();
    await expectAccessible(page, 'work-day roster');
    await page.getByRole('link', { name: '← Back to work days' }).click();
    await page.getByRole('heading', { level: 1, name: 'Work Days' }).waitFor();
  });

  it('shows Access Denied to an admin holding only events:read, and the API refuses them too', async () => {
    const created = await page.request.post('/api/admin/admins', {
      headers: FETCH_HEADER,
      data: { email: READER_EMAIL, name: 'Rita Reader', password: READER_PASSWORD, permissions: ['events:read'] },
    });
    expect(created.status()).toBe(201);

    // A second browser profile, so the reader has a cookie jar of their own.
    const readerBrowser = await launchBrowser({ baseURL: world.app.baseUrl });
    const reader = await readerBrowser.newPage();
    try {
      await reader.goto('/admin/login');
      await signIn(reader, READER_EMAIL, READER_PASSWORD);
      await reader.waitForURL('**/admin/dashboard');
      await reader.getByRole('heading', { level: 1, name: 'Welcome, Rita Reader' }).waitFor();
      await countOf(reader.getByRole('link', { name: /View Bookings/ })).toBe(0);
      await countOf(reader.getByRole('heading', { name: 'Booking Statistics' })).toBe(0);

      await reader.goto('/admin/events');
      await rowOf(reader, EVENT_RENAMED).waitFor();
      await countOf(reader.getByRole('button', { name: /^Delete/ })).toBe(0);

      const screens: [string, string, string][] = [
        ['/admin/events/create', 'You do not have permission to create events.', 'events:write'],
        [`/admin/events/edit/${eventId}`, 'You do not have permission to edit events.', 'events:write'],
        ['/admin/bookings', "You don't have permission to view bookings.", 'bookings:read'],
        [`/admin/bookings/${eventId}`, "You don't have permission to view bookings.", 'bookings:read'],
      ];
      for (const [path, message, permission] of screens) {
        await reader.goto(path);
        await reader.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
        await reader.getByText(message).waitFor();
        await textOf(reader.locator('.adm-permission')).toBe(permission);
        // No data of the refused screen reached the page.
        await countOf(reader.getByText('Ada Lovelace')).toBe(0);
      }
      await expectAccessible(reader, 'access-denied');

      const headers = FETCH_HEADER;
      expect((await reader.request.post('/api/admin/events', { headers, data: { name: 'Sneaky' } })).status()).toBe(403);
      expect((await reader.request.put(`/api/admin/events/${eventId}`, { headers, data: { name: 'Sneaky' } })).status()).toBe(403);
      expect((await reader.request.delete(`/api/admin/events/${eventId}`, { headers })).status()).toBe(403);
      expect((await reader.request.get('/api/admin/bookings')).status()).toBe(403);
      expect((await reader.request.get(`/api/admin/events/${eventId}/bookings`)).status()).toBe(403);
      expect((await reader.request.get(`/api/admin/events/${eventId}/bookings.csv`)).status()).toBe(403);
    } finally {
      await readerBrowser.close();
    }
  });

  it('fits a phone screen', async () => {
    const phone = await world.browser.newPage(PHONE);
    await phone.goto('/admin/events');
    await rowOf(phone, EVENT_RENAMED).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'events-phone');
    await phone.close();
  });

  it('after Sign Out, Back shows no admin data and the session is gone', async () => {
    await page.goto('/admin/events');
    await rowOf(page, EVENT_RENAMED).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/admin/login');
    await page.getByText('You have been signed out.').waitFor();
    await page.goBack();
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
    await countOf(page.getByText(EVENT_RENAMED)).toBe(0);
    expect((await page.request.get('/api/admin/session')).status()).toBe(401);
    expect((await page.request.get('/api/admin/events')).status()).toBe(401);
  });

  it('sends a signed-in admin from the login page to the dashboard', async () => {
    // Back reached the work days page (an earlier page load), which sent us to sign in: signing
    // in returns there.
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/admin/work-days');
    await page.getByRole('heading', { level: 1, name: 'Work Days' }).waitFor();
    await page.goto('/admin/login');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
  });
});
