import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FETCH_HEADER, createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { dateTimeGroup } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible as expectPageAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, launchBrowser, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, disabledOf, eventually, textOf, textsOf, valueOf } from '../../../support/e2e/eventually';

/**
 * Admin: links only to what the admin may open, dates read the club's way in a
 * US-English browser, the overview's date alone, the members screen's messages and Disable, the
 * way back to the members' area, and full work-day jobs. The browser here is US English on
 * purpose: nothing an admin sees may depend on the browser's language.
 */

const TABLET = { width: 768, height: 1000 } as const;
const stamp = Date.now().toString(36);
const EVENT_NAME = `Laser Open ${stamp}`;
const US_EVENT = `Independence Race ${stamp}`;
const WRITER = { email: `writer-${stamp}@kestrel-yc.example`, password: 'writer-password-1234', name: 'Wes Writer' };
const BOOKER = { email: `booker-${stamp}@kestrel-yc.example`, password: 'booker-password-1234', name: 'Bea Booker' };
const READER = { email: `reader-${stamp}@kestrel-yc.example`, password: 'reader-password-1234', name: 'Rae Reader' };

let page: Page;
let eventId = '';

const expectAccessible = (p: Page, name: string) => expectPageAccessible(p, name, null);

/** The table row whose row header names this text. */
function rowOf(p: Page, name: string) {
  return p.getByRole('row').filter({ has: p.getByRole('rowheader', { name: new RegExp(name) }) });
}

async function addAdmin(admin: { email: string; password: string; name: string }, permissions: string[]) {
  const created = await page.request.post('/api/admin/admins', { headers: FETCH_HEADER, data: { ...admin, permissions } });
  expect(created.status()).toBe(201);
}

/**
 * A fresh browser profile (its own cookies), US English like the main one, signed in as this admin
 * through the API (signing in is admin-panel.test.ts's subject, not these tests'), on a tab at `path`.
 */
async function asAdmin<T>(admin: { email: string; password: string }, path: string, work: (p: Page) => Promise<T>): Promise<T> {
  const other = await launchBrowser({ baseURL: world.app.baseUrl, locale: 'en-US' });
  try {
    const p = await other.newPage();
    await signInAsAdmin(p.request, world.app.baseUrl, admin.email, admin.password);
    await p.goto(path);
    return await work(p);
  } finally {
    await other.close();
  }
}

const world = useApp({ browser: { locale: 'en-US' } });

beforeAll(async () => {
  page = world.page;
  await signInAsAdmin(page.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(page.request, world.app.baseUrl, { name: EVENT_NAME, eventdatetime: wallClockDaysAhead(21, '10:00') });
  await addAdmin(WRITER, ['events:read', 'events:write']);
  await addAdmin(BOOKER, ['events:read', 'bookings:read']);
  await addAdmin(READER, ['events:read']);
});

describe('admin links follow the permissions rule', () => {
  it('shows an events:read-only admin neither Edit nor Bookings, nor tiles and menu items that would say Access Denied', async () => {
    await asAdmin(READER, '/admin/dashboard', async (p) => {
      const tiles = p.getByRole('navigation', { name: 'Quick actions' });
      await tiles.getByRole('link', { name: /Manage Events/ }).waitFor();
      await countOf(tiles.getByRole('link', { name: /Create Event/ })).toBe(0);
      await countOf(tiles.getByRole('link', { name: /View Bookings/ })).toBe(0);
      await p.getByRole('heading', { name: 'Recent Events' }).waitFor();
      await countOf(p.getByRole('link', { name: /^Edit / })).toBe(0);
      const menu = p.getByRole('navigation', { name: 'Admin' });
      // The wind limits and each event's go/no-go are read with events:read (docs/conditions.md), without their buttons.
      await textsOf(menu.getByRole('link')).toEqual(['Dashboard', 'Events', 'Wind Limits', 'Work Days']);

      await menu.getByRole('link', { name: 'Events' }).click();
      const row = rowOf(p, EVENT_NAME);
      await row.waitFor();
      await textsOf(row.getByRole('link')).toEqual(['Go / no-go']);
      await countOf(row.getByRole('button')).toBe(0);
      await expectAccessible(p, 'events for a reader');
      await row.getByRole('link', { name: `Go / no-go for ${EVENT_NAME}` }).click();
      await p.getByRole('heading', { name: `Go / no-go: ${EVENT_NAME}` }).waitFor();
      await countOf(p.getByRole('button', { name: 'Postpone' })).toBe(0);
    });
  });

  it('shows Edit without Bookings to an events:write admin, and Bookings without Edit to a bookings:read one; each opens its screen', async () => {
    await asAdmin(WRITER, '/admin/events', async (p) => {
      const row = rowOf(p, EVENT_NAME);
      await row.getByRole('link', { name: `Edit ${EVENT_NAME}` }).waitFor();
      await countOf(row.getByRole('link', { name: `Bookings for ${EVENT_NAME}` })).toBe(0);
      await row.getByRole('link', { name: `Edit ${EVENT_NAME}` }).click();
      await p.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();
    });
    await asAdmin(BOOKER, '/admin/events', async (p) => {
      const row = rowOf(p, EVENT_NAME);
      await row.getByRole('link', { name: `Bookings for ${EVENT_NAME}` }).waitFor();
      await countOf(row.getByRole('link', { name: `Edit ${EVENT_NAME}` })).toBe(0);
      await row.getByRole('link', { name: `Bookings for ${EVENT_NAME}` }).click();
      await p.waitForURL(`**/admin/bookings/${eventId}`);
      await countOf(p.getByRole('heading', { level: 1, name: 'Access Denied' })).toBe(0);
    });
  });
});

describe('event dates in a US-English browser', () => {
  it('reads and echoes the date day first (en-GB), stores the London time and shows it again on edit', async () => {
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.goto('/admin/events/create');
    await page.getByLabel('Event Name').fill(US_EVENT);
    const start = dateTimeGroup(page, 'Start Date & Time');
    await start.date.fill('04/07/2026');
    await start.time.fill('10:00');
    await start.group.getByText('Saturday 4 July 2026, 10:00').waitFor();
    // A date typed the American way round is read day first, and the echo shows it at once.
    const end = dateTimeGroup(page, 'End Date & Time');
    await end.date.fill('07/04/2026');
    await end.time.fill('16:00');
    await end.group.getByText('Tuesday 7 April 2026, 16:00').waitFor();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('End must be after the start').waitFor();
    await screenshot(page, 'admin19-event-form-us-locale');
    await expectAccessible(page, 'event form with a refused end');

    await end.date.fill('4/7/2026');
    await end.time.fill('1630');
    await end.group.getByText('Saturday 4 July 2026, 16:30').waitFor();
    const booking = dateTimeGroup(page, 'Booking End Date');
    await booking.date.fill('31/06/2026');
    await booking.time.fill('18:00');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await booking.group.getByText('Enter a valid date and time').waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('adm-event-bookingEndDate');
    await booking.date.fill('');
    await booking.time.fill('');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL('**/admin/events');
    await page.getByText('Event created successfully!').waitFor();

    const events = (await (await page.request.get('/api/admin/events')).json()) as {
      events: { id: string; name: string; eventdatetime: string; eventenddatetime: string; bookingEndDate: string | null }[];
    };
    const stored = events.events.find((e) => e.name === US_EVENT);
    // 10:00 and 16:30 in London in July (BST) are 09:00 and 15:30 UTC.
    expect(stored).toMatchObject({ eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T15:30:00.000Z', bookingEndDate: null });
    await textOf(rowOf(page, US_EVENT)).toContain('Sat 4 July 2026, 10:00');

    await page.goto(`/admin/events/edit/${stored!.id}`);
    const edit = dateTimeGroup(page, 'Start Date & Time');
    await edit.group.getByText('Saturday 4 July 2026, 10:00').waitFor();
    await valueOf(edit.date).toBe('04/07/2026');
    await valueOf(edit.time).toBe('10:00');
    await valueOf(dateTimeGroup(page, 'End Date & Time').date).toBe('04/07/2026');
    await expectAccessible(page, 'event edit');
  });
});

describe('bookings overview', () => {
  it('says from which day it counts, with no time of day', async () => {
    await page.goto('/admin/bookings');
    const label = page.getByText(/^Events starting on or after/);
    await label.waitFor();
    await textOf(label).toMatch(/^Events starting on or after (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4} \(the last 6 months and later\)\.$/);
  });
});

describe('admins screen', () => {
  it('shows one message at a time: a later error replaces the success, and the password problem is said once', async () => {
    await page.goto('/admin/admins');
    const form = page.getByRole('region', { name: 'Add an Admin' });
    await form.getByLabel('Name').fill('Nia New');
    await form.getByLabel('Email').fill(`nia-${stamp}@kestrel-yc.example`);
    await form.getByLabel('Initial password').fill('nia-password-1234');
    await form.getByRole('button', { name: 'Add Admin' }).click();
    const added = page.getByText(`Admin nia-${stamp}@kestrel-yc.example added.`);
    await added.waitFor();

    await form.getByLabel('Name').fill('Short Password');
    await form.getByLabel('Email').fill(`short-${stamp}@kestrel-yc.example`);
    await form.getByLabel('Initial password').fill('short');
    await form.getByRole('button', { name: 'Add Admin' }).click();
    await form.getByText('Password must be at least 8 characters').waitFor();
    await countOf(page.getByText('Password must be at least 8 characters')).toBe(1);
    await countOf(added).toBe(0);

    // A password the sign-in service refuses (Firebase's password policy answers 400 with the
    // message for the field) is said once too, beside the password.
    const POLICY = "The password does not meet the sign-in service's password policy";
    await page.route('**/api/admin/admins', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: POLICY, fields: { password: POLICY } }) })
        : route.fallback(),
    );
    await form.getByLabel('Initial password').fill('policy-breaking-1');
    await form.getByRole('button', { name: 'Add Admin' }).click();
    await form.getByText(POLICY).waitFor();
    await countOf(page.getByText(POLICY)).toBe(1);
    await page.unroute('**/api/admin/admins');

    // The server's refusal of a taken e-mail is said once too, beside the e-mail.
    await form.getByLabel('Email').fill(`nia-${stamp}@kestrel-yc.example`);
    await form.getByLabel('Initial password').fill('long-enough-1234');
    await form.getByRole('button', { name: 'Add Admin' }).click();
    await form.getByText('An admin with this email already exists').waitFor();
    await countOf(page.getByText('An admin with this email already exists')).toBe(1);
    await attributeOf(form.getByLabel('Email'), 'aria-invalid').toBe('true');
    await expectAccessible(page, 'members with an error');
  });

  it('asks before disabling an admin: Cancel keeps them active, Disable disables', async () => {
    await page.goto('/admin/admins');
    const row = rowOf(page, READER.name);
    await row.getByRole('button', { name: `Disable ${READER.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable admin?' });
    await dialog.getByText(READER.email).waitFor();
    await expectAccessible(page, 'disable dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await textOf(row).toContain('Active');
    const stored = async () =>
      ((await (await page.request.get('/api/admin/admins')).json()) as { admins: { email: string; disabled: boolean }[] }).admins.find(
        (a) => a.email === READER.email,
      );
    expect((await stored())?.disabled).toBe(false);

    await row.getByRole('button', { name: `Disable ${READER.name}` }).click();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`${READER.email} disabled.`).waitFor();
    await textOf(row).toContain('Disabled');
    expect((await stored())?.disabled).toBe(true);
    // Enabling takes nothing away, so it is not asked about.
    await row.getByRole('button', { name: `Enable ${READER.name}` }).click();
    await page.getByText(`${READER.email} enabled.`).waitFor();
  });

  it("has a link back to the members' area in the admin header", async () => {
    await page.goto('/admin/admins');
    await page.getByRole('banner').getByRole('link', { name: "Members' area" }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('work-day jobs that are full', () => {
  async function signUp(firstName: string, lastName: string, jobs: string[]) {
    return fetch(`${world.app.baseUrl}/api/work-days/autumn-work-day/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName, lastName, selectedJobs: jobs, otherJob: '', notes: '', bringingTools: false, wantsFood: false }),
    });
  }

  it('shows a full job as full and takes no one more; a job that fills while the form is open is refused with the reason', async () => {
    expect((await signUp('Gil', 'Gutter', ['autumn-gutters'])).status).toBe(201);
    const member = await world.browser.newPage(PHONE);
    await member.goto('/work-day-booking?id=autumn-work-day');
    const gutters = member.getByRole('checkbox', { name: /Clear the clubhouse gutters/ });
    await gutters.check();
    await member.getByLabel('First Name *').fill('Hal');
    await member.getByLabel('Last Name *').fill('Helper');
    // Someone else takes the last place meanwhile.
    expect((await signUp('Ivy', 'Ivory', ['autumn-gutters'])).status).toBe(201);
    await member.getByRole('button', { name: 'Sign Up' }).click();
    await member.getByText('Sorry, the job "Clear the clubhouse gutters" is already full. Please choose another job.').waitFor();
    await member.getByText('Full: 2 of 2 volunteers signed up').waitFor();
    await screenshot(member, 'admin19-work-day-full-375');
    await expectAccessible(member, 'work day with a full job');

    await member.reload();
    await member.getByText('Full: 2 of 2 volunteers signed up').waitFor();
    await disabledOf(member.getByRole('checkbox', { name: /Clear the clubhouse gutters/ })).toBe(true);
    await member.close();

    const day = (await (await fetch(`${world.app.baseUrl}/api/work-days/autumn-work-day`)).json()) as {
      workDay: { jobs: { id: string; currentVolunteers: number }[] };
    };
    expect(day.workDay.jobs.find((j) => j.id === 'autumn-gutters')?.currentVolunteers).toBe(2);
    // The admins' page of the day says so too.
    await page.goto('/admin/work-days/autumn-work-day');
    const guttersJob = page
      .getByRole('region', { name: 'Jobs and volunteers' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /Clear the clubhouse gutters/ }) });
    await guttersJob.getByText('Full').waitFor();
    await textOf(guttersJob).toContain('2 of 2');
    await textOf(guttersJob).toContain('Gil Gutter, Ivy Ivory');
  });

  it('refuses a second sign-up by the same name for the day with a clear message', async () => {
    const member = await world.browser.newPage();
    await member.goto('/work-day-booking?id=autumn-work-day');
    await member.getByRole('checkbox', { name: /Dinghy park tidy/ }).check();
    await member.getByLabel('First Name *').fill('gil');
    await member.getByLabel('Last Name *').fill('GUTTER');
    await member.getByRole('button', { name: 'Sign Up' }).click();
    await member.getByText('gil GUTTER has already signed up for this work day. One sign-up per person: it can list several jobs.').waitFor();
    await countOf(member.getByRole('heading', { name: 'Booking Confirmed' })).toBe(0);
    await member.close();
  });
});

describe('admin lists at phone, tablet and desktop widths', () => {
  /**
   * The tab the lists are checked in at every size, each screen loaded afresh at the size it is
   * checked at: one warm tab rather than one per size, as axe-core compiles faster in it (ADR 82).
   */
  let listsTab: Page | undefined;
  afterAll(async () => {
    await listsTab?.close();
    listsTab = undefined;
  });

  const screens: [string, string, string][] = [
    ['events', '/admin/events', 'Manage Events'],
    ['bookings', '/admin/bookings', 'Bookings Overview'],
    ['members', '/admin/members', 'Members'],
    ['admins', '/admin/admins', 'Admins'],
    ['work-days', '/admin/work-days', 'Work Days'],
    ['dashboard', '/admin/dashboard', 'Welcome, Club Administrator'],
    ['event-form', '/admin/events/create', 'Create Event'],
    ['account', '/admin/account', 'My Account'],
  ];
  for (const [size, viewport] of [
    ['375', PHONE],
    ['768', TABLET],
    ['1280', DESKTOP],
  ] as const) {
    it(`fit ${size} px with no sideways scrolling, and are accessible`, async () => {
      // As in a new tab: nothing kept for this tab from the size before.
      if (listsTab) await listsTab.evaluate(() => sessionStorage.clear());
      else listsTab = await world.browser.newPage(viewport);
      const p = listsTab;
      await p.setViewportSize(viewport);
      for (const [name, path, heading] of screens) {
        await p.goto(path);
        await p.getByRole('heading', { level: 1, name: heading }).waitFor();
        await p
          .getByRole('status')
          .filter({ hasText: /Loading/ })
          .waitFor({ state: 'detached' });
        await p.getByRole('banner').getByRole('link', { name: "Members' area" }).waitFor();
        await screenshot(p, `admin19-${name}-${size}`);
        expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} at ${size} px`).toBeLessThanOrEqual(0);
        await expectAccessible(p, `${name} at ${size} px`);
      }
    });
  }
});
