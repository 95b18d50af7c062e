import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attendance } from '../../../../core/check-in/attendance';
import { OfficerDaySchema, type OfficerDay } from '../../../../core/check-in/officer-day-schema';
import { useAdminSession } from '../../../../web/src/admin/session/components/admin-session';
import { Button } from '../../../../web/src/components/ui/button';
import { officerDay, startOfficerDay } from '../../../../web/src/features/check-in/admin/api/officer-client';
import { OfficerDayPage } from '../../../../web/src/features/check-in/admin/components/officer-day-page';
import { renderAdminAt, serveAdmin } from '../../../support/component/admin';
import { memoryStorage } from '../../../support/component/memory-storage';
import { heldAnswer, json, type FakeServer } from '../../../support/component/render';

// The officer's marks as paused mutations in the officer's persisted query client (ADR 67,
// docs/officer-of-the-day.md). happy-dom has no IndexedDB: the client is started over an
// in-memory store, the same one a "reload" restores from.

const EVENT_ID = 'ev-race';
const GINA = 'bk-gina';

function attendance(changes: Partial<Attendance> = {}): Attendance {
  return { bookingId: GINA, eventId: EVENT_ID, arrived: 0, arrivedPeople: [], version: 0, updatedAt: null, updatedBy: null, ...changes };
}

/** The officer's day with one event today: Gina Guest's booking of three (Gina by name and two others). */
function day(gina: Attendance = attendance()): OfficerDay {
  return OfficerDaySchema.parse({
    generatedAt: '2026-06-06T08:00:00.000Z',
    days: [
      {
        date: '2026-06-06',
        label: 'Today',
        events: [
          {
            id: EVENT_ID,
            name: 'Club race',
            eventdatetime: '2026-06-06T10:00:00.000Z',
            eventenddatetime: null,
            cancelled: false,
            goNoGo: {
              eventId: EVENT_ID,
              eventName: 'Club race',
              eventdatetime: '2026-06-06T10:00:00.000Z',
              eventenddatetime: null,
              cancelled: false,
              over: false,
              kind: null,
              limits: { id: 'dinghy', name: 'Dinghy', windKn: 20, gustKn: 28 },
              marginKn: 3,
              kinds: [],
              forecast: { fetchedAt: null, ageMinutes: null, stale: false },
              hours: [],
              rating: null,
              maxWindKn: null,
              maxGustKn: null,
              windRating: null,
              gustRating: null,
              safetyCover: { status: 'no-roster', short: [] },
              placesTaken: 3,
              capacity: null,
              decisions: [],
            },
            duties: [],
            bookings: [
              {
                bookingId: GINA,
                reference: null,
                name: 'Gina Guest',
                numberAttending: 3,
                numberOfChildren: 0,
                boatName: null,
                householdAttendees: [],
                attendance: gina,
              },
            ],
          },
        ],
      },
    ],
    emergencyContacts: [],
  });
}

const ATTENDANCE_PATH = `/api/admin/bookings/${GINA}/attendance`;
const AFLOAT_PATH = `/api/admin/bookings/${GINA}/afloat`;

/** A server holding Gina's attendance: it applies each mark's key once, as the real one does; `posts` lists each mark sent. */
function clubServer(answer?: (request: Parameters<FakeServer>[0]) => Response | Promise<Response> | undefined) {
  let held = attendance();
  const applied = new Set<string>();
  const posts: { path: string; key: string }[] = [];
  const calls = serveAdmin(['bookings:write'], async (request) => {
    if (request.method === 'GET' && request.path === '/api/admin/officer-day') return json(200, day(held));
    if (request.method === 'DELETE' && request.path === '/api/admin/session') return new Response(null, { status: 204 });
    const body = request.body as { key: string; arrived: number; arrivedPeople: string[] };
    posts.push({ path: request.path, key: body.key });
    const own = answer?.(request);
    if (own) return own;
    if (request.path === ATTENDANCE_PATH && !applied.has(body.key)) {
      applied.add(body.key);
      held = { ...held, arrived: body.arrived, arrivedPeople: body.arrivedPeople, version: held.version + 1 };
    }
    return json(200, { result: 'applied', attendance: held });
  });
  return { calls, posts, applied, held: () => held };
}

/** The browser loses or finds its connection: the events the library's onlineManager listens to. */
function connection(online: boolean) {
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function SignOutButton() {
  const { signOut } = useAdminSession();
  return <Button onClick={signOut}>Sign Out</Button>;
}

function renderToday() {
  return renderAdminAt(
    '/admin/today',
    '/admin/today',
    <>
      <SignOutButton />
      <OfficerDayPage />
    </>,
  );
}

let storage = memoryStorage();
beforeEach(() => {
  storage = memoryStorage();
  startOfficerDay(storage);
});
afterEach(() => {
  connection(true);
  officerDay().stop();
});

describe('The officer’s marks', () => {
  it('waits (paused) with no signal, shown at once, and is sent exactly once when the connection comes back', async () => {
    const server = clubServer();
    renderToday();
    await screen.findByText('Up to date');
    connection(false);
    await userEvent.click(screen.getByLabelText('Gina Guest arrived'));
    expect(await screen.findByText(/1 mark waiting to be sent/)).toBeTruthy();
    expect(screen.getByText('1 of 3 arrived')).toBeTruthy();
    expect(officerDay().client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);
    expect(server.posts).toEqual([]);

    connection(true);
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
    expect(server.posts.map((post) => post.path)).toEqual([ATTENDANCE_PATH]);
    expect(server.held()).toMatchObject({ arrived: 1, arrivedPeople: ['booker'], version: 1 });
    expect(screen.getByText('1 of 3 arrived')).toBeTruthy();
  });

  it('sends again after a reload a mark sent but not answered when the page closed, with the same key, applied once', async () => {
    const never = heldAnswer();
    let first = true;
    const server = clubServer((request) => {
      if (request.path !== ATTENDANCE_PATH || !first) return undefined;
      first = false;
      return never.response;
    });
    const page = renderToday();
    await screen.findByText('Up to date');
    await userEvent.click(screen.getByLabelText('Gina Guest arrived'));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    // The device holds the mark under way before the page closes.
    await waitFor(() => expect(storage.entries.get('officer-day') ?? '').toContain(server.posts[0]!.key));

    // The page closes (nothing more from this client) and opens again: a new client, restored from the same store.
    page.unmount();
    officerDay().stop();
    startOfficerDay(memoryStorage(storage.entries));
    renderToday();
    await waitFor(() => expect(server.posts).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
    expect(new Set(server.posts.map((post) => post.key)).size).toBe(1);
    expect(server.applied.size).toBe(1);
    expect(await screen.findByText('1 of 3 arrived')).toBeTruthy();
  });

  it('shows another officer’s change (409) and drops the booking’s later check-ins; its afloat mark is sent still', async () => {
    const theirs = attendance({ arrived: 2, arrivedPeople: [], version: 1, updatedAt: '2026-06-06T09:00:00.000Z', updatedBy: 'second@example.org' });
    const server = clubServer((request) => {
      if (request.path === ATTENDANCE_PATH)
        return json(409, { error: 'Changed by another officer', message: 'Changed by another officer: now 2 arrived', attendance: theirs });
      if (request.path === AFLOAT_PATH) return json(200, { result: 'applied', attendance: theirs });
      return undefined;
    });
    renderToday();
    await screen.findByText('Up to date');
    connection(false);
    await userEvent.click(screen.getByLabelText('Gina Guest arrived'));
    await userEvent.click(await screen.findByRole('button', { name: 'Gina Guest afloat' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more arrived for Gina Guest' }));
    expect(await screen.findByText(/3 marks waiting to be sent/)).toBeTruthy();

    connection(true);
    expect(await screen.findByText(/Gina Guest: Changed by another officer: now 2 arrived/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
    expect(server.posts.map((post) => post.path)).toEqual([ATTENDANCE_PATH, AFLOAT_PATH]);
    expect(screen.getByText('2 of 3 arrived')).toBeTruthy();
  });

  it('leaves nothing on the device at Sign Out, and neither this page nor the next client sends the discarded mark', async () => {
    // The server is never reached for a mark (the connection drops on the way): it waits, tried again every few seconds.
    const server = clubServer((request) => (request.path === ATTENDANCE_PATH ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
    renderToday();
    await screen.findByText('Up to date');
    await userEvent.click(screen.getByLabelText('Gina Guest arrived'));
    expect(await screen.findByText(/1 mark waiting to be sent/)).toBeTruthy();
    await waitFor(() => expect(storage.entries.get('officer-day') ?? '').toContain('booker'));

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out and discard' }));
    await screen.findByRole('heading', { name: 'Admin Sign In' });
    await waitFor(() => expect(storage.entries.size).toBe(0));
    const sent = server.posts.length;
    // Past the time the mark would have been tried again: nothing more sent.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(server.posts).toHaveLength(sent);
    expect(storage.entries.size).toBe(0);

    // The next admin's page, on the same device: nothing restored, nothing sent.
    const next = startOfficerDay(memoryStorage(storage.entries));
    await next.restored;
    expect(next.client.getMutationCache().getAll()).toEqual([]);
    expect(next.client.getQueryCache().getAll()).toEqual([]);
    expect(server.posts).toHaveLength(sent);
  });

  it('sends the marks the page’s previous version kept and had not sent, once each, oldest first', async () => {
    const server = clubServer();
    // What the upgrade of the device's database hands on (device-storage.ts): version 1's marks, as it kept them.
    const older = { key: 'c9a1e0d2-1b2c-4d3e-8f40-5a6b7c8d9e0f', bookingId: GINA, expectedVersion: 0, arrived: 1, arrivedPeople: ['booker'], madeAt: 1_000 };
    const newer = { key: '0b7f3e2a-9c8d-4e6f-a1b2-c3d4e5f60718', bookingId: GINA, expectedVersion: 1, arrived: 2, arrivedPeople: ['booker'], madeAt: 2_000 };
    officerDay().stop();
    startOfficerDay(memoryStorage(new Map([['v1-marks', JSON.stringify([newer, older])]])));
    renderToday();
    await waitFor(() => expect(server.applied.size).toBe(2));
    expect(server.posts.map((post) => post.key)).toEqual([older.key, newer.key]);
    expect(server.held()).toMatchObject({ arrived: 2, version: 2 });
    expect(await screen.findByText('2 of 3 arrived')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
  });
});

describe("The officer's announcement", () => {
  const ANNOUNCE_PATH = `/api/admin/events/${EVENT_ID}/announcements`;

  it('is kept on the phone with no signal and sent once, by its id, when the connection comes back', async () => {
    const sent: { id: string; subject: string; audiences: string[] }[] = [];
    const server = clubServer((request) => {
      if (request.path !== ANNOUNCE_PATH) return undefined;
      const body = request.body as { id: string; subject: string; text: string; audiences: string[] };
      sent.push(body);
      const announcement = {
        ...body,
        eventId: EVENT_ID,
        eventName: 'Club race',
        replyTo: 'officer@example.org',
        authorUid: 'u1',
        authorName: 'Olive Officer',
        sentAt: '2026-06-06T08:30:00.000Z',
        told: 3,
      };
      return json(200, { result: sent.length === 1 ? 'sent' : 'repeated', announcement });
    });
    renderToday();
    await screen.findByText('Up to date');
    connection(false);
    await userEvent.click(screen.getByLabelText('On duty'));
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Safety boat needed at 10');
    await userEvent.type(screen.getByLabelText(/^Announcement/), 'Who can drive the RIB?');
    await userEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    expect(await screen.findByText('(not sent yet)')).toBeTruthy();
    expect(screen.getByText(/1 mark waiting to be sent/)).toBeTruthy();
    expect(server.posts).toEqual([]);

    connection(true);
    expect(await screen.findByText(/sent to 3 people/)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: 'Safety boat needed at 10', audiences: ['booked', 'duty'] });
    expect(sent[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByText('(not sent yet)')).toBeNull();
  });

  it('checks the words with the server’s rule before keeping anything', async () => {
    const server = clubServer();
    renderToday();
    await screen.findByText('Up to date');
    await userEvent.click(screen.getByLabelText('Booked members'));
    await userEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    expect(await screen.findByText('Choose who to tell')).toBeTruthy();
    expect(screen.getByText('Enter a subject')).toBeTruthy();
    expect(screen.getByText('Enter the announcement')).toBeTruthy();
    expect(officerDay().client.getMutationCache().getAll()).toHaveLength(0);
    expect(server.posts).toEqual([]);
  });
});
