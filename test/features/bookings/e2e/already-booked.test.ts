import { beforeAll, describe, expect, it } from 'vitest';
import { addCurrentMembers, createEvent, signedInAdminRequests, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';

// The booking page warns a signed-in member who already holds a booking of the event (here one
// made earlier without signing in, with their e-mail) and links to it; the form stays for others.
const world = useApp({ mail: true });
const MEMBER = { id: 'member-e2e-already', name: 'Kit Bowline', email: 'kit.bowline@example.org' };
const SAIL = `Evening sail ${Date.now().toString(36)}`;
let eventId = '';

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER]);
  eventId = await createEvent(await signedInAdminRequests(world), world.app.baseUrl, {
    name: SAIL,
    eventdatetime: wallClockDaysAhead(25, '18:00'),
    capacity: '12',
  });
});

describe('the booking page, already booked', () => {
  it('says so with a link to manage the existing booking, and still lets the member book for others', async () => {
    const guest = await fetch(`${world.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify({ eventId, firstName: 'Kit', lastName: 'Bowline', numberAttending: '2', email: 'Kit.Bowline@example.org' }),
    });
    expect(guest.status).toBe(201);
    const { reference, managePath } = (await guest.json()) as { reference: string; managePath: string };

    const page = await memberOnPhone(world, MEMBER.email);
    await page.goto(`/event-booking?id=${eventId}`);
    const warning = page.getByRole('status').filter({ hasText: 'You have already booked this event' });
    await warning.getByText(`Your booking ${reference} is for 2 attending.`).waitFor();
    const link = warning.getByRole('link', { name: `Manage my booking ${reference}` });
    expect(new URL((await link.getAttribute('href')) ?? '', world.app.baseUrl).searchParams.get('token')).toBe(
      new URL(managePath, 'http://x').searchParams.get('token'),
    );
    await expectAccessible(page, 'booking page already booked at 375 px', 'already-booked-375');

    // The link opens the existing booking, where it can be changed; booking for someone else still works.
    await link.click();
    await page.getByRole('heading', { name: 'Change booking' }).waitFor();
    await page.goBack();
    await page.getByLabel('Lead Member First Name *').fill('Sam');
    await page.getByLabel('Total Number Attending *').fill('1');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();

    await page.close();
  });
});
