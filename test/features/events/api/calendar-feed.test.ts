import type ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { emptyEventForm } from '../../../../core/events/event-form';
import { CALENDAR_FEED_MS } from '../../../../server/features/events/calendar-feed-cache';
import { readFeed, vevents } from '../../../support/ics-feed';
import { addAdmin, addEvent, FETCH, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { asText } from '../../../support/api/text-body';

// GET /calendar.ics on the app's own storage (SQLite, and Firestore in the api-firestore project).
// The test app's clock stands at 2026-06-01 09:00 UTC, so the feed starts at 1 March 2026.

const SITE = 'https://members.kestrel-yc.example';

let app: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  app = await startTestApp({ env: { PUBLIC_BASE_URL: SITE } });
  await addAdmin(app, 'feed@example.org');
  admin = app.agent();
  await signIn(admin, 'feed@example.org');
});
afterAll(async () => {
  await app?.dispose();
});

async function getFeed(headers: Record<string, string> = {}, path = '/calendar.ics') {
  const res = await app.agent().get(path).set(headers).buffer(true).parse(asText);
  return { res, text: res.body as string };
}

function entry(text: string, eventId: string) {
  return vevents(readFeed(text)).find((e) => e.uid === `${eventId}@kyc-members-area`);
}

/** Lets the cached feed run out, as time does between two visits of a calendar app. */
function laterOn() {
  app.clock.advance(CALENDAR_FEED_MS);
}

describe('GET /calendar.ics', () => {
  it('holds the events of the last 3 months and all later ones, with the club, the booking page and times that survive both clock changes', async () => {
    const recent = await addEvent(app, { name: 'Spring series', eventdatetime: '2026-03-29T00:30:00.000Z', eventenddatetime: '2026-03-29T02:30:00.000Z' });
    const old = await addEvent(app, { name: 'Winter talk', eventdatetime: '2026-02-20T19:00:00.000Z', eventenddatetime: '2026-02-20T21:00:00.000Z' });
    const autumn = await addEvent(app, { name: 'Laying-up supper', eventdatetime: '2026-10-25T00:30:00.000Z', eventenddatetime: '2026-10-25T01:45:00.000Z' });
    const allDay = await addEvent(app, { name: 'Clock-change cruise', eventdatetime: '2026-10-24T23:00:00.000Z', eventenddatetime: null });
    const tbc = await addEvent(app, { name: 'Date to come', eventdatetime: null });
    laterOn();
    const { res, text } = await getFeed();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = readFeed(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Kestrel Yacht Club events');

    expect(entry(text, old.id)).toBeUndefined();
    expect(entry(text, tbc.id)).toBeUndefined();
    const spring = entry(text, recent.id)!;
    expect(spring.summary).toBe('Spring series');
    expect(spring.startDate.toJSDate().toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(spring.endDate.toJSDate().toISOString()).toBe('2026-03-29T02:30:00.000Z');
    expect(spring.location).toBe('Kestrel Yacht Club');
    expect(spring.component.getFirstPropertyValue('url')).toBe(`${SITE}/event-booking?id=${recent.id}`);
    expect(spring.sequence).toBe(0);
    expect(spring.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const fallBack = entry(text, autumn.id)!;
    expect(fallBack.startDate.toJSDate().toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fallBack.endDate.toJSDate().toISOString()).toBe('2026-10-25T01:45:00.000Z');
    const wholeDay = entry(text, allDay.id)!;
    expect(wholeDay.startDate.isDate).toBe(true);
    expect(wholeDay.startDate.toString()).toBe('2026-10-25');
    expect(wholeDay.endDate.toString()).toBe('2026-10-26');
  });

  it('keeps a cancelled event, STATUS:CANCELLED with its reason', async () => {
    const called = await addEvent(app, {
      name: 'Dinghy day',
      eventdatetime: '2026-08-01T09:00:00.000Z',
      cancelledAt: '2026-05-30T10:00:00.000Z',
      cancelReason: 'Reservoir closed for repairs',
    });
    laterOn();
    const cancelled = entry((await getFeed()).text, called.id)!;
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.summary).toBe('Cancelled: Dinghy day');
    expect(cancelled.description).toContain('Cancelled: Reservoir closed for repairs');
  });

  it("raises SEQUENCE and LAST-MODIFIED when an admin changes the event, and the feed's ETag at once", async () => {
    const event = await addEvent(app, { name: 'Open day', eventdatetime: '2026-07-12T10:00:00.000Z' });
    laterOn();
    const before = await getFeed();
    expect(entry(before.text, event.id)!.sequence).toBe(0);
    app.clock.advance(5000);
    const form = {
      ...emptyEventForm(),
      name: 'Open day (new time)',
      description: 'Come and try sailing',
      eventdatetime: '2026-07-12T14:00',
      allowBooking: true,
    };
    expect((await admin.put(`/api/admin/events/${event.id}`).set(FETCH).send(form)).status).toBe(200);
    // No waiting: the admin's change rebuilds the feed for the next request.
    const after = await getFeed({ 'If-None-Match': before.res.headers.etag });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
    const changed = entry(after.text, event.id)!;
    expect(changed.sequence).toBe(1);
    expect(changed.summary).toBe('Open day (new time)');
    expect(changed.startDate.toJSDate().toISOString()).toBe('2026-07-12T13:00:00.000Z');
    expect((changed.component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime()).toBe(
      app.clock.now().getTime() - (app.clock.now().getTime() % 1000),
    );
    expect(
      (
        await admin
          .put(`/api/admin/events/${event.id}`)
          .set(FETCH)
          .send({ ...form, name: 'Open day' })
      ).status,
    ).toBe(200);
    expect(entry((await getFeed()).text, event.id)!.sequence).toBe(2);
  });

  it('drops an event once an admin deletes it', async () => {
    const event = await addEvent(app, { name: 'Short-lived' });
    laterOn();
    expect(entry((await getFeed()).text, event.id)).toBeDefined();
    expect((await admin.delete(`/api/admin/events/${event.id}`).set(FETCH)).status).toBe(204);
    expect(entry((await getFeed()).text, event.id)).toBeUndefined();
  });

  it('gives the booking e-mail’s calendar file the UID, SEQUENCE and link of the feed, so a calendar holding both shows one event', async () => {
    const event = await addEvent(app, { name: 'Members’ race', eventdatetime: '2026-07-20T17:30:00.000Z', sequence: 3 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, firstName: 'Ada', lastName: 'Lovelace', numberAttending: '1', email: 'ada@example.org' });
    expect(booked.status).toBe(201);
    const [message] = await app.get('outbox').list({ recordId: booked.body.bookingId });
    const file = message.mail.attachments.find((a) => a.filename.endsWith('.ics'))!;
    const fromMail = vevents(readFeed(file.content))[0];
    laterOn();
    const inFeed = entry((await getFeed()).text, event.id)!;
    expect(fromMail.uid).toBe(inFeed.uid);
    expect(fromMail.sequence).toBe(3);
    expect(inFeed.sequence).toBe(3);
    expect(fromMail.component.getFirstPropertyValue('url')).toBe(inFeed.component.getFirstPropertyValue('url'));
    expect(fromMail.startDate.toJSDate()).toEqual(inFeed.startDate.toJSDate());
  });
});

describe('GET /calendar.ics: conditional requests and caching', () => {
  it('answers 304 with no body to its own ETag (strong or weak) or Last-Modified, and the full feed otherwise', async () => {
    await addEvent(app, { name: 'Cached regatta' });
    laterOn();
    const first = await getFeed();
    const { etag, 'last-modified': lastModified } = first.res.headers;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(first.res.headers['cache-control']).toBe('public, no-cache');

    const matching: Record<string, string>[] = [
      { 'If-None-Match': etag },
      { 'If-None-Match': `W/${etag}` },
      { 'If-None-Match': `"other", ${etag}` },
      { 'If-None-Match': '*' },
      { 'If-Modified-Since': lastModified },
    ];
    for (const headers of matching) {
      const again = await getFeed(headers);
      expect(again.res.status, JSON.stringify(headers)).toBe(304);
      expect(again.text).toBe('');
      expect(again.res.headers.etag).toBe(etag);
    }
    // If-None-Match wins over If-Modified-Since (RFC 9110): a stale ETag gets the feed.
    expect((await getFeed({ 'If-None-Match': '"stale"', 'If-Modified-Since': lastModified })).res.status).toBe(200);
  });

  it('answers 200 with the feed to garbage validators and ignores the query string', async () => {
    laterOn();
    const plain = await getFeed();
    const garbage: Record<string, string>[] = [
      { 'If-None-Match': 'garbage' },
      { 'If-None-Match': '"' },
      { 'If-None-Match': ',,,' },
      { 'If-None-Match': 'W/' },
      { 'If-Modified-Since': 'yesterday' },
      { 'If-Modified-Since': '' },
      { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    ];
    for (const headers of garbage) {
      const res = await getFeed(headers);
      expect(res.res.status, JSON.stringify(headers)).toBe(200);
      expect(res.text).toBe(plain.text);
    }
    for (const query of ['?x=1', '?a[]=1&a[]=2', '?%zz', '?q=%E0%A4%A', `?${'x'.repeat(4000)}`, '?__proto__[x]=1']) {
      const res = await getFeed({}, `/calendar.ics${query}`);
      expect(res.res.status, query).toBe(200);
      expect(res.res.headers.etag).toBe(plain.res.headers.etag);
      expect(res.text).toBe(plain.text);
    }
    const head = await app.agent().head('/calendar.ics');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(plain.res.headers.etag);
  });

  it('is built once and shared: a write behind the API’s back shows only when the cached feed runs out', async () => {
    laterOn();
    const first = await getFeed();
    const sneaked = await addEvent(app, { name: 'Written by the command line' });
    const cached = await getFeed();
    expect(cached.res.headers.etag).toBe(first.res.headers.etag);
    expect(entry(cached.text, sneaked.id)).toBeUndefined();
    app.clock.advance(CALENDAR_FEED_MS - 1);
    expect((await getFeed()).res.headers.etag).toBe(first.res.headers.etag);
    app.clock.advance(1);
    const rebuilt = await getFeed({ 'If-None-Match': first.res.headers.etag });
    expect(rebuilt.res.status).toBe(200);
    expect(entry(rebuilt.text, sneaked.id)).toBeDefined();
  });

  it('keeps its ETag and Last-Modified when a rebuild gives the same text', async () => {
    laterOn();
    const first = await getFeed();
    laterOn();
    const again = await getFeed({ 'If-None-Match': first.res.headers.etag });
    expect(again.res.status).toBe(304);
    expect(again.res.headers['last-modified']).toBe(first.res.headers['last-modified']);
  });
});
