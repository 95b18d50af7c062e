import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { useApp } from '../../../support/e2e/use-app';

/**
 * Booking references: a member reads a short reference off the success page (KYC-XXXXX, no 0/O/1/I/L), and
 * an admin on the phone types it, as heard, into the bookings screen and finds the booking.
 */

const stamp = Date.now().toString(36);
const EVENT = `Reference Race Night ${stamp}`;
let eventId = '';

const world = useApp();

beforeAll(async () => {
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(request, world.app.baseUrl, { name: EVENT, eventdatetime: wallClockDaysAhead(10, '18:30') });
});

describe('a booking reference a person can say', () => {
  it('is shown on the success page, and an admin finds the booking by typing it, at 375 px, accessibly', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto(`/event-booking?id=${eventId}`);
    await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Grace');
    await page.getByLabel('Lead Member Last Name *', { exact: true }).fill(`Hopper ${stamp}`);
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    const reference = (await page.locator('.booking-reference strong').innerText()).trim();
    expect(reference).toMatch(/^KYC-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    await expectAccessible(page, 'success page with its reference', 'booking-reference-success-375');
    await page.close();

    const admin = await signedInAdminPage(world.browser, PHONE);
    await admin.goto('/admin/bookings');
    const box = admin.getByLabel('Booking reference');
    // A bad reference is refused with the rule's message, before anything is asked of the server.
    await box.fill('KYC-0O1IL');
    await admin.getByRole('button', { name: 'Find', exact: true }).click();
    await admin.getByText('Booking references look like KYC-7F3K9: letters and digits after the dash.').first().waitFor();
    await expectAccessible(admin, 'reference search refusing a bad reference', null);

    // As heard over the phone: lower case, with a space, no prefix.
    const code = reference.slice(4).toLowerCase();
    await box.fill(`${code.slice(0, 2)} ${code.slice(2)}`);
    await admin.getByRole('button', { name: 'Find', exact: true }).click();
    const found = admin.locator('.adm-found-booking');
    await found.getByText(`Grace Hopper ${stamp}`, { exact: false }).waitFor();
    await found.getByText(reference, { exact: true }).waitFor();
    const width = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(admin, 'bookings screen with the booking found', 'booking-reference-found-375');

    await found.getByRole('link', { name: 'Open the booking' }).click();
    await admin.getByRole('heading', { name: `Booking: Grace Hopper ${stamp}` }).waitFor();
    await admin.getByText(reference, { exact: true }).first().waitFor();

    // One no booking has: said plainly.
    await admin.goto('/admin/bookings');
    await admin.getByLabel('Booking reference').fill('KYC-22222');
    await admin.getByRole('button', { name: 'Find', exact: true }).click();
    await admin.getByText('No booking has the reference KYC-22222.').waitFor();
    await admin.close();
  });
});
