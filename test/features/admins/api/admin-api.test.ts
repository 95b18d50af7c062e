import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyEventForm } from '../../../../core/events/event-form';
import { addAdmin, addEvent, FETCH, NOW, PASSWORD, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addWorkDays, WORK_DAY } from '../../../support/api/fixtures';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await addWorkDays(app);
  await addAdmin(app, 'boss@example.org');
  await addAdmin(app, 'reader@example.org', ['events:read']);
});
afterAll(async () => {
  await app.dispose();
});

async function bossAgent() {
  const agent = app.agent();
  await signIn(agent, 'boss@example.org');
  return agent;
}

const eventForm = {
  ...emptyEventForm(),
  name: 'Summer barbecue',
  description: 'Food and friends',
  longdescription: 'On the lawn',
  eventdatetime: '2026-07-18T18:00',
  eventenddatetime: '2026-07-18T22:00',
  bookingEndDate: '2026-07-17T12:00',
  allowBooking: true,
  // Children, soft drinks and vegetarian meals asked for; paid by card.
  offerChild: true,
  offerSoftDrinks: true,
  offerVeg: true,
  requiresPayment: true,
  price: '12.50',
  capacity: '40',
};

describe('admin session', () => {
  it('signs in with the cookie kyc_session (HttpOnly, SameSite=Lax, 8 hours) and answers the admin', async () => {
    const agent = app.agent();
    const res = await agent.post('/api/admin/session').set(FETCH).send({ email: 'Boss@Example.org', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.admin).toMatchObject({ email: 'boss@example.org', role: 'admin', permissions: expect.arrayContaining(['admins:manage']) });
    expect(Object.keys(res.body.admin).sort()).toEqual(['email', 'name', 'permissions', 'role', 'uid']);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^kyc_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=28800');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const me = await agent.get('/api/admin/session');
    expect(me.status).toBe(200);
    expect(me.body.admin.email).toBe('boss@example.org');
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await addAdmin(proxied, 'p@example.org');
      const res = await proxied
        .agent()
        .post('/api/admin/session')
        .set(FETCH)
        .set('X-Forwarded-Proto', 'https')
        .send({ email: 'p@example.org', password: PASSWORD });
      expect(res.status).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await proxied.dispose();
    }
  });

  // Failed sign-ins count against the caller's address too, so these run on their own app.
  it('answers each sign-in failure with the spec message', async () => {
    const own = await startTestApp();
    try {
      await addAdmin(own, 'boss@example.org');
      const agent = own.agent();
      const empty = await agent.post('/api/admin/session').set(FETCH).send({ email: '', password: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
      const wrong = await agent.post('/api/admin/session').set(FETCH).send({ email: 'boss@example.org', password: 'nope-nope' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Invalid email or password' });
      const unknown = await agent.post('/api/admin/session').set(FETCH).send({ email: 'ghost@example.org', password: PASSWORD });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual({ error: 'Invalid email or password' });
      // A sign-in account without an admin record.
      await own.get('identity').createUser({ email: 'member@example.org', password: PASSWORD, displayName: 'Member' });
      const noAdmin = await agent.post('/api/admin/session').set(FETCH).send({ email: 'member@example.org', password: PASSWORD });
      expect(noAdmin.status).toBe(403);
      expect(noAdmin.body.error).toBe('Access denied. You do not have admin privileges.');
      expect(noAdmin.headers['set-cookie']).toBeUndefined();
    } finally {
      await own.dispose();
    }
  });

  it('makes an address that guessed an e-mail failed more than 5 times wait (429) a growing delay, never a 15-minute lock', async () => {
    const own = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const locked = await addAdmin(own, 'locked@example.org');
      const from = (n: number) => own.agent().post('/api/admin/session').set(FETCH).set('X-Forwarded-For', `192.0.2.${n}`);
      for (let i = 0; i < 6; i++) {
        expect((await from(i % 2).send({ email: locked.email, password: `wrong-${i}` })).status).toBe(401);
      }
      // The e-mail has 6 failures: an address that failed for it waits 1 s after its own latest failure.
      const seventh = await from(1).send({ email: 'LOCKED@example.org', password: PASSWORD });
      expect(seventh.status).toBe(429);
      expect(seventh.body).toEqual({ error: 'Too many failed login attempts. Please try again later.' });
      // An address that has not failed for it is not kept waiting by the others.
      expect((await from(50).send({ email: locked.email, password: PASSWORD })).status).toBe(200);
      own.clock.advance(1000);
      expect((await from(1).send({ email: locked.email, password: PASSWORD })).status).toBe(200);
    } finally {
      await own.dispose();
    }
  });

  it('locks an address out with 429 after 5 failures for any e-mails', async () => {
    const own = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await addAdmin(own, 'fine@example.org');
      const from = (ip: string) => own.agent().post('/api/admin/session').set(FETCH).set('X-Forwarded-For', ip);
      for (let i = 0; i < 5; i++) {
        expect((await from('198.51.100.7').send({ email: `guess${i}@example.org`, password: 'x' })).status).toBe(401);
      }
      expect((await from('198.51.100.7').send({ email: 'fine@example.org', password: PASSWORD })).status).toBe(429);
      expect((await from('198.51.100.8').send({ email: 'fine@example.org', password: PASSWORD })).status).toBe(200);
    } finally {
      await own.dispose();
    }
  });

  it('DELETE /api/admin/session clears the cookie and revokes the session', async () => {
    const agent = await bossAgent();
    const res = await agent.delete('/api/admin/session').set(FETCH);
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/kyc_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await agent.get('/api/admin/session')).status).toBe(401);
    // Signing out without a session is fine too.
    expect((await app.agent().delete('/api/admin/session').set(FETCH)).status).toBe(204);
  });

  it('a revoked token replayed by hand no longer works', async () => {
    const login = await app.agent().post('/api/admin/session').set(FETCH).send({ email: 'boss@example.org', password: PASSWORD });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await app.agent().get('/api/admin/session').set('Cookie', cookie)).status).toBe(200);
    await app.agent().delete('/api/admin/session').set(FETCH).set('Cookie', cookie);
    expect((await app.agent().get('/api/admin/session').set('Cookie', cookie)).status).toBe(401);
  });

  it('a session ends after 8 hours', async () => {
    const expiring = await startTestApp();
    try {
      await addAdmin(expiring, 'e@example.org');
      const agent = expiring.agent();
      const login = await agent.post('/api/admin/session').set(FETCH).send({ email: 'e@example.org', password: PASSWORD });
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      expiring.clock.advance(8 * 3600 * 1000 - 60_000);
      expect((await expiring.agent().get('/api/admin/session').set('Cookie', cookie)).status).toBe(200);
      expiring.clock.advance(120_000);
      expect((await expiring.agent().get('/api/admin/session').set('Cookie', cookie)).status).toBe(401);
    } finally {
      await expiring.dispose();
    }
  });
});

describe('dashboard, events and bookings', () => {
  it('GET /api/admin/dashboard gives recent events and, only with bookings:read, statistics', async () => {
    const event = await addEvent(app, { name: 'Dashboard event' });
    await app.agent().post('/api/bookings').send({ eventId: event.id, firstName: 'A', lastName: 'B', numberAttending: '2' });
    const boss = await (await bossAgent()).get('/api/admin/dashboard');
    expect(boss.status).toBe(200);
    expect(boss.body.recentEvents.length).toBeLessThanOrEqual(5);
    expect(boss.body.statistics).toContainEqual({ eventId: event.id, eventName: 'Dashboard event', bookings: 1, attendees: 2 });
    const readerAgent = app.agent();
    await signIn(readerAgent, 'reader@example.org');
    const reader = await readerAgent.get('/api/admin/dashboard');
    expect(reader.status).toBe(200);
    expect(reader.body.statistics).toBeNull();
  });

  it('creates, reads, lists, updates and deletes an event', async () => {
    const agent = await bossAgent();
    const created = await agent.post('/api/admin/events').set(FETCH).send(eventForm);
    expect(created.status).toBe(201);
    const event = created.body.event;
    expect(event).toMatchObject({
      name: 'Summer barbecue',
      eventdatetime: '2026-07-18T17:00:00.000Z',
      price: 1250,
      capacity: 40,
      requiresPayment: true,
      createdAt: NOW,
    });
    const read = await agent.get(`/api/admin/events/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.body.form).toMatchObject({ eventdatetime: '2026-07-18T18:00', price: '12.50', capacity: '40' });
    const list = await agent.get('/api/admin/events');
    expect(list.body.events.map((e: { id: string }) => e.id)).toContain(event.id);
    // The next first: the events still to come, soonest first, before any that is over.
    const now = Date.parse(NOW);
    const ends = list.body.events.map((e: { eventdatetime: string | null; eventenddatetime: string | null }) =>
      Date.parse(e.eventenddatetime ?? e.eventdatetime ?? ''),
    );
    const coming = list.body.events.filter((_: unknown, i: number) => ends[i] >= now).map((e: { eventdatetime: string }) => e.eventdatetime);
    expect(coming.length).toBeGreaterThan(0);
    expect(list.body.events.slice(0, coming.length).map((e: { eventdatetime: string }) => e.eventdatetime)).toEqual(coming);
    expect([...coming].sort()).toEqual(coming);
    const updated = await agent
      .put(`/api/admin/events/${event.id}`)
      .set(FETCH)
      .send({ ...eventForm, name: 'Autumn barbecue' });
    expect(updated.status).toBe(200);
    expect(updated.body.event).toMatchObject({ id: event.id, name: 'Autumn barbecue' });
    expect((await app.get('events').get(event.id))?.name).toBe('Autumn barbecue');
    const search = await app.agent().get('/api/search?q=autumn');
    expect(search.body.hits.map((h: { objectID: string }) => h.objectID)).toContain(event.id);
    const deleted = await agent.delete(`/api/admin/events/${event.id}`).set(FETCH);
    expect(deleted.status).toBe(204);
    expect(await app.get('events').get(event.id)).toBeNull();
    expect((await agent.get(`/api/admin/events/${event.id}`)).status).toBe(404);
    expect((await agent.put(`/api/admin/events/${event.id}`).set(FETCH).send(eventForm)).status).toBe(404);
    expect((await agent.delete(`/api/admin/events/${event.id}`).set(FETCH)).status).toBe(404);
  });

  it('refuses a bad event form with field messages and stores nothing', async () => {
    const agent = await bossAgent();
    const before = (await app.get('events').list({ order: 'asc' })).length;
    const res = await agent
      .post('/api/admin/events')
      .set(FETCH)
      .send({ ...eventForm, name: '', eventdatetime: '', price: '-1', currency: 'JPY' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      name: 'Event name is required',
      eventdatetime: 'Start date and time is required',
      currency: 'Currency must be GBP, EUR or USD',
    });
    expect((await app.get('events').list({ order: 'asc' })).length).toBe(before);
  });

  it('refuses to delete an event with bookings (409)', async () => {
    const event = await addEvent(app);
    await app.agent().post('/api/bookings').send({ eventId: event.id, firstName: 'A', lastName: 'B', numberAttending: '1' });
    const res = await (await bossAgent()).delete(`/api/admin/events/${event.id}`).set(FETCH);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'This event has bookings and cannot be deleted' });
    expect(await app.get('events').get(event.id)).not.toBeNull();
  });

  it('GET /api/admin/bookings gives the overview; the event detail and CSV give its bookings', async () => {
    const event = await addEvent(app, { name: 'Overview "event", =1+1' });
    await app.agent().post('/api/bookings').send({ eventId: event.id, firstName: '=cmd', lastName: 'Smith', numberAttending: '3', numberOfChildren: '1' });
    const agent = await bossAgent();
    const overview = await agent.get('/api/admin/bookings');
    expect(overview.status).toBe(200);
    expect(overview.body.rows).toContainEqual(expect.objectContaining({ eventId: event.id, bookings: 1, attendees: 3, free: 1, revenue: 0 }));
    expect(typeof overview.body.from).toBe('string');
    expect(overview.body.totals.bookings).toBeGreaterThanOrEqual(1);
    const detail = await agent.get(`/api/admin/events/${event.id}/bookings`);
    expect(detail.status).toBe(200);
    expect(detail.body.summary).toMatchObject({ bookings: 1, attendees: 3, children: 1, free: 1 });
    expect(detail.body.bookings[0]).toMatchObject({ firstName: '=cmd', paymentStatus: 'Free Event', paymentIdShort: '' });
    const csv = await agent.get(`/api/admin/events/${event.id}/bookings.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"$/);
    expect(csv.text).toContain("'=cmd");
    expect(csv.text.split('\n').length).toBeGreaterThanOrEqual(2);
    expect((await agent.get('/api/admin/events/nope/bookings')).status).toBe(404);
    expect((await agent.get('/api/admin/events/nope/bookings.csv')).status).toBe(404);
  });

  it('GET /api/admin/work-days lists every work day with its sign-ups', async () => {
    await app
      .agent()
      .post(`/api/work-days/${WORK_DAY.id}/signups`)
      .send({ firstName: 'Vol', lastName: 'Unteer', selectedJobs: ['pontoons'] });
    const res = await (await bossAgent()).get('/api/admin/work-days');
    expect(res.status).toBe(200);
    const ids = res.body.workDays.map((w: { workDay: { id: string } }) => w.workDay.id);
    expect(ids).toEqual(expect.arrayContaining([WORK_DAY.id, 'old-work-day']));
    const spring = res.body.workDays.find((w: { workDay: { id: string } }) => w.workDay.id === WORK_DAY.id);
    expect(spring.signups).toContainEqual(expect.objectContaining({ firstName: 'Vol', selectedJobs: ['pontoons'] }));
  });
});

describe('admin accounts', () => {
  it('lists admins for any signed-in admin', async () => {
    const agent = app.agent();
    await signIn(agent, 'reader@example.org');
    const res = await agent.get('/api/admin/admins');
    expect(res.status).toBe(200);
    expect(res.body.admins.map((a: { email: string }) => a.email)).toEqual(expect.arrayContaining(['boss@example.org', 'reader@example.org']));
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|passwordHash/);
  });

  it('adds an admin who can then sign in with the given permissions', async () => {
    const agent = await bossAgent();
    const res = await agent
      .post('/api/admin/admins')
      .set(FETCH)
      .send({ email: 'new@example.org', name: 'New Admin', password: 'a-long-password', permissions: ['bookings:read'] });
    expect(res.status).toBe(201);
    expect(res.body.admin).toMatchObject({ email: 'new@example.org', name: 'New Admin', permissions: ['bookings:read'], disabled: false });
    const newcomer = app.agent();
    await signIn(newcomer, 'new@example.org', 'a-long-password');
    expect((await newcomer.get('/api/admin/bookings')).status).toBe(200);
    expect((await newcomer.get('/api/admin/events')).status).toBe(403);
    const dup = await agent
      .post('/api/admin/admins')
      .set(FETCH)
      .send({ email: 'NEW@example.org', name: 'Again', password: 'a-long-password', permissions: [] });
    expect(dup.status).toBe(409);
    const bad = await agent
      .post('/api/admin/admins')
      .set(FETCH)
      .send({ email: 'not-an-email', name: '', password: 'short', permissions: ['root'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'name', 'password', 'permissions']);
  });

  it('changes permissions, disables (ending sessions) and re-enables an admin', async () => {
    const target = await addAdmin(app, 'target@example.org', ['events:read']);
    const targetAgent = app.agent();
    await signIn(targetAgent, target.email);
    const agent = await bossAgent();
    const perms = await agent
      .patch(`/api/admin/admins/${target.uid}`)
      .set(FETCH)
      .send({ permissions: ['events:read', 'events:write'], name: 'Renamed' });
    expect(perms.status).toBe(200);
    expect(perms.body.admin).toMatchObject({ name: 'Renamed', permissions: ['events:read', 'events:write'] });
    expect((await targetAgent.get('/api/admin/session')).body.admin.permissions).toEqual(['events:read', 'events:write']);
    const disabled = await agent.patch(`/api/admin/admins/${target.uid}`).set(FETCH).send({ disabled: true });
    expect(disabled.status).toBe(200);
    expect((await targetAgent.get('/api/admin/session')).status).toBe(401);
    const refused = await app.agent().post('/api/admin/session').set(FETCH).send({ email: target.email, password: PASSWORD });
    // A disabled admin's right password is answered as a wrong one (nothing tells a guesser it was right).
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('Invalid email or password');
    expect((await agent.patch(`/api/admin/admins/${target.uid}`).set(FETCH).send({ disabled: false })).status).toBe(200);
    await signIn(app.agent(), target.email);
    expect((await agent.patch('/api/admin/admins/nope').set(FETCH).send({ disabled: true })).status).toBe(404);
  });

  it('an admin cannot disable themself or change their own permissions', async () => {
    const agent = await bossAgent();
    const me = (await agent.get('/api/admin/session')).body.admin;
    const disable = await agent.patch(`/api/admin/admins/${me.uid}`).set(FETCH).send({ disabled: true });
    expect(disable.status).toBe(400);
    expect(disable.body.error).toBe('You cannot disable your own account');
    const drop = await agent
      .patch(`/api/admin/admins/${me.uid}`)
      .set(FETCH)
      .send({ permissions: ['events:read'] });
    expect(drop.status).toBe(400);
    expect(drop.body).toEqual({ error: 'You cannot change your own permissions', fields: { permissions: 'You cannot change your own permissions' } });
    expect((await agent.get('/api/admin/session')).body.admin.permissions).toContain('admins:manage');
  });

  it('admins:manage alone grants nothing it does not hold: not to itself, not to a new admin, not to another', async () => {
    const manager = await addAdmin(app, `manager-${Date.now()}@example.org`, ['admins:manage']);
    const agent = app.agent();
    await signIn(agent, manager.email);
    const self = await agent
      .patch(`/api/admin/admins/${manager.uid}`)
      .set(FETCH)
      .send({ permissions: ['admins:manage', 'bookings:write', 'audit:read'] });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot change your own permissions');
    const created = await agent
      .post('/api/admin/admins')
      .set(FETCH)
      .send({ email: `accomplice-${Date.now()}@example.org`, name: 'Accomplice', password: 'long-enough-1', permissions: ['admins:manage', 'bookings:write'] });
    expect(created.status).toBe(400);
    expect(created.body.error).toBe('You cannot grant bookings:write: only permissions you hold yourself can be given');
    const other = await addAdmin(app, `other-${Date.now()}@example.org`, ['admins:manage']);
    const grant = await agent
      .patch(`/api/admin/admins/${other.uid}`)
      .set(FETCH)
      .send({ permissions: ['admins:manage', 'bookings:write'] });
    expect(grant.status).toBe(400);
    expect((await app.get('admins').getByUid(other.uid))?.permissions).toEqual(['admins:manage']);
    expect((await app.get('admins').getByUid(manager.uid))?.permissions).toEqual(['admins:manage']);
  });
});
