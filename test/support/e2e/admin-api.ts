import { expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { emptyEventForm } from '../../../core/events/event-form';
import { signedInAdminPage } from './admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './app-server';
import type { AppWorld } from './use-app';
import type { Member } from '../../../core/members/member';

/** The header every state-changing admin request needs (cross-site request protection). */
export const FETCH_HEADER = { 'X-Requested-With': 'fetch' } as const;

/** Signs in through the API; the browser context keeps the session cookie for later calls. */
export async function signInAsAdmin(request: APIRequestContext, baseUrl: string, email: string, password: string): Promise<void> {
  const response = await request.post(`${baseUrl}/api/admin/session`, { headers: FETCH_HEADER, data: { email, password } });
  if (response.status() !== 200) throw new Error(`Admin sign-in failed: ${response.status()} ${await response.text()}`);
}

/** A session of the admin's on another device (signed in by fetch): the cookie it carries. */
export async function sessionCookieElsewhere(baseUrl: string, password: string, email = E2E_ADMIN_EMAIL): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/** The status the session endpoint answers for this cookie: 200 signed in, 401 not. */
export async function sessionStatus(baseUrl: string, cookie: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/admin/session`, { headers: { cookie } })).status;
}

/** A London wall-clock date-time `days` ahead, as the admin event form takes it. */
export function wallClockDaysAhead(days: number, time: string): string {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}`;
}

export interface NewEvent {
  name: string;
  description?: string;
  longdescription?: string;
  eventdatetime: string;
  eventenddatetime?: string;
  bookingEndDate?: string;
  allowBooking?: boolean;
  isBoatEvent?: boolean;
  offerChild?: boolean;
  offerSoftDrinks?: boolean;
  offerVeg?: boolean;
  requiresPayment?: boolean;
  price?: string;
  memberPrice?: string;
  currency?: 'GBP' | 'EUR' | 'USD';
  capacity?: string;
}

/** Creates an event through the admin API (signed in first); returns its id. */
export async function createEvent(request: APIRequestContext, baseUrl: string, event: NewEvent): Promise<string> {
  const response = await request.post(`${baseUrl}/api/admin/events`, {
    headers: FETCH_HEADER,
    // A bookable event unless the test says otherwise; every other field as the empty form has it.
    data: { ...emptyEventForm(), allowBooking: true, ...event },
  });
  if (response.status() !== 201) throw new Error(`Creating the event failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { event: { id: string } };
  return body.event.id;
}

/**
 * A member books `places` places of an event through the API, without an e-mail (as someone who
 * filled the event before the test's member arrives); the booking's manage path.
 */
export async function bookPlaces(baseUrl: string, eventId: string, places: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eventId, firstName: 'Early', lastName: 'Bird', numberAttending: String(places), email: '' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { managePath: string }).managePath;
}

/** What makes a person on the member list a current adult member (renewal in 2099). */
const CURRENT_ADULT = {
  membershipType: 'Adult',
  renewalDate: '2099-03-31',
  disabled: false,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
} satisfies Partial<Member>;

/** Puts these people on the member list as current adult members (renewal in 2099). */
export async function addCurrentMembers(world: Pick<AppWorld, 'app'>, members: Array<{ id: string; name: string; email: string }>): Promise<void> {
  const list = world.app.built.ports.get('members');
  for (const member of members) await list.create({ ...member, ...CURRENT_ADULT });
}

/** A new tab on the admin dashboard (signedInAdminPage) and this event created from it: answers both. */
export async function adminWithNewEvent(world: Pick<AppWorld, 'app' | 'browser'>, event: NewEvent): Promise<{ admin: Page; eventId: string }> {
  const admin = await signedInAdminPage(world.browser);
  return { admin, eventId: await createEvent(admin.request, world.app.baseUrl, event) };
}

/** A new tab of this size, signed in as the tests' admin through the API (not the sign-in form). */
export async function adminSignedInTab(world: Pick<AppWorld, 'app' | 'browser'>, viewport: { width: number; height: number }): Promise<Page> {
  const page = await world.browser.newPage(viewport);
  await signInAsAdmin(page.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  return page;
}

/** The browser context's API requests, signed in as the tests' admin (the context keeps the cookie). */
export async function signedInAdminRequests(world: AppWorld): Promise<APIRequestContext> {
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  return request;
}

/** A paid supper 40 days ahead at 19:00 that offers children's places: £15, members £10. */
export function memberPricedSupper(name: string): NewEvent {
  return { name, eventdatetime: wallClockDaysAhead(40, '19:00'), offerChild: true, requiresPayment: true, price: '15.00', memberPrice: '10.00' };
}
