import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, signInAsAdmin, wallClockDaysAhead } from './support/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/app-server';
import { expectAccessible } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { signInCode } from './support/sign-in-code';
import { useApp } from './support/use-app';

// Issue 35 in Chromium: a member signs in, adds a junior to the household, books a member-priced
// event with the junior, and sees it in My club at the member price beside a guest booking made
// earlier with the same e-mail.
const world = useApp({ mail: true });
const MEMBER = { id: 'member-e2e-my-club', name: 'Ros Halyard', email: 'ros.halyard@example.org' };
const SUPPER = `Laying-up supper ${Date.now().toString(36)}`;
let supperId = '';

beforeAll(async () => {
  await world.app.built.ports
    .get('members')
    .create({ ...MEMBER, membershipType: 'Adult', renewalDate: '2099-03-31', disabled: false, createdAt: '2026-01-01T09:00:00.000Z', updatedAt: '2026-01-01T09:00:00.000Z' });
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  supperId = await createEvent(request, world.app.baseUrl, {
    name: SUPPER,
    eventdatetime: wallClockDaysAhead(40, '19:00'),
    offerChild: true,
    requiresPayment: true,
    price: '15.00',
    memberPrice: '10.00',
  });
});

describe('My club in Chromium', () => {
  it('books with a household junior at the member price and shows it, and the earlier guest booking, in My club', async () => {
    // A guest booking first, without signing in, with the member's e-mail in another case.
    const guest = await fetch(`${world.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify({ eventId: supperId, firstName: 'Ros', lastName: 'Halyard', numberAttending: '1', email: 'Ros.Halyard@example.org' }),
    });
    expect(guest.status).toBe(201);

    const page = await world.browser.newPage(PHONE);
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await page.getByLabel('6-digit code').fill(await signInCode(world.smtp, MEMBER.email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();

    // The household: add a junior born 2016 (a child's place).
    const household = page.getByRole('region', { name: 'Household' });
    await household.getByLabel('Name').fill('Milly Halyard');
    await household.getByLabel('Year of birth (optional)').fill('2016');
    await household.getByRole('button', { name: 'Add to household' }).click();
    await household.getByText('Milly Halyard (Junior, born 2016)').waitFor();

    // Book: the lead's details are filled in, and Milly is offered.
    await page.goto(`/event-booking?id=${supperId}`);
    await page.getByRole('checkbox', { name: 'Milly Halyard (child)' }).waitFor();
    expect(await page.getByLabel('Lead Member First Name *').inputValue()).toBe('Ros');
    expect(await page.getByLabel('Email (optional)').inputValue()).toBe(MEMBER.email);
    await page.getByRole('checkbox', { name: 'Milly Halyard (child)' }).check();
    expect(await page.getByLabel('Total Number Attending *').inputValue()).toBe('2');
    const booked = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    const answer = await booked;
    expect(answer.status()).toBe(201);
    // Ros at £10.00 and Milly at half of it, not the standard £22.50.
    const made = (await answer.json()) as { amount: number; bookingId: string };
    expect(made.amount).toBe(1500);

    await page.goto('/my');
    const bookings = page.getByRole('region', { name: 'My bookings' });
    await bookings.getByText('£15.00 (member price)').waitFor();
    await bookings.getByText('£15.00 (standard price)').waitFor();
    expect(await bookings.getByText(SUPPER).count()).toBe(2);
    // Milly is named on the booking, in My club and on the admins' booking page.
    await bookings.getByText('With Milly Halyard (child)').waitFor();
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
