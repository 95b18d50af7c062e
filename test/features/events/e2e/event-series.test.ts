import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../core/shared/date-text';
import { addDaysToDate, londonTime } from '../../../../core/shared/london-time';
import type { ClubEvent } from '../../../../core/events/event';
import { FETCH_HEADER, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';

// A season's series in Chromium at 375 px: the "New series" form, "Change this and later" and
// "Cancel this date", with the booked members' e-mails read back from the test SMTP server.

const stamp = Date.now().toString(36);
const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Waits until a message with this subject has arrived for this address. */
async function mailTo(address: string, subject: string) {
  for (;;) {
    const found = world.smtp.received.find((m) => m.subject === subject && !Array.isArray(m.to) && m.to?.text === address);
    if (found) return found;
    await world.smtp.waitFor(world.smtp.received.length + 1);
  }
}

describe('an admin plans a series of events, in Chromium', () => {
  it('creates a weekly series from the form, changes this and later (the booked member told the new time), and cancels one date (its booked member told)', async () => {
    const name = `Sunday racing ${stamp}`;
    const firstDate = wallClockDaysAhead(21, '10:00').slice(0, 10);
    const admin = await signedInAdminPage(world.browser, PHONE);

    await admin.goto('/admin/events');
    await admin.getByRole('link', { name: 'New series' }).click();
    await admin.getByRole('heading', { level: 1, name: 'New series' }).waitFor();
    await admin.getByLabel('Event Name').fill(name);
    await admin.getByLabel('Write the rule as text (advanced)').check();
    await admin.getByLabel('Repeats (recurrence rule)').fill('FREQ=WEEKLY');
    await admin.getByLabel('First date').fill(firstDate);
    await admin.getByLabel('Last date').fill(addDaysToDate(firstDate, 28));
    await admin.getByLabel('Start time (UK time)').fill('10:00');
    await admin.getByLabel('End time (UK time)').fill('16:00');
    await admin.getByLabel('Allow Booking').check();
    await admin.getByLabel('Capacity').fill('12');
    // The form counts the dates as the server will make them.
    await admin.getByText(/^5 dates: /).waitFor();
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin, 'new-series-form-375');
    await admin.getByRole('button', { name: 'Create series' }).click();
    await admin.getByText('Series created: 5 dates.').waitFor();
    await admin.getByRole('heading', { level: 1, name: `Series: ${name}` }).waitFor();
    const seriesId = new URL(admin.url()).pathname.split('/').pop()!;
    const series = (await (await admin.request.get(`${world.app.baseUrl}/api/admin/event-series/${seriesId}`)).json()) as { events: ClubEvent[] };
    const dates = series.events;
    expect(dates).toHaveLength(5);
    expect(dates.map((e) => londonTime(new Date(e.eventdatetime!)))).toEqual(Array(5).fill('10:00'));

    // Ada books the fourth date, Bea the second.
    const book = async (event: ClubEvent, firstName: string, email: string) => {
      const res = await admin.request.post(`${world.app.baseUrl}/api/bookings`, {
        headers: FETCH_HEADER,
        data: { eventId: event.id, firstName, lastName: 'Sailor', email, numberAttending: '1' },
      });
      expect(res.status()).toBe(201);
    };
    await book(dates[3], 'Ada', 'ada@example.org');
    await book(dates[1], 'Bea', 'bea@example.org');
    await admin.reload();

    // Change the third date and every later one to 11:00-17:00.
    const third = formatDate(dates[2].eventdatetime, 'admin');
    await admin.getByRole('button', { name: `Change this and later from ${third}` }).click();
    const changeForm = admin.getByRole('region', { name: `Change ${third} and every later date` });
    await changeForm.getByLabel('Start time (UK time)').fill('11:00');
    await changeForm.getByLabel('End time (UK time)').fill('17:00');
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin, 'series-change-form-375');
    await changeForm.getByRole('button', { name: 'Save this and later' }).click();
    await admin.getByText('Changed 3 dates. E-mailed 1 booked member about the new time.').waitFor();
    const toAda = await mailTo('ada@example.org', `Time changed: ${name}`);
    expect(toAda.text).toContain('11:00');
    const after = ((await (await admin.request.get(`${world.app.baseUrl}/api/admin/event-series/${seriesId}`)).json()) as { events: ClubEvent[] }).events;
    expect(after.map((e) => londonTime(new Date(e.eventdatetime!)))).toEqual(['10:00', '10:00', '11:00', '11:00', '11:00']);

    // Cancel the second date: Bea is told.
    await admin.getByRole('button', { name: `Cancel this date, ${formatDate(dates[1].eventdatetime, 'admin')}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel event?' });
    await dialog.getByText('1 booking will be cancelled and each member with an e-mail address told the reason.').waitFor();
    await dialog.getByLabel('Reason members will be told').fill('Regatta of the neighbouring club that day');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await admin.getByText(`Event "${name}" cancelled: 1 booking cancelled.`).waitFor();
    await admin.locator(`tr[data-event-id="${dates[1].id}"]`).getByText('Cancelled', { exact: true }).waitFor();
    const toBea = await mailTo('bea@example.org', `Event cancelled: ${name}`);
    expect(toBea.text).toContain('Regatta of the neighbouring club that day');
    await expectAccessible(admin, 'series-page-375');
  });
});
