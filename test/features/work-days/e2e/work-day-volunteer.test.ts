import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, textOf } from '../../../support/e2e/eventually';

// A member's side of work days in Chromium: the work day on the Calendar page with its Sign up
// link, signing up with an e-mail, the confirmation with its calendar file, and the withdraw link.

const world = useApp({ mail: true });

async function axeClean(page: Parameters<typeof seriousAxeViolations>[0]): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('work days for members', () => {
  it('the Calendar page shows the work day, marked as one, with a Sign up link to its page (375 and 1280 px)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await world.browser.newPage(viewport);
      await page.goto('/calendar');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Spring Work Day', level: 2 }) });
      await card.waitFor();
      await card.getByText('Work day', { exact: true }).waitFor();
      const signUp = card.getByRole('link', { name: /^Sign up/ });
      await attributeOf(signUp, 'href').toBe('/work-day-booking?id=spring-work-day');
      // Nothing runs off the side of a phone.
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      await axeClean(page);
      await screenshot(page, `calendar-work-day-${viewport.width}`);
      if (viewport === PHONE) {
        // One list in date order: every work day between the events by its date, undated events last.
        const answer = (await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as {
          events: { name: string; eventdatetime: string | null }[];
          workDays: { name: string; date: string }[];
        };
        expect(answer.workDays.map((w) => w.name)).toEqual(['Spring Work Day', 'Autumn Laying-Up Work Day']);
        const when = new Map<string, number>([
          ...answer.events.map((e) => [e.name, e.eventdatetime === null ? Number.POSITIVE_INFINITY : Date.parse(e.eventdatetime)] as [string, number]),
          ...answer.workDays.map((w) => [w.name, Date.parse(w.date)] as [string, number]),
        ]);
        const titles = await page.locator('.event-title').allInnerTexts();
        expect([...titles].sort()).toEqual([...when.keys()].sort());
        const times = titles.map((t) => when.get(t)!);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        await signUp.click();
        await page.getByRole('heading', { name: 'Spring Work Day', level: 1 }).waitFor();
        expect(new URL(page.url()).search).toBe('?id=spring-work-day');
      }
      await page.close();
    }
  });

  it('a member signs up with an e-mail; the confirmation arrives with a valid .ics; its withdraw link shows the sign-up and withdraws it', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/work-day-booking?id=spring-work-day');
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    await page.getByLabel('First Name *').fill('Grace');
    await page.getByLabel('Last Name *').fill('Volunteer');
    await page.getByRole('checkbox', { name: /Clear the slipway/ }).check();
    // The core's rule in the browser: a bad address is refused before anything is sent.
    await page.getByLabel('Email (optional)').fill('grace@');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
    await axeClean(page);
    await page.getByLabel('Email (optional)').fill('grace@example.org');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
    await page.getByText('A confirmation is on its way to').waitFor();
    await axeClean(page);
    await screenshot(page, 'work-day-signed-up-with-email-375');

    const mail = await world.smtp.waitForSubject('Work day sign-up confirmed: Spring Work Day');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('grace@example.org');
    expect(mail.text).toContain('Jobs: Clear the slipway');
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics?.contentType).toBe('text/calendar');
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Work day: Spring Work Day');
    const workDay = ((await (await fetch(`${world.app.baseUrl}/api/work-days/spring-work-day`)).json()) as { workDay: { date: string } }).workDay;
    expect(vevent.startDate.toJSDate().toISOString()).toBe(new Date(workDay.date).toISOString());
    const link = new URL(/http:\/\/localhost:\d+\/work-day-withdraw\?token=\S+/.exec(mail.text ?? '')?.[0] ?? 'http://none.example');

    await page.goto(`/work-day-withdraw${link.search}`);
    await page.getByRole('heading', { name: 'Work day: Spring Work Day', level: 1 }).waitFor();
    await page.getByText('You are signed up for this work day.').waitFor();
    await page.getByText('Grace Volunteer').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await axeClean(page);
    await screenshot(page, 'work-day-withdraw-375');
    // Withdrawing asks first; keeping the sign-up leaves it as it was.
    const volunteers = async () =>
      (
        (await (await fetch(`${world.app.baseUrl}/api/work-days/spring-work-day`)).json()) as { workDay: { jobs: { currentVolunteers: number }[] } }
      ).workDay.jobs.reduce((n, j) => n + j.currentVolunteers, 0);
    const signedUp = await volunteers();
    await page.getByRole('button', { name: 'Withdraw from this work day' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw from this work day?' });
    await dialog.waitFor();
    await textOf(dialog).toContain('Your sign-up for Spring Work Day will be removed');
    // The safe choice has the focus, so a stray Enter withdraws nothing.
    await expect.poll(() => dialog.getByRole('button', { name: 'Keep my sign-up' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await axeClean(page);
    await screenshot(page, 'work-day-withdraw-confirm-375');
    await dialog.getByRole('button', { name: 'Keep my sign-up' }).click();
    await countOf(dialog).toBe(0);
    await page.getByText('You are signed up for this work day.').waitFor();
    expect(await volunteers()).toBe(signedUp);
    // Escape keeps it too.
    await page.getByRole('button', { name: 'Withdraw from this work day' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await countOf(dialog).toBe(0);
    expect(await volunteers()).toBe(signedUp);

    await page.getByRole('button', { name: 'Withdraw from this work day' }).click();
    await dialog.getByRole('button', { name: 'Yes, withdraw' }).click();
    await page.getByText('You have withdrawn from this work day. Thank you for letting us know.').waitFor();
    expect(await volunteers()).toBe(signedUp - 1);
    await countOf(page.getByRole('button', { name: 'Withdraw from this work day' })).toBe(0);
    await axeClean(page);
    const signups = (
      (await (await fetch(`${world.app.baseUrl}/api/work-days/spring-work-day`)).json()) as { workDay: { jobs: { id: string; currentVolunteers: number }[] } }
    ).workDay;
    expect(signups.jobs.length).toBeGreaterThan(0);

    // The same link later: the sign-up is gone, and the page says so.
    await page.reload();
    await page.getByText('You are no longer signed up for this work day.').waitFor();
    await page.close();
  });

  it('a broken link says so; a failed load offers Try Again', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/work-day-withdraw?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Work-day link not valid' }).waitFor();
    await axeClean(page);

    let failing = true;
    await page.route('**/api/work-day-signup?*', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' }) : route.continue(),
    );
    await page.goto('/work-day-withdraw?token=another-token');
    await page.getByText('Failed to load your sign-up').waitFor();
    await axeClean(page);
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Work-day link not valid' }).waitFor();
    await page.close();
  });
});
