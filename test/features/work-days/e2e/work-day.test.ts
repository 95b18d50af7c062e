import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WORK_DAY_MESSAGES } from '../../../../core/work-days/work-days';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, textOf } from '../../../support/e2e/eventually';

interface ApiWorkDay {
  id: string;
  name: string;
  foodAvailable: boolean;
  jobs: { id: string; title: string; volunteersNeeded: number; currentVolunteers: number }[];
}

async function workDays(): Promise<ApiWorkDay[]> {
  return ((await (await fetch(`${world.app.baseUrl}/api/work-days`)).json()) as { workDays: ApiWorkDay[] }).workDays;
}

const world = useApp();

async function openWorkDay(id: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await world.browser.newPage(viewport);
  await page.goto(`/work-day-booking?id=${id}`);
  await page.getByRole('button', { name: 'Sign Up' }).waitFor();
  return page;
}

function countText(job: { currentVolunteers: number; volunteersNeeded: number }): string {
  return `${job.currentVolunteers} of ${job.volunteersNeeded} volunteers signed up`;
}

describe('work day page', () => {
  it("without an id says 'No work day specified' and lists the work days; an unknown id shows 'Work Day Not Found'", async () => {
    const days = await workDays();
    const page = await world.browser.newPage();
    await page.goto('/work-day-booking');
    await page.getByRole('heading', { name: WORK_DAY_MESSAGES.notSpecified }).waitFor();
    for (const day of days) {
      await attributeOf(page.getByRole('link', { name: day.name }), 'href').toBe(`/work-day-booking?id=${day.id}`);
    }
    await page.goto('/work-day-booking?id=no-such-day');
    await page.getByRole('heading', { name: WORK_DAY_MESSAGES.notFound }).waitFor();
    await page.close();
  });

  it('shows every job with its real count, Other Job, tools, notes, and the food box only when food is offered', async () => {
    const days = await workDays();
    for (const day of days) {
      const page = await openWorkDay(day.id);
      await page.getByRole('heading', { name: day.name, level: 1 }).waitFor();
      for (const job of day.jobs) {
        const box = page.getByRole('checkbox', { name: new RegExp(job.title) });
        await countOf(box).toBe(1);
        await page.getByText(countText(job), { exact: true }).first().waitFor();
      }
      await page.getByLabel('Other Job').waitFor();
      await page.getByLabel('Notes').waitFor();
      await page.getByRole('checkbox', { name: 'I can bring tools' }).waitFor();
      await countOf(page.getByRole('checkbox', { name: /food/ })).toBe(day.foodAvailable ? 1 : 0);
      await page.close();
    }
    expect(days.some((d) => d.foodAvailable)).toBe(true);
    expect(days.some((d) => !d.foodAvailable)).toBe(true);
  });

  it('asks for a job, then for both names', async () => {
    const page = await openWorkDay('spring-work-day', PHONE);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').filter({ hasText: WORK_DAY_MESSAGES.jobRequired }).waitFor();
    await page.getByLabel('Other Job').fill('Make the tea');
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByLabel('First Name *').fill('  ');
    await page.getByLabel('Last Name *').fill('Hopper');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').filter({ hasText: WORK_DAY_MESSAGES.nameRequired }).waitFor();
    await screenshot(page, 'work-day-validation-375');
    await page.close();
  });

  it("signs up for two jobs and another; confirms with the number of jobs, and the jobs' counts go up", async () => {
    const day = (await workDays()).find((d) => d.id === 'spring-work-day')!;
    const [first, second] = day.jobs;
    const page = await openWorkDay(day.id);
    await page.getByLabel('First Name *').fill('Grace');
    await page.getByLabel('Last Name *').fill('Hopper');
    await page.getByRole('checkbox', { name: new RegExp(first.title) }).check();
    await page.getByRole('checkbox', { name: new RegExp(second.title) }).check();
    await page.getByLabel('Other Job').fill('Bake a cake');
    await page.getByRole('checkbox', { name: 'I can bring tools' }).check();
    await page.getByRole('checkbox', { name: /food/ }).check();
    await page.getByLabel('Notes').fill('Free after 11:00');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
    await textOf(page.locator('.jobs-chosen')).toBe('3 jobs');
    await screenshot(page, 'work-day-confirmed-1280');

    await page.getByRole('button', { name: 'Sign up someone else' }).click();
    await page
      .getByText(countText({ ...first, currentVolunteers: first.currentVolunteers + 1 }), { exact: true })
      .first()
      .waitFor();
    await page.reload();
    const firstBox = page.getByRole('checkbox', { name: new RegExp(first.title) });
    await textOf(page.locator(`[id="${await firstBox.getAttribute('aria-describedby')}"]`)).toBe(
      countText({ ...first, currentVolunteers: first.currentVolunteers + 1 }),
    );
    const secondBox = page.getByRole('checkbox', { name: new RegExp(second.title) });
    await textOf(page.locator(`[id="${await secondBox.getAttribute('aria-describedby')}"]`)).toBe(
      countText({ ...second, currentVolunteers: second.currentVolunteers + 1 }),
    );
    const third = day.jobs[2];
    const thirdBox = page.getByRole('checkbox', { name: new RegExp(third.title) });
    await textOf(page.locator(`[id="${await thirdBox.getAttribute('aria-describedby')}"]`)).toBe(countText(third));
    await page.close();
  });

  it("shows 'Failed to submit your booking. Please try again.' when the server fails", async () => {
    const page = await openWorkDay('spring-work-day');
    await page.route('**/api/work-days/*/signups', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await page.getByLabel('First Name *').fill('Alan');
    await page.getByLabel('Last Name *').fill('Turing');
    await page.getByLabel('Other Job').fill('Anything');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').filter({ hasText: WORK_DAY_MESSAGES.submitFailed }).waitFor();
    await page.close();
  });
});
