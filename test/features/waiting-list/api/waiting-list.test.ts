import { describe, expect, it } from 'vitest';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { addAdmin, addEvent, FETCH, signIn, type TestApp } from '../../../support/api/test-app';
import { useTestAppWithMail } from '../../../support/api/use-test-app';
import { aBookingForm } from '../../../support/api/booking-form';

const booking = aBookingForm({ email: '' });

let smtp: SmtpTestServer;
let app: TestApp;

useTestAppWithMail({}, async (started) => {
  ({ smtp, app } = started);
  await addAdmin(app, 'boss@example.org');
  await addAdmin(app, 'reader@example.org', ['bookings:read']);
});

/** An event with `capacity` places, all taken by one booking. */
async function fullEvent(capacity = 2, fields: Parameters<typeof addEvent>[1] = {}) {
  const event = await addEvent(app, { capacity, ...fields });
  const res = await app
    .agent()
    .post('/api/bookings')
    .send({ eventId: event.id, ...booking, numberAttending: String(capacity) });
  expect(res.status).toBe(201);
  return event;
}

function leaveTokenOf(text: string): string {
  const url = new URL(/https:\/\/members\.kestrel-yc\.example\/waiting-list\?token=\S+/.exec(text)?.[0] ?? 'https://none.example');
  return url.searchParams.get('token') ?? '';
}

/** The first message to this address since the test began (mail of earlier tests may still arrive). */
async function mailTo(address: string) {
  for (;;) {
    const found = smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
    if (found) return found;
    await smtp.waitFor(smtp.received.length + 1);
  }
}

const join = (eventId: string, body: object) => app.agent().post(`/api/events/${eventId}/waiting-list`).send(body);

/** A full event (fullEvent) with these people joining its waiting list in turn, `gapMs` apart. */
async function fullEventWithQueue(gapMs: number, people: { name: string; email: string; places: number }[]) {
  const event = await fullEvent();
  for (const [i, person] of people.entries()) {
    if (i > 0) app.clock.advance(gapMs);
    await join(event.id, person);
  }
  return event;
}

describe('joining a full event’s waiting list', () => {
  it('puts the member in line and e-mails them a leave link that names their entry only', async () => {
    const event = await fullEvent(2, { name: 'Spring Sail' });
    const first = await join(event.id, { name: 'Grace Hopper', email: 'grace@example.org', places: '2' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ position: 1, message: "You're on the waiting list. We've e-mailed you a link to leave it." });
    app.clock.advance(1000);
    const second = await join(event.id, { name: 'Alan Turing', email: 'alan@example.org', places: 1 });
    expect(second.body.position).toBe(2);

    const mail = await mailTo('grace@example.org');
    expect(mail.subject).toBe('On the waiting list: Spring Sail');
    expect(mail?.text).toContain('Places wanted: 2');
    const token = leaveTokenOf(mail?.text ?? '');
    expect(app.get('waitingListLinks').read(token, app.clock.now())).toBe(first.body.entryId);
    // The same secret, another purpose: a leave token is no manage token, and the reverse.
    expect(app.get('bookingLinks').read(token, app.clock.now())).toBeNull();

    const mine = await app.agent().get('/api/waiting-list').query({ token });
    expect(mine.body).toEqual({ eventId: event.id, eventName: 'Spring Sail', name: 'Grace Hopper', places: 2, status: 'waiting', position: 1 });
  });

  it('refuses a second entry for the same address (any case), an event with places, one without capacity, and bad input', async () => {
    const event = await fullEvent(1);
    expect((await join(event.id, { name: 'Grace', email: 'grace@example.org', places: 1 })).status).toBe(201);
    const again = await join(event.id, { name: 'Grace', email: 'GRACE@example.org', places: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This e-mail address is already on the waiting list for this event');

    const roomy = await addEvent(app, { capacity: 10 });
    const notFull = await join(roomy.id, { name: 'Grace', email: 'grace@example.org', places: 2 });
    expect(notFull.status).toBe(409);
    expect(notFull.body.error).toBe('This event still has places for you: please book instead');
    const open = await addEvent(app, { capacity: null });
    expect((await join(open.id, { name: 'Grace', email: 'grace@example.org', places: 2 })).status).toBe(409);

    const bad = await join(event.id, { name: ' ', email: '', places: '0' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required to join the waiting list',
      places: 'Places wanted must be at least 1',
    });
    expect((await join('no-such-event', { name: 'Grace', email: 'grace@example.org', places: 1 })).status).toBe(404);
    expect((await app.agent().get(`/api/admin/events/${event.id}/waiting-list`)).status).toBe(401);
    expect(await app.get('waitingList').listByEvent(event.id)).toHaveLength(1);
  });

  it('accepts a member wanting more places than are left', async () => {
    const event = await addEvent(app, { capacity: 3 });
    await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...booking, numberAttending: '2' });
    expect((await join(event.id, { name: 'Grace', email: 'grace@example.org', places: 1 })).status).toBe(409);
    expect((await join(event.id, { name: 'Grace', email: 'grace@example.org', places: 2 })).status).toBe(201);
  });
});

describe('leaving', () => {
  it('the leave link takes the member out of line; leaving again changes nothing; a forged link is not found', async () => {
    const event = await fullEventWithQueue(1000, [
      { name: 'Lin', email: 'lin@example.org', places: 1 },
      { name: 'Ken', email: 'ken@example.org', places: 1 },
    ]);
    const token = leaveTokenOf((await mailTo('lin@example.org')).text ?? '');
    const left = await app.agent().post('/api/waiting-list/leave').send({ token });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: 'left', position: null });
    expect((await app.agent().post('/api/waiting-list/leave').send({ token })).body).toMatchObject({ status: 'left' });
    const entries = await app.get('waitingList').listByEvent(event.id);
    expect(entries.map((e) => [e.name, e.status])).toEqual([
      ['Lin', 'left'],
      ['Ken', 'waiting'],
    ]);
    // She may join again: she is no longer in line.
    expect((await join(event.id, { name: 'Lin', email: 'lin@example.org', places: 1 })).status).toBe(201);

    const forged = await app
      .agent()
      .post('/api/waiting-list/leave')
      .send({ token: `${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}` });
    expect(forged.status).toBe(404);
    expect(forged.body.error).toBe('This waiting-list link is not valid, or has expired');
  });
});

describe('the admins’ waiting list', () => {
  it('shows position, name, e-mail and places; removing someone moves the line up and is in the audit log', async () => {
    const event = await fullEventWithQueue(60_000, [
      { name: 'Grace', email: 'grace@example.org', places: 2 },
      { name: 'Alan', email: 'alan@example.org', places: 1 },
    ]);
    const boss = app.agent();
    await signIn(boss, 'boss@example.org');
    const list = await boss.get(`/api/admin/events/${event.id}/waiting-list`);
    expect(list.status).toBe(200);
    expect(list.body.entries.map((e: { position: number; name: string; email: string; places: number }) => [e.position, e.name, e.email, e.places])).toEqual([
      [1, 'Grace', 'grace@example.org', 2],
      [2, 'Alan', 'alan@example.org', 1],
    ]);
    const grace = list.body.entries[0].id;

    const reader = app.agent();
    await signIn(reader, 'reader@example.org');
    expect((await reader.get(`/api/admin/events/${event.id}/waiting-list`)).status).toBe(200);
    expect((await reader.post(`/api/admin/events/${event.id}/waiting-list/${grace}/remove`).set(FETCH)).status).toBe(403);

    const removed = await boss.post(`/api/admin/events/${event.id}/waiting-list/${grace}/remove`).set(FETCH);
    expect(removed.status).toBe(200);
    expect(removed.body.entries.map((e: { position: number | null; name: string; status: string }) => [e.position, e.name, e.status])).toEqual([
      [null, 'Grace', 'left'],
      [1, 'Alan', 'waiting'],
    ]);
    expect((await boss.post(`/api/admin/events/${event.id}/waiting-list/${grace}/remove`).set(FETCH)).status).toBe(409);
    expect((await boss.post(`/api/admin/events/other-event/waiting-list/${grace}/remove`).set(FETCH)).status).toBe(404);
    const csv = await boss.get(`/api/admin/events/${event.id}/bookings.csv`);
    const lines = csv.text.split('\r\n');
    const start = lines.indexOf('Waiting List Position,Name,Email,Places Wanted,Joined,Status,Offered Until');
    expect(lines[start - 1]).toBe('');
    expect(lines.slice(start + 1, start + 3)).toEqual([
      ',Grace,grace@example.org,2,2026-06-01 10:00,left,',
      '1,Alan,alan@example.org,1,2026-06-01 10:01,waiting,',
    ]);
    const audit = await app.get('audit').list({ recordId: event.id, limit: 10 });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'waitlist.removed', summary: 'Removed Grace <grace@example.org> (2 places wanted) from the waiting list' }),
    ]);
  });
});
