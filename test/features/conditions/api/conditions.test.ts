import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS_ALERT_MAIL_KIND } from '../../../../core/conditions/conditions-alerts';
import { RefreshForecast } from '../../../../core/conditions/refresh-forecast';
import { SendConditionsAlerts } from '../../../../core/conditions/conditions-alerts';
import { mailTo, startTestAppWithMail } from '../../../support/api/app-with-mail';
import { addAdmin, FETCH, signIn, type TestApp } from '../../../support/api/test-app';
import { AUTUMN_RACE_FORM, ONE_SAILOR } from '../../../support/api/fixtures';
import { eventually } from '../../../support/eventually';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { startFakeOpenMeteoServer, steadyHours, type FakeOpenMeteoServer } from '../../../support/fake-open-meteo-server';
import { makeMember } from '../../../support/unit/domain-fixtures';

// On SQLite (project default) and on the Firestore emulator (project api-firestore). The clock
// stands at 2026-06-01 09:00 UTC; the race is on 10 June, 10:00 to 13:00 London time (09:00–12:00 UTC).

let smtp: SmtpTestServer;
let app: TestApp;
let openMeteo: FakeOpenMeteoServer;
let stop: (() => Promise<void>) | undefined;
let admin: ReturnType<TestApp['agent']>;
let eventId: string;

beforeAll(async () => {
  openMeteo = await startFakeOpenMeteoServer();
  // Gusts of 31 kn on the race's hours, light winds before and after.
  openMeteo.hours.push(
    ...steadyHours('2026-06-01T00:00:00.000Z', 24 * 9 + 9, 8, 12),
    ...steadyHours('2026-06-10T09:00:00.000Z', 3, 19, 31, 250),
    ...steadyHours('2026-06-10T12:00:00.000Z', 36, 8, 12),
  );
  ({
    smtp,
    app,
    close: stop,
  } = await startTestAppWithMail({
    env: { CONDITIONS: 'open-meteo', CONDITIONS_LATITUDE: '51.4912', CONDITIONS_LONGITUDE: '-1.2345', OPEN_METEO_BASE_URL: openMeteo.baseUrl },
  }));
  await addAdmin(app, 'officer@example.org');
  await addAdmin(app, 'reader@example.org', ['events:read']);
  admin = app.agent();
  await signIn(admin, 'officer@example.org');
  const created = await admin
    .post('/api/admin/events')
    .set(FETCH)
    .send({ ...AUTUMN_RACE_FORM, bookingEndDate: '2026-06-09T18:00' });
  expect(created.status).toBe(201);
  eventId = created.body.event.id;
});
afterAll(async () => {
  await stop?.();
  await openMeteo.close();
});

describe('the forecast', () => {
  it('is fetched by the job runner, once an hour at most, and members see the hours of the event', async () => {
    await eventually(async () => (await app.get('conditions').getForecast()) !== null, 'the forecast stored').toBe(true);
    expect(openMeteo.requests.every((r) => r.problems.length === 0)).toBe(true);
    const asked = openMeteo.requests.length;
    expect(await app.built.ports.useCase(RefreshForecast).execute()).toBe('not-due');
    expect(openMeteo.requests).toHaveLength(asked);

    const res = await app.agent().get(`/api/events/${eventId}/conditions`);
    expect(res.status).toBe(200);
    expect(res.body.forecast).toEqual({ fetchedAt: '2026-06-01T09:00:00.000Z', ageMinutes: 0, stale: false });
    expect(
      res.body.hours.map((h: { time: string; windKn: number; gustKn: number; directionDeg: number }) => [h.time, h.windKn, h.gustKn, h.directionDeg]),
    ).toEqual([
      ['2026-06-10T09:00:00.000Z', 19, 31, 250],
      ['2026-06-10T10:00:00.000Z', 19, 31, 250],
      ['2026-06-10T11:00:00.000Z', 19, 31, 250],
    ]);
    expect(res.body.decision).toBeNull();
    expect(res.body.attribution).toBe('Weather data by Open-Meteo.com (CC BY 4.0)');
    expect((await app.agent().get('/api/events/no-such-event/conditions')).status).toBe(404);
  });

  it('fails soft: the provider out of reach leaves the last forecast, shown with its age', async () => {
    openMeteo.failWith({ kind: 'status', status: 503 });
    app.clock.advance(3 * 3_600_000);
    await expect(app.built.ports.useCase(RefreshForecast).execute()).rejects.toThrow('Forecast not available: Service Unavailable');
    const res = await app.agent().get(`/api/events/${eventId}/conditions`);
    expect(res.body.forecast).toEqual({ fetchedAt: '2026-06-01T09:00:00.000Z', ageMinutes: 180, stale: true });
    expect(res.body.hours).toHaveLength(3);
    openMeteo.failWith(null);
    expect(await app.built.ports.useCase(RefreshForecast).execute()).toBe('fetched');
    expect((await app.agent().get(`/api/events/${eventId}/conditions`)).body.forecast).toEqual({
      fetchedAt: '2026-06-01T12:00:00.000Z',
      ageMinutes: 0,
      stale: false,
    });
  });
});

describe('the club limits', () => {
  it('start as the defaults; an admin saves them, bad values are refused field by field and change nothing', async () => {
    const first = await admin.get('/api/admin/conditions/limits');
    expect(first.status).toBe(200);
    expect(first.body.saved).toBe(false);
    expect(first.body.limits.kinds[0]).toEqual({ id: 'club-racing', name: 'Club racing', windKn: 20, gustKn: 28 });

    const bad = await admin
      .put('/api/admin/conditions/limits')
      .set(FETCH)
      .send({ kinds: [{ id: 'club-racing', name: 'Club racing', windKn: 20, gustKn: 28 }], defaultKind: 'junior', marginKn: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ defaultKind: 'The default kind must be one of the kinds' });
    expect((await admin.get('/api/admin/conditions/limits')).body.saved).toBe(false);

    const limits = {
      kinds: [
        { id: 'club-racing', name: 'Club racing', windKn: 22, gustKn: 30 },
        { id: 'junior-training', name: 'Junior training', windKn: 12, gustKn: 18 },
      ],
      defaultKind: 'club-racing',
      marginKn: 2,
    };
    const saved = await admin.put('/api/admin/conditions/limits').set(FETCH).send(limits);
    expect(saved.status).toBe(200);
    expect(saved.body.limits).toMatchObject({ ...limits, updatedBy: 'officer@example.org' });
    expect((await admin.get('/api/admin/conditions/limits')).body).toMatchObject({ saved: true, limits });
    const audit = await app.get('audit').list({ limit: 50 });
    expect(
      audit.some((entry) => entry.action === 'conditions.limits-saved' && entry.actor.kind === 'admin' && entry.actor.email === 'officer@example.org'),
    ).toBe(true);
  });

  it('the panel judges the event by its kind: gusts of 31 kn are beyond club racing’s 30', async () => {
    const panel = await admin.get(`/api/admin/events/${eventId}/go-no-go`);
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({
      kind: null,
      limits: { id: 'club-racing', windKn: 22, gustKn: 30 },
      rating: 'beyond',
      gustRating: 'beyond',
      windRating: 'within',
      maxGustKn: 31,
      maxWindKn: 19,
      placesTaken: 0,
      safetyCover: { status: 'no-roster', short: [] },
    });
    expect((await admin.put(`/api/admin/events/${eventId}/go-no-go/kind`).set(FETCH).send({ kind: 'no-such-kind' })).status).toBe(400);
    expect((await admin.put(`/api/admin/events/${eventId}/go-no-go/kind`).set(FETCH).send({ kind: 'junior-training' })).status).toBe(204);
    expect((await admin.get(`/api/admin/events/${eventId}/go-no-go`)).body).toMatchObject({ kind: 'junior-training', rating: 'beyond', windRating: 'beyond' });
    const list = await admin.get('/api/admin/go-no-go');
    expect(list.status).toBe(200);
    expect(list.body.panels.map((p: { eventId: string }) => p.eventId)).toEqual([eventId]);
  });
});

describe('the calendar list', () => {
  it('shows each event the forecast covers with its wind and gusts against its limits, server-rendered, with the credit', async () => {
    const res = await app.agent().get('/api/events');
    expect(res.status).toBe(200);
    const race = res.body.events.find((e: { id: string }) => e.id === eventId);
    // Junior training's limits (12 and 18 kn), chosen above: beyond.
    expect(race.conditions).toEqual({ rating: 'beyond', maxWindKn: 19, maxGustKn: 31, directionDeg: 250 });
    expect(res.body.forecastAttribution).toBe('Weather data by Open-Meteo.com (CC BY 4.0)');
    const page = await app.agent().get('/calendar');
    expect(page.status).toBe(200);
    const forecastLine = /<p class="event-forecast[^"]*"[^>]*>(.*?)<\/p>/.exec(page.text)?.[1]?.replace(/<!-- -->|<\/?strong>/g, '');
    expect(forecastLine).toBe('Forecast: wind 19 kn, gusts 31 kn from the WSW: beyond the club’s limits');
    expect(page.text).toContain('beyond the club’s limits');
    expect(page.text).toContain('Weather data by Open-Meteo.com (CC BY 4.0)');
  });
});

const RACE_WINDOW = { start: '2026-06-10T09:00:00.000Z', end: '2026-06-10T12:00:00.000Z' };

describe('the safety cover', () => {
  it('is red while a duty the event cannot run without is short, naming it, and green once filled', async () => {
    const duties = app.get('duties');
    await duties.saveCatalogue('dutyTypes', { id: 'safety-boat', name: 'Safety boat driver', description: '', qualificationIds: [] });
    await duties.addSlots([{ id: 'race-safety', eventId, dutyTypeId: 'safety-boat', needed: 1, optional: false, createdAt: '2026-06-01T09:00:00.000Z' }]);
    const red = await admin.get(`/api/admin/events/${eventId}/go-no-go`);
    expect(red.body.safetyCover).toEqual({ status: 'red', short: [{ dutyTypeName: 'Safety boat driver', needed: 1, held: 0, optional: false }] });
    expect((await admin.get('/api/admin/go-no-go')).body.panels[0].safetyCover.status).toBe('red');
    for (const id of ['sam', 'tom'])
      await app.get('members').create(makeMember(id, { name: `${id[0]!.toUpperCase()}${id.slice(1)} Sailor`, email: `${id}@example.org` }));
    await duties.assign({ slotId: 'race-safety', memberId: 'sam', eventId, window: RACE_WINDOW, assignedAt: '2026-06-01T09:00:00.000Z', overrideReason: null });
    expect((await admin.get(`/api/admin/events/${eventId}/go-no-go`)).body.safetyCover).toEqual({ status: 'green', short: [] });
  });
});

describe('the alerts', () => {
  it('48 hours before, each admin who manages events gets one e-mail, once however often the round runs', async () => {
    app.clock.set('2026-06-08T09:30:00.000Z');
    const alerts = app.built.ports.useCase(SendConditionsAlerts);
    expect(await alerts.execute()).toBe(1);
    expect(await alerts.execute()).toBe(0);
    const mail = await mailTo(smtp, 'officer@example.org', 'Conditions beyond the limits: Autumn Race');
    expect(mail.text).toContain('Gusts: up to 31 kn (limit 18 kn)');
    expect(mail.text).toContain('/admin/events/go-no-go/');
    const outbox = await app.get('outbox').list();
    expect(outbox.filter((m) => m.kind === CONDITIONS_ALERT_MAIL_KIND).map((m) => m.mail.to)).toEqual(['officer@example.org']);
  });
});

describe('the decision', () => {
  beforeAll(async () => {
    // The clock moved a week on: the session of the first day has expired.
    admin = app.agent();
    await signIn(admin, 'officer@example.org');
  });

  it('refuses a decision without a reason, and a reader may not decide', async () => {
    const res = await admin.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send({ decision: 'go', reason: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Give a reason for the decision');
    const reader = app.agent();
    await signIn(reader, 'reader@example.org');
    expect((await reader.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send({ decision: 'go', reason: 'Fine' })).status).toBe(403);
    expect((await reader.get(`/api/admin/events/${eventId}/go-no-go`)).status).toBe(200);
  });

  it('postpone moves the event, keeps its bookings, and e-mails each booked member the new time with the updated .ics', async () => {
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId, firstName: 'Ada', email: 'ada@example.org', ...ONE_SAILOR });
    expect(booked.status).toBe(201);
    const before = await app.get('events').get(eventId);
    const bookingsBefore = await app.get('bookings').listByEvent(eventId);
    await mailTo(smtp, 'ada@example.org', 'Booking confirmed: Autumn Race');
    // Tom drives the RIB (an optional slot), his Powerboat Level 2 valid until 12 June: not on the new date.
    const duties = app.get('duties');
    await duties.saveCatalogue('qualifications', { id: 'pb2', name: 'Powerboat Level 2', validityMonths: 60 });
    await duties.saveCatalogue('dutyTypes', { id: 'rib', name: 'RIB driver', description: '', qualificationIds: ['pb2'] });
    await duties.putMemberQualifications([{ memberId: 'tom', qualificationId: 'pb2', expiresOn: '2026-06-12' }]);
    await duties.addSlots([{ id: 'race-rib', eventId, dutyTypeId: 'rib', needed: 1, optional: true, createdAt: '2026-06-02T09:00:00.000Z' }]);
    await duties.assign({ slotId: 'race-rib', memberId: 'tom', eventId, window: RACE_WINDOW, assignedAt: '2026-06-02T09:00:00.000Z', overrideReason: null });
    // Before deciding, the admin's read of the event counts who a move would e-mail: Ada, and Sam and Tom on duty.
    expect((await admin.get(`/api/admin/events/${eventId}`)).body.changeNotice).toEqual({ withEmail: 1, withoutEmail: 0, dutyHolders: 2 });

    const res = await admin
      .post(`/api/admin/events/${eventId}/go-no-go/decisions`)
      .set(FETCH)
      .send({ decision: 'postpone', reason: 'Gusts of 31 knots forecast', eventdatetime: '2026-06-17T10:00', eventenddatetime: '2026-06-17T13:00' });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({
      eventdatetime: '2026-06-17T09:00:00.000Z',
      eventenddatetime: '2026-06-17T12:00:00.000Z',
      bookingEndDate: '2026-06-16T17:00:00.000Z',
      sequence: before!.sequence + 1,
    });
    expect(res.body.decision).toMatchObject({
      decision: 'postpone',
      reason: 'Gusts of 31 knots forecast',
      moved: { fromStart: '2026-06-10T09:00:00.000Z', toStart: '2026-06-17T09:00:00.000Z' },
    });
    // The admin is told who was e-mailed.
    expect(res.body.told).toEqual({ members: 1, dutyHolders: 2 });
    // Bookings, places and money unchanged.
    expect(await app.get('bookings').listByEvent(eventId)).toEqual(bookingsBefore);

    const mail = await mailTo(smtp, 'ada@example.org', 'Time changed: Autumn Race');
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-06-17T09:00:00.000Z');
    expect(vevent.sequence).toBe(before!.sequence + 1);
    expect(mail.text).toContain('If the new time does not suit you, you can see or cancel your booking with this link:');
    // The admin's reason travels with the new time.
    expect(mail.text).toContain('Reason: Gusts of 31 knots forecast');

    // Each duty holder is told once: Sam keeps the duty at the new time (the same calendar entry,
    // updated); Tom, no longer qualified then, is released and told why.
    const kept = await mailTo(smtp, 'sam@example.org', 'Duty time changed: Autumn Race');
    const samIcs = kept.attachments.find((a) => a.filename?.endsWith('.ics'))!.content.toString('utf8');
    const samEvent = new ICAL.Event(new ICAL.Component(ICAL.parse(samIcs)).getFirstSubcomponent('vevent')!);
    expect([samEvent.uid, samEvent.sequence, samEvent.startDate.toJSDate().toISOString()]).toEqual([
      vevent.uid,
      before!.sequence + 1,
      '2026-06-17T09:00:00.000Z',
    ]);
    // The reason, and a link to their duties (where a swap is asked), not to the event's booking page.
    expect(kept.text).toContain('Reason: Gusts of 31 knots forecast');
    expect(kept.text).toContain('ask for a swap on your duties page');
    expect(kept.text).toMatch(/Your duties:\s+https?:\/\/\S+\/duties\s/);
    expect(kept.text).not.toContain('please tell the club');
    const released = await mailTo(smtp, 'tom@example.org', 'Duty released: Autumn Race');
    expect(released.text).toContain('Why: Needs Powerboat Level 2');
    expect(released.text).toContain('Reason: Gusts of 31 knots forecast');
    expect((await duties.listSlots(eventId)).map((slot) => [slot.id, slot.holders.map((h) => [h.memberId, h.window.start])])).toEqual([
      ['race-safety', [['sam', '2026-06-17T09:00:00.000Z']]],
      ['race-rib', []],
    ]);
    const outbox = await app.get('outbox').list();
    expect(
      outbox
        .filter((m) => m.kind === 'duty-change')
        .map((m) => m.mail.to)
        .sort(),
    ).toEqual(['sam@example.org', 'tom@example.org']);

    const member = await app.agent().get(`/api/events/${eventId}/conditions`);
    expect(member.body.decision).toEqual({
      decision: 'postpone',
      reason: 'Gusts of 31 knots forecast',
      decidedAt: '2026-06-08T09:30:00.000Z',
      moved: {
        fromStart: '2026-06-10T09:00:00.000Z',
        fromEnd: '2026-06-10T12:00:00.000Z',
        toStart: '2026-06-17T09:00:00.000Z',
        toEnd: '2026-06-17T12:00:00.000Z',
      },
    });
    expect(JSON.stringify(member.body)).not.toContain('officer@example.org');
    const audit = await app.get('audit').list({ limit: 50 });
    expect(audit.find((entry) => entry.action === 'event.postponed')?.summary).toBe('Postponed Autumn Race: Gusts of 31 knots forecast');
  });

  it('a postponement to the past, or without a start, is refused and moves nothing', async () => {
    const before = await app.get('events').get(eventId);
    for (const body of [
      { decision: 'postpone', reason: 'x', eventdatetime: '2026-06-01T10:00' },
      { decision: 'postpone', reason: 'x' },
      { decision: 'postpone', reason: 'x', eventdatetime: '2026-06-20T10:00', eventenddatetime: '2026-06-20T09:00' },
    ]) {
      const res = await admin.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send(body);
      expect(res.status).toBe(400);
    }
    expect(await app.get('events').get(eventId)).toEqual(before);
  });

  it('two officers deciding at once, while the kind is set: both decisions and the kind are kept', async () => {
    const before = (await admin.get(`/api/admin/events/${eventId}/go-no-go`)).body;
    const second = app.agent();
    await signIn(second, 'officer@example.org');
    const decide = (who: typeof admin, reason: string) =>
      who.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send({ decision: 'go', reason });
    const answers = await Promise.all([
      decide(admin, 'Wind 12 knots from the south-west'),
      decide(second, 'Rescue boat crewed, go ahead'),
      admin.put(`/api/admin/events/${eventId}/go-no-go/kind`).set(FETCH).send({ kind: 'club-racing' }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 204]);
    const panel = (await admin.get(`/api/admin/events/${eventId}/go-no-go`)).body;
    expect(panel.kind).toBe('club-racing');
    expect(panel.decisions.map((d: { reason: string }) => d.reason).slice(0, before.decisions.length)).toEqual(
      before.decisions.map((d: { reason: string }) => d.reason),
    );
    expect(
      panel.decisions
        .slice(before.decisions.length)
        .map((d: { reason: string }) => d.reason)
        .sort(),
    ).toEqual(['Rescue boat crewed, go ahead', 'Wind 12 knots from the south-west']);
  });

  it('go is recorded; cancel calls the event off through its cancellation, and no decision follows', async () => {
    expect((await admin.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send({ decision: 'go', reason: 'Forecast eased' })).status).toBe(
      200,
    );
    const cancelled = await admin.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send({ decision: 'cancel', reason: 'Storm warning' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.event).toMatchObject({ cancelReason: 'Storm warning' });
    expect((await app.get('bookings').listByEvent(eventId)).every((b) => b.cancelledAt !== null)).toBe(true);
    expect((await admin.post(`/api/admin/events/${eventId}/go-no-go/decisions`).set(FETCH).send({ decision: 'go', reason: 'x' })).status).toBe(409);
    const panel = await admin.get(`/api/admin/events/${eventId}/go-no-go`);
    expect(panel.body.decisions.map((d: { decision: string }) => d.decision)).toEqual(['postpone', 'go', 'go', 'go', 'cancel']);
    expect(panel.body.cancelled).toBe(true);
  });
});
