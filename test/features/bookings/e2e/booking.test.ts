import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOOKING_MESSAGES } from '../../../../core/bookings/booking-validation';
import { NO_EMAIL_MESSAGES } from '../../../../core/bookings/booking-without-email';
import { eventBookingPath, PATHS } from '../../../../core/shared/paths';
import { addCurrentMembers, createEvent, FETCH_HEADER, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { warmTab } from '../../../support/e2e/warm-tab';
import { attributeOf, countOf, disabledOf, eventually, textOf, valueOf } from '../../../support/e2e/eventually';

let familyDayId = '';
const FAMILY_DAY = `Family Fun Day ${Date.now().toString(36)}`;

const world = useApp();
/** The tab the tests take in turn, each opening its page afresh (test/support/e2e/warm-tab.ts). */
const tab = warmTab(() => world.browser);

beforeAll(async () => {
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  familyDayId = await createEvent(request, world.app.baseUrl, {
    name: FAMILY_DAY,
    description: 'Sailing, games and a picnic for the whole family.',
    eventdatetime: wallClockDaysAhead(30, '10:00'),
    eventenddatetime: wallClockDaysAhead(30, '16:00'),
    isBoatEvent: true,
    offerChild: true,
    offerSoftDrinks: true,
    offerVeg: true,
    capacity: '20',
  });
});

async function bookingPage(id: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await tab.open(viewport);
  await page.goto(`/event-booking?id=${id}`);
  await page.getByLabel('Lead Member First Name *').waitFor();
  return page;
}

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function errorOf(page: Page, label: string): Promise<string | null> {
  const describedBy = await field(page, label).getAttribute('aria-describedby');
  const errorId = describedBy?.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  return page.locator(`[id="${errorId}"]`).innerText();
}

describe('event booking page states', () => {
  it('without an id says No event ID provided', async () => {
    const page = await tab.open();
    await page.goto('/event-booking');
    await page.getByRole('heading', { name: 'No event ID provided' }).waitFor();
  });

  // Opened from the calendar (a link within the app), the booking page asks the API for its event;
  // opened by its address, the event comes inside the page (ADR 23, test/app/e2e/page-load.test.ts).
  async function openFromCalendar(page: Page, id: string): Promise<void> {
    await page.goto('/calendar');
    await page
      .locator(`a[href="${eventBookingPath(id)}"]`)
      .first()
      .click();
  }

  it('shows Loading event... while the event loads, then the event and its form', async () => {
    const page = await tab.open();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/events/${familyDayId}`, async (route) => {
      await released;
      await route.continue();
    });
    await openFromCalendar(page, familyDayId);
    await page.getByText('Loading event...').waitFor();
    release();
    await page.getByRole('heading', { name: FAMILY_DAY, level: 1 }).waitFor();
    await page.getByLabel('Lead Member First Name *').waitFor();
  });

  it('says Event Not Found for an unknown id, and Failed to fetch event data when the server fails', async () => {
    const page = await tab.open();
    await page.goto('/event-booking?id=no-such-event');
    await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
    await page.route('**/api/events/open-regatta', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await openFromCalendar(page, 'open-regatta');
    await page.getByText('Failed to fetch event data').waitFor();
  });

  it('shows the Booking Closed page once the booking deadline has passed', async () => {
    const page = await tab.open();
    await page.goto('/event-booking?id=laying-up-supper');
    await page.getByRole('heading', { name: 'Booking Closed' }).waitFor();
    await countOf(page.getByLabel('Lead Member First Name *')).toBe(0);
  });

  it('shows the price of a paid event; without a payment gateway it says card payment is not yet available instead of a form', async () => {
    const { paymentsMode } = (await (await fetch(`${world.app.baseUrl}/api/config`)).json()) as { paymentsMode: string };
    const page = await tab.open();
    await page.goto('/event-booking?id=midsummer-barbecue');
    await page.getByText('£12.50 per adult, £6.25 per child (12 years or under)').waitFor();
    if (paymentsMode === 'none') {
      await page.getByText('Card payment is not yet available online').waitFor();
      await countOf(page.getByLabel('Lead Member First Name *')).toBe(0);
    } else {
      // With a gateway: the total follows the counts, and submitting goes on to the card step.
      await page.getByText('Total for this booking: £12.50').waitFor();
      await field(page, 'Total Number Attending *').fill('3');
      await field(page, 'Number of Children (12 years or under)').fill('1');
      await page.getByText('Total for this booking: £31.25').waitFor();
      await field(page, 'Lead Member First Name *').fill('Paying');
      await field(page, 'Lead Member Last Name *').fill('Member');
      await page.getByRole('button', { name: 'Submit Booking' }).click();
      await page.waitForURL((url) => url.searchParams.get('payment') === 'pending' && (url.searchParams.get('checkoutId') ?? '') !== '');
    }
  });

  it('shows the member price beside the price, and a guest’s total at the standard price', async () => {
    const request = world.browser.context.request;
    const id = await createEvent(request, world.app.baseUrl, {
      name: `Laying-up supper ${Date.now().toString(36)}`,
      eventdatetime: wallClockDaysAhead(40, '19:00'),
      offerChild: true,
      requiresPayment: true,
      price: '15.00',
      memberPrice: '10.00',
    });
    const page = await tab.open(PHONE);
    await page.goto(`/event-booking?id=${id}`);
    await page.getByText('Price: £15.00 per adult (Members £10.00), £7.50 per child (12 years or under).').waitFor();
    const { paymentsMode } = (await (await fetch(`${world.app.baseUrl}/api/config`)).json()) as { paymentsMode: string };
    // No member signs in yet: the total shown is the standard price, as the server will charge.
    if (paymentsMode !== 'none') await page.getByText('Total for this booking: £15.00').waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('shows only the fields the event asks for', async () => {
    const series = await bookingPage('wednesday-evening-series');
    await series.getByLabel('Boat Name').waitFor();
    await countOf(series.getByLabel(/Children/)).toBe(0);
    await countOf(series.getByLabel(/Soft Drinks/)).toBe(0);
    await countOf(series.getByLabel(/Vegetarian/)).toBe(0);

    const family = await bookingPage(familyDayId);
    for (const label of [
      'Lead Member Last Name *',
      'Email (optional)',
      'Total Number Attending *',
      'Number of Children (12 years or under)',
      'Number Requiring Soft Drinks',
      'Number of Vegetarian Meals',
      'Boat Name',
    ]) {
      await field(family, label).waitFor();
    }
    await attributeOf(field(family, 'Email (optional)'), 'type').toBe('email');
    await valueOf(field(family, 'Total Number Attending *')).toBe('1');
    await family.getByText('20 places left').waitFor();
  });
});

describe('the member price on the booking page', () => {
  const suffix = Date.now().toString(36);
  const MEMBER = { id: `member-e2e-price-${suffix}`, name: 'Ria Mainsheet', email: `ria.mainsheet.${suffix}@example.org` };
  const PARENT = { id: `member-e2e-parent-${suffix}`, name: 'Cal Mainsheet', email: `cal.mainsheet.${suffix}@example.org` };

  /** The code of the sign-in e-mail to `email`, read from the outbox (this app sends no e-mail). */
  async function codeFor(email: string): Promise<string> {
    let code: string | undefined;
    await eventually(async () => {
      const mail = (await world.app.built.ports.get('outbox').list()).find((m) => m.mail.to === email && m.mail.subject.endsWith('sign-in code'));
      code = /Your sign-in code is (\d{6})\./.exec(mail?.mail.text ?? '')?.[1];
      return code !== undefined;
    }).toBe(true);
    return code!;
  }

  let supperId = '';
  beforeAll(async () => {
    await addCurrentMembers(world, [MEMBER, PARENT]);
    supperId = await createEvent(world.browser.context.request, world.app.baseUrl, {
      name: `Commodore's supper ${suffix}`,
      eventdatetime: wallClockDaysAhead(45, '19:00'),
      offerChild: true,
      requiresPayment: true,
      price: '15.00',
      memberPrice: '10.00',
    });
  });
  // The tabs share one browser profile: each test starts and ends signed out.
  beforeEach(() => world.browser.context.clearCookies({ name: 'kyc_member' }));
  afterEach(() => world.browser.context.clearCookies({ name: 'kyc_member' }));

  /** Signs in on the open sign-in page with the e-mailed code. */
  async function signInWithCode(page: Page, email: string): Promise<void> {
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('6-digit code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('signed out, offers "Sign in for the member price", and signing in returns to the page at the member price', async () => {
    const id = supperId;
    const page = await tab.open(PHONE);
    await page.goto(`/event-booking?id=${id}`);
    await page.getByText('Price: £15.00 per adult (Members £10.00), £7.50 per child (12 years or under).').waitFor();
    await page.getByText('Total for this booking: £15.00').waitFor();
    const signInLink = page.getByRole('link', { name: 'Sign in for the member price' });
    await signInLink.waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await signInLink.click();
    await signInWithCode(page, MEMBER.email);
    await page.waitForURL((url) => url.pathname === PATHS.eventBooking && url.searchParams.get('id') === id);
    // The member alone: the member price, and no more offer to sign in.
    await page.getByText('Total for this booking: £10.00 (member price)').waitFor();
    await countOf(page.getByRole('link', { name: 'Sign in for the member price' })).toBe(0);
  });

  it('signed in with a child of the household, the total is £10.00 and half of it, as charged, not £22.50 at the standard price', async () => {
    const page = await tab.open(PHONE);
    await page.goto(PATHS.signIn);
    await signInWithCode(page, PARENT.email);
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
    const added = await page.request.post('/api/my/household', {
      headers: FETCH_HEADER,
      data: { name: 'Milo Mainsheet', kind: 'junior', yearOfBirth: '2018' },
    });
    expect(added.status()).toBe(201);
    await page.goto(eventBookingPath(supperId));
    await page.getByRole('checkbox', { name: 'Milo Mainsheet (child)' }).check();
    await valueOf(field(page, 'Total Number Attending *')).toBe('2');
    await page.getByText('Total for this booking: £15.00 (member price)').waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const booked = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    const answer = await booked;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { amount: number }).amount).toBe(1500);
  });
});

describe('booking form validation', () => {
  it('shows every validation message as the user types, and the name messages on submit', async () => {
    const page = await bookingPage(familyDayId, PHONE);
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await expect(errorOf(page, 'Lead Member First Name *')).resolves.toBe(BOOKING_MESSAGES.firstNameRequired);
    await expect(errorOf(page, 'Lead Member Last Name *')).resolves.toBe(BOOKING_MESSAGES.lastNameRequired);
    await eventually(() => field(page, 'Lead Member First Name *').evaluate((el) => el === document.activeElement)).toBe(true);
    await attributeOf(field(page, 'Lead Member First Name *'), 'aria-invalid').toBe('true');
    await screenshot(page, 'event-booking-validation-375');

    const attending = field(page, 'Total Number Attending *');
    await attending.fill('');
    await expect(errorOf(page, 'Total Number Attending *')).resolves.toBe('Number of attendees must be at least 1');
    await attending.fill('0');
    await expect(errorOf(page, 'Total Number Attending *')).resolves.toBe('Number of attendees must be at least 1');

    // Digits only: anything else is stripped as it is typed (so a count can never be negative).
    await attending.fill('');
    await attending.pressSequentially('2a-');
    await valueOf(attending).toBe('2');
    await expect(errorOf(page, 'Total Number Attending *')).resolves.toBeNull();

    await field(page, 'Number of Children (12 years or under)').pressSequentially('-3');
    await valueOf(field(page, 'Number of Children (12 years or under)')).toBe('3');
    await expect(errorOf(page, 'Number of Children (12 years or under)')).resolves.toBe('Number of children (3) cannot exceed total attendees (2)');
    await field(page, 'Number Requiring Soft Drinks').fill('5');
    await expect(errorOf(page, 'Number Requiring Soft Drinks')).resolves.toBe('Number requiring soft drinks (5) cannot exceed total attendees (2)');
    await field(page, 'Number of Vegetarian Meals').fill('4');
    await expect(errorOf(page, 'Number of Vegetarian Meals')).resolves.toBe('Number of vegetarian meals (4) cannot exceed total attendees (2)');

    await attending.fill('5');
    await expect(errorOf(page, 'Number of Children (12 years or under)')).resolves.toBeNull();
    await expect(errorOf(page, 'Number Requiring Soft Drinks')).resolves.toBeNull();
    await expect(errorOf(page, 'Number of Vegetarian Meals')).resolves.toBeNull();

    await attending.fill(String(world.app.config.maxAttendeesPerBooking + 1));
    await expect(errorOf(page, 'Total Number Attending *')).resolves.toBe(`A booking can be for at most ${world.app.config.maxAttendeesPerBooking} attendees`);

    await field(page, 'Email (optional)').fill('not-an-email');
    await expect(errorOf(page, 'Email (optional)')).resolves.toBe(BOOKING_MESSAGES.emailInvalid);
    await field(page, 'Email (optional)').fill('');
    await expect(errorOf(page, 'Email (optional)')).resolves.toBeNull();

    await field(page, 'Lead Member First Name *').fill('Grace');
    await expect(errorOf(page, 'Lead Member First Name *')).resolves.toBeNull();
  });

  it('the server gives the same messages for counts a browser cannot type (negative numbers)', async () => {
    const response = await world.browser.context.request.post(`${world.app.baseUrl}/api/bookings`, {
      data: {
        eventId: familyDayId,
        firstName: 'A',
        lastName: 'B',
        numberAttending: 2,
        numberOfChildren: -1,
        numberOfSoftDrinks: -1,
        numberOfVegetarian: -1,
        boatName: '',
        email: '',
      },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      numberOfChildren: 'Number of children cannot be negative.',
      numberOfSoftDrinks: 'Number requiring soft drinks cannot be negative.',
      numberOfVegetarian: 'Number of vegetarian meals cannot be negative.',
    });
  });
});

describe('booking a free event', () => {
  it('without an e-mail, says before and after booking that no confirmation comes and the link is the only way back, and copies it (375 px)', async () => {
    // An event of its own: the other tests count the family day's places.
    const request = world.browser.context.request;
    const quietId = await createEvent(request, world.app.baseUrl, {
      name: `Quiet Sail ${Date.now().toString(36)}`,
      eventdatetime: wallClockDaysAhead(20, '10:00'),
      capacity: '10',
    });
    const page = await bookingPage(quietId, PHONE);
    // Before submitting: the e-mail field's hint says what leaving it empty means.
    const email = field(page, 'Email (optional)');
    const hintId = (await email.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-hint'));
    await textOf(page.locator(`[id="${hintId}"]`)).toBe(NO_EMAIL_MESSAGES.hint);
    await field(page, 'Lead Member First Name *').fill('Nell');
    await field(page, 'Lead Member Last Name *').fill('Noaddress');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();

    await page.getByText(NO_EMAIL_MESSAGES.title).waitFor();
    await page.getByText(NO_EMAIL_MESSAGES.body).waitFor();
    const box = page.getByRole('textbox', { name: NO_EMAIL_MESSAGES.linkLabel });
    await valueOf(box).toMatch(new RegExp(`^${world.app.baseUrl}${PATHS.myBooking}\\?token=`));
    const url = await box.inputValue();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const before = await seriousAxeViolations(page);
    expect(before, describeViolations(before)).toEqual([]);

    await world.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.app.baseUrl });
    await page.getByRole('button', { name: NO_EMAIL_MESSAGES.copy }).click();
    await page.getByRole('button', { name: NO_EMAIL_MESSAGES.copied }).waitFor();
    await page.getByRole('status').filter({ hasText: NO_EMAIL_MESSAGES.copiedStatus }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const after = await seriousAxeViolations(page);
    expect(after, describeViolations(after)).toEqual([]);
    await screenshot(page, 'event-booking-success-no-email-375');

    // The link copied is the booking's own.
    await page.goto(url);
    await page.getByText('Nell Noaddress').first().waitFor();
  });

  it('books with children, drinks and vegetarian meals; the admin API then shows the booking', async () => {
    const page = await bookingPage(familyDayId);
    await field(page, 'Lead Member First Name *').fill('Ada');
    await field(page, 'Lead Member Last Name *').fill('Lovelace');
    await field(page, 'Email (optional)').fill('  ada@example.org ');
    await field(page, 'Total Number Attending *').fill('4');
    await field(page, 'Number of Children (12 years or under)').fill('2');
    await field(page, 'Number Requiring Soft Drinks').fill('2');
    await field(page, 'Number of Vegetarian Meals').fill('1');
    await field(page, 'Boat Name').fill('Analytical Engine');

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/bookings', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    const submitting = page.getByRole('button', { name: 'Submitting...' });
    await submitting.waitFor();
    await disabledOf(submitting).toBe(true);
    await disabledOf(field(page, 'Lead Member First Name *')).toBe(true);
    await disabledOf(field(page, 'Number of Vegetarian Meals')).toBe(true);
    release();

    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    const reference = (await page.locator('.booking-reference strong').innerText()).trim();
    expect(reference).not.toBe('');
    await page.getByRole('link', { name: /Google Calendar/ }).waitFor();
    await page.getByRole('link', { name: /Outlook Calendar/ }).waitFor();
    await page.getByRole('button', { name: 'Download .ics file' }).waitFor();
    await screenshot(page, 'event-booking-success-1280');

    const answer = await world.browser.context.request.get(`${world.app.baseUrl}/api/admin/events/${familyDayId}/bookings`, { headers: FETCH_HEADER });
    expect(answer.status()).toBe(200);
    const { bookings } = (await answer.json()) as { bookings: Record<string, unknown>[] };
    const booking = bookings.find((b) => b.reference === reference);
    expect(booking).toMatchObject({
      eventName: FAMILY_DAY,
      firstName: 'Ada',
      lastName: 'Lovelace',
      userEmail: 'ada@example.org',
      numberAttending: 4,
      numberOfChildren: 2,
      numberOfSoftDrinks: 2,
      numberOfVegetarian: 1,
      boatName: 'Analytical Engine',
      paymentStatus: 'Free Event',
    });

    await page.getByRole('button', { name: 'Make another booking' }).click();
    await valueOf(field(page, 'Lead Member First Name *')).toBe('');
    await valueOf(field(page, 'Total Number Attending *')).toBe('1');
    await valueOf(field(page, 'Number of Children (12 years or under)')).toBe('');
    await page.getByText('16 places left').waitFor();
    await page.reload();
    await page.getByText('16 places left').waitFor();
  });

  it('refuses a booking bigger than the places left with the server message', async () => {
    const page = await bookingPage(familyDayId);
    await field(page, 'Lead Member First Name *').fill('Charles');
    await field(page, 'Lead Member Last Name *').fill('Babbage');
    await field(page, 'Total Number Attending *').fill('17');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByText('Sorry, only 16 places are left').waitFor();
  });

  it("shows 'Failed to submit booking. Please try again.' when the server fails, and clears it on any change", async () => {
    const page = await bookingPage(familyDayId);
    await page.route('**/api/bookings', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await field(page, 'Lead Member First Name *').fill('Charles');
    await field(page, 'Lead Member Last Name *').fill('Babbage');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to submit booking. Please try again.' });
    await failure.waitFor();
    await disabledOf(field(page, 'Lead Member First Name *')).toBe(false);
    await field(page, 'Lead Member Last Name *').pressSequentially('s');
    await failure.waitFor({ state: 'detached' });
  });

  it('shows Fully booked once the last places are taken', async () => {
    const before = (await (await fetch(`${world.app.baseUrl}/api/events/taster-sail`)).json()) as { event: { placesLeft: number } };
    const left = before.event.placesLeft;
    expect(left).toBeGreaterThan(0);
    const page = await bookingPage('taster-sail');
    await page.getByText(`${left} place${left === 1 ? '' : 's'} left`).waitFor();
    await field(page, 'Lead Member First Name *').fill('Last');
    await field(page, 'Lead Member Last Name *').fill('Places');
    await field(page, 'Total Number Attending *').fill(String(left));
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    // The receipt's address shows the receipt again; the booking page itself is now full.
    await page.goto('/event-booking?id=taster-sail');
    await page.getByRole('heading', { name: 'Fully booked' }).waitFor();
    await countOf(page.getByLabel('Lead Member First Name *')).toBe(0);
    await screenshot(page, 'event-booking-fully-booked-375');
  });

  it('raises no script errors', () => {
    const expected =
      /(id=no-such-event|id=open-regatta|api\/bookings|id=taster-sail|id=family).*status of (404|409|500)|Failed to load resource.*(404|409|500)/;
    expect(world.browser.errors.filter((line) => !expected.test(line))).toEqual([]);
  });
});
