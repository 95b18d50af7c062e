import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoment } from '../../../../core/shared/date-text';
import { WORK_DAY_FORM_MESSAGES } from '../../../../core/work-days/work-day-form';
import { wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { fillDateTime, signInOnLoginPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, disabledOf, eventually, textsOf } from '../../../support/e2e/eventually';

/**
 * Work days run by the club (docs/product.md, "Work days"): an admin creates a work day with its jobs, a member signs
 * up on the public page, the admin's counts and the "short of volunteers" marker follow, the CSV
 * holds the sign-ups, and removing one frees its place again.
 */

const stamp = Date.now().toString(36);
const DAY_NAME = `Pontoon day ${stamp}`;
const SCRUB = 'Scrub the pontoons';
const GUTTERS = 'Clear the gutters';

let admin: Page;
let workDayId = '';

/** Axe-clean, as test/support/e2e/axe.ts checks it. */
const accessible = (p: Page, name: string) => expectAccessible(p, name, null);

async function expectNoSidewaysScroll(p: Page, name: string) {
  expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} at 375 px`).toBeLessThanOrEqual(0);
}

/** The jobs table's row for this job. */
function jobRow(p: Page, title: string) {
  return p
    .getByRole('region', { name: 'Jobs and volunteers' })
    .getByRole('row')
    .filter({ has: p.getByRole('rowheader', { name: new RegExp(title) }) });
}

async function memberSignsUp(firstName: string, lastName: string, jobs: string[], email?: string) {
  const page = await world.browser.newPage(PHONE);
  await page.goto(`/work-day-booking?id=${workDayId}`);
  await page.getByRole('heading', { name: DAY_NAME, level: 1 }).waitFor();
  await page.getByLabel('First Name *').fill(firstName);
  await page.getByLabel('Last Name *').fill(lastName);
  for (const job of jobs) await page.getByRole('checkbox', { name: new RegExp(job) }).check();
  if (email) await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
  await page.close();
}

async function openRoster() {
  await admin.goto(`/admin/work-days/${workDayId}`);
  await admin.getByRole('heading', { name: DAY_NAME, level: 1 }).waitFor();
  await jobRow(admin, SCRUB).waitFor();
}

// With the app's e-mails sent to a real SMTP server: a removed volunteer is told.
const world = useApp({ mail: true });

beforeAll(async () => {
  admin = world.page;
  await signInOnLoginPage(admin);
});

describe('admin work days', () => {
  it('creates a work day with two jobs through the form, after the form names a bad job row', async () => {
    await admin.goto('/admin/work-days');
    await admin.getByRole('link', { name: 'Create Work Day' }).click();
    await admin.getByRole('heading', { name: 'Create Work Day', level: 1 }).waitFor();
    await admin.getByLabel('Work Day Name').fill(DAY_NAME);
    await admin.getByLabel('Description', { exact: true }).fill('Get the pontoons ready for the season');
    await fillDateTime(admin, 'Date & Time (UK time)', wallClockDaysAhead(10, '09:30'));
    await admin.getByRole('checkbox', { name: 'Food Offered' }).check();
    await admin.getByRole('checkbox', { name: 'Active' }).check();
    await admin.getByLabel('Job Title').fill(SCRUB);
    await admin.getByLabel('Volunteers Needed').fill('2');
    await admin.getByRole('button', { name: 'Add a job' }).click();
    await admin.getByLabel('Job Title').nth(1).fill(GUTTERS);
    await admin.getByLabel('Volunteers Needed').nth(1).fill('0');
    await admin.getByRole('button', { name: 'Create Work Day' }).click();
    // The core rule speaks before anything is sent, at the row, and the focus goes there.
    await admin.getByText(WORK_DAY_FORM_MESSAGES.volunteersInvalid).waitFor();
    await eventually(() => admin.evaluate(() => document.activeElement?.id)).toBe('adm-workday-jobs-1-volunteersNeeded');
    await accessible(admin, 'work-day form with a message');
    await admin.getByLabel('Volunteers Needed').nth(1).fill('1');
    await admin.getByRole('button', { name: 'Create Work Day' }).click();
    // The roster's address, not the create page's own (which the same pattern would match at once,
    // before the save has answered: the id read was then "create" on a busy machine).
    await admin.waitForURL((url) => /^\/admin\/work-days\/[^/]+$/.test(url.pathname) && url.pathname !== '/admin/work-days/create');
    workDayId = decodeURIComponent(new URL(admin.url()).pathname.split('/').pop()!);
    await admin.getByText('Work day created successfully!').waitFor();
    await jobRow(admin, SCRUB).getByText('0 of 2').waitFor();
    await jobRow(admin, SCRUB).getByText('Short by 2').waitFor();
    await jobRow(admin, GUTTERS).getByText('0 of 1').waitFor();
    await admin.getByText('3 more volunteers are needed for the open jobs.').waitFor();
    await accessible(admin, 'work-day roster');
    await screenshot(admin, 'admin-work-day-roster-1280');
    // The dashboard names it among the days short of volunteers.
    await admin.goto('/admin/dashboard');
    await admin.getByRole('region', { name: 'Work Days Short of Volunteers' }).getByText(DAY_NAME).waitFor();
  });

  it('follows a member’s sign-ups: counts go up and the short marker goes once every job is filled', async () => {
    await memberSignsUp('Ada', 'Lovelace', [SCRUB], 'ada@example.org');
    await openRoster();
    await jobRow(admin, SCRUB).getByText('1 of 2').waitFor();
    await jobRow(admin, SCRUB).getByText('Short by 1').waitFor();
    await admin.getByText('2 more volunteers are needed for the open jobs.').waitFor();
    await memberSignsUp('=Grace', 'Hopper', [SCRUB, GUTTERS]);
    await openRoster();
    await jobRow(admin, SCRUB).getByText('2 of 2').waitFor();
    await jobRow(admin, GUTTERS).getByText('1 of 1').waitFor();
    await jobRow(admin, SCRUB).getByText('Full').waitFor();
    await admin.getByText('Every open job has the volunteers it needs.').waitFor();
    await countOf(admin.getByText('Short of volunteers')).toBe(0);
    await admin.goto('/admin/dashboard');
    await admin.getByRole('heading', { name: 'Work Days Short of Volunteers' }).waitFor();
    await countOf(admin.getByRole('region', { name: 'Work Days Short of Volunteers' }).getByText(DAY_NAME)).toBe(0);
  });

  it('shows each volunteer’s e-mail address and when they signed up, as a London date and time in words (375 px too)', async () => {
    await openRoster();
    const signups = ((await (await admin.request.get(`/api/admin/work-days/${workDayId}`)).json()) as { signups: { firstName: string; submittedAt: string }[] })
      .signups;
    const row = (name: string) => admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name, exact: true }) });
    const ada = row('Ada Lovelace');
    await ada.getByRole('link', { name: 'ada@example.org' }).waitFor();
    await row('=Grace Hopper').getByText('None given').waitFor();
    // "Wed 18 November 2026, 15:45", as the admin's other times, not "2026-11-18 15:45".
    const adaAt = formatMoment(signups.find((s) => s.firstName === 'Ada')!.submittedAt, 'admin');
    expect(adaAt).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/);
    await ada.getByText(adaAt).waitFor();
    expect(await admin.locator('body').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await accessible(admin, 'work-day roster with e-mails');

    const phone = await world.browser.newPage(PHONE);
    await phone.goto(`/admin/work-days/${workDayId}`);
    await phone.getByRole('link', { name: 'ada@example.org' }).waitFor();
    await expectNoSidewaysScroll(phone, 'roster with e-mails');
    await accessible(phone, 'work-day roster with e-mails at 375 px');
    await phone.close();
  });

  it('downloads the sign-ups as a CSV, a planted formula made harmless', async () => {
    await openRoster();
    const link = admin.getByRole('link', { name: 'Download CSV' });
    const [download] = await Promise.all([admin.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`pontoon_day_${stamp}_signups.csv`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(path!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Signed Up,First Name,Last Name,Email,Jobs,Other Job,Notes,Bringing Tools,Wants Food');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Ada,Lovelace,ada@example.org,Scrub the pontoons,,,No,No$/);
    expect(lines[2]).toMatch(/,'=Grace,Hopper,,Scrub the pontoons; Clear the gutters,,,No,No$/);
  });

  it('removes a sign-up: the place is free again, the short marker is back and the volunteer is e-mailed; the roster works at 375 px', async () => {
    await openRoster();
    const dialog = admin.getByRole('dialog', { name: 'Remove sign-up?' });
    // A volunteer who gave no address will not be told, and the dialog says so.
    await admin.getByRole('button', { name: 'Remove the sign-up of =Grace Hopper' }).click();
    await dialog.getByText('They gave no e-mail address, so they will not be told.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await countOf(dialog).toBe(0);

    await admin.getByRole('button', { name: 'Remove the sign-up of Ada Lovelace' }).click();
    await dialog.waitFor();
    await dialog.getByText('They will be e-mailed at ada@example.org that the club removed them.').waitFor();
    await accessible(admin, 'remove sign-up dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('Removed the sign-up of Ada Lovelace.').waitFor();
    const notice = await world.smtp.waitForSubject(`Your work day sign-up was removed: ${DAY_NAME}`);
    expect(notice.to && !Array.isArray(notice.to) ? notice.to.text : '').toBe('ada@example.org');
    expect(notice.text).toContain('Dear Ada,');
    expect(notice.text).toContain(`has removed your sign-up for the work day ${DAY_NAME}, `);
    expect(notice.text).toContain('Jobs: Scrub the pontoons');
    await jobRow(admin, SCRUB).getByText('1 of 2').waitFor();
    await jobRow(admin, SCRUB).getByText('Short by 1').waitFor();
    await countOf(admin.getByRole('rowheader', { name: 'Ada Lovelace' })).toBe(0);
    // Ada can sign up again: her place is free.
    await memberSignsUp('Ada', 'Lovelace', [SCRUB]);

    const phone = await world.browser.newPage(PHONE);
    for (const [path, name] of [
      [`/admin/work-days/${workDayId}`, 'roster'],
      ['/admin/work-days', 'list'],
      [`/admin/work-days/edit/${workDayId}`, 'edit form'],
    ] as const) {
      await phone.goto(path);
      await phone
        .getByRole('heading', { level: 1 })
        .filter({ hasText: /Pontoon day|Work Days|Edit Work Day/ })
        .waitFor();
      await phone
        .getByRole('main')
        .getByText(DAY_NAME)
        .first()
        .waitFor()
        .catch(() => undefined);
      await phone.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(phone, name);
      await accessible(phone, `${name} at 375 px`);
      await screenshot(phone, `admin-work-day-${name.replace(' ', '-')}-375`);
    }
    await phone.close();
  });

  it('removes several sign-ups at once: ticked, confirmed with their names listed, the others kept', async () => {
    for (const firstName of ['Fake', 'Bogus']) {
      const signed = await admin.request.post(`/api/work-days/${workDayId}/signups`, {
        data: { firstName, lastName: 'Name', selectedJobs: [], otherJob: 'Anything', notes: '', bringingTools: false, wantsFood: false },
      });
      expect(signed.status()).toBe(201);
    }
    await openRoster();
    const remove = admin.getByRole('button', { name: /^Remove selected/ });
    await admin.getByRole('rowheader', { name: 'Bogus Name' }).waitFor();
    await disabledOf(remove).toBe(true);
    await admin.getByLabel('Select all sign-ups').check();
    await expect.poll(() => remove.innerText()).toBe('Remove selected (4)');
    await admin.getByLabel('Select all sign-ups').uncheck();
    await admin.getByLabel('Select the sign-up of Fake Name').check();
    await admin.getByLabel('Select the sign-up of Bogus Name').check();
    await expect.poll(() => remove.innerText()).toBe('Remove selected (2)');
    await remove.click();
    const dialog = admin.getByRole('dialog', { name: 'Remove sign-ups?' });
    await dialog.waitFor();
    await textsOf(dialog.getByRole('listitem')).toEqual(['Fake Name', 'Bogus Name']);
    await accessible(admin, 'remove sign-ups dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('Removed 2 sign-ups.').waitFor();
    await expect.poll(() => admin.getByRole('rowheader', { name: /Fake Name|Bogus Name/ }).count()).toBe(0);
    await countOf(admin.getByRole('rowheader', { name: 'Ada Lovelace' })).toBe(1);
    await countOf(admin.getByRole('rowheader', { name: '=Grace Hopper' })).toBe(1);
    await disabledOf(remove).toBe(true);
  });

  it('closes a full job: members see it closed; a job with volunteers has no Delete; archiving hides the day from members', async () => {
    await admin.goto(`/admin/work-days/edit/${workDayId}`);
    await admin.getByLabel('Work Day Name').waitFor();
    await countOf(admin.getByRole('button', { name: `Delete job ${SCRUB}` })).toBe(0);
    await admin.getByRole('checkbox', { name: 'Closed' }).first().check();
    await admin.getByRole('button', { name: 'Update Work Day' }).click();
    await admin.getByText('Work day updated successfully!').waitFor();
    await jobRow(admin, SCRUB).getByText('Closed').waitFor();

    const member = await world.browser.newPage(PHONE);
    await member.goto(`/work-day-booking?id=${workDayId}`);
    const scrub = member.getByRole('checkbox', { name: new RegExp(SCRUB) });
    await scrub.waitFor();
    await disabledOf(scrub).toBe(true);
    await member.getByText('Closed:').waitFor();

    await openRoster();
    await admin.getByRole('button', { name: 'Archive' }).click();
    await admin.getByText(`Work day "${DAY_NAME}" archived: members no longer see it.`).waitFor();
    await member.goto(`/work-day-booking?id=${workDayId}`);
    await member.getByRole('heading', { name: 'Work Day Not Found' }).waitFor();
    await member.close();
    await admin.goto('/admin/work-days');
    await admin.getByRole('heading', { name: 'Work Days', level: 1 }).waitFor();
    await admin.getByLabel('Show').selectOption('archived');
    await admin.getByRole('rowheader', { name: new RegExp(DAY_NAME) }).waitFor();
  });
});
