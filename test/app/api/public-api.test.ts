import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../../core/shared/errors';
import { addEvent, type TestApp, withTestApp } from '../../support/api/test-app';
import { useTestApp } from '../../support/api/use-test-app';
import { addWorkDays, WORK_DAY } from '../../support/api/fixtures';
import { aBookingForm } from '../../support/api/booking-form';

let app: TestApp;

useTestApp({}, async (started) => {
  app = started;
  await addWorkDays(app);
});

function expectCleanError(body: Record<string, unknown>): void {
  expect(typeof body.error).toBe('string');
  expect(Object.keys(body).every((k) => ['error', 'fields', 'permission', 'placesLeft'].includes(k))).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+|stack/i);
}

describe('meta endpoints', () => {
  it('GET /api/health names the adapters in use', async () => {
    const res = await app.agent().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      // The suite also runs on Firestore (vitest project api-firestore).
      adapters: {
        storage: process.env.API_TEST_STORAGE === 'firestore' ? 'firestore' : 'sqlite',
        search: 'sqlite',
        payments: 'test',
        identity: 'local',
        campaigns: 'database',
      },
    });
  });

  it('GET /api/config gives the club settings from the environment', async () => {
    const res = await app.agent().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      clubName: 'Kestrel Yacht Club',
      publicSiteUrl: 'https://www.kestrel-yc.example',
      feedbackEmail: 'feedback@kestrel-yc.example',
      maxAttendeesPerBooking: 50,
      paymentsMode: 'test',
      // Square's card form settings only when PAYMENTS=square (payments-api.test.ts).
      square: null,
      // Local accounts without SMTP_URL: no reset link could reach an admin (password-reset.test.ts).
      passwordReset: false,
    });
    expect(typeof res.body.searchProvider).toBe('string');
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'clubName',
        'feedbackEmail',
        'maxAttendeesPerBooking',
        'passwordReset',
        'paymentsMode',
        'photosEmail',
        'publicSiteUrl',
        'searchProvider',
        'square',
        'waterLevelUrl',
        'waterSafetyUrl',
      ].sort(),
    );
  });

  it('answers an unknown /api route with a JSON 404, and API answers are never cached', async () => {
    const res = await app.agent().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
    const post = await app.agent().post('/api/events').send({});
    expect(post.status).toBe(404);
    expect((await app.agent().get('/api/health')).headers['cache-control']).toBe('no-store');
  });
});

describe('events', () => {
  it('GET /api/events lists what the calendar shows, start ascending, with booking state and places', async () => {
    const later = await addEvent(app, { name: 'Later', eventdatetime: '2026-08-01T10:00:00.000Z', eventenddatetime: null, capacity: 20 });
    const sooner = await addEvent(app, { name: 'Sooner', eventdatetime: '2026-06-10T10:00:00.000Z', eventenddatetime: null, allowBooking: false });
    const past = await addEvent(app, { name: 'Past', eventdatetime: '2026-05-01T10:00:00.000Z', eventenddatetime: null });
    const res = await app.agent().get('/api/events');
    expect(res.status).toBe(200);
    const ids = res.body.events.map((e: { id: string }) => e.id);
    expect(ids).not.toContain(past.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    const shownLater = res.body.events.find((e: { id: string }) => e.id === later.id);
    expect(shownLater).toMatchObject({ bookingOpen: true, placesLeft: 20 });
    expect(res.body.events.find((e: { id: string }) => e.id === sooner.id)).toMatchObject({ bookingOpen: false, placesLeft: null });
  });

  it('GET /api/events/:id gives the event and why it is closed; unknown ids get "Event not found"', async () => {
    const open = await addEvent(app);
    const deadline = await addEvent(app, { bookingEndDate: '2026-05-31T00:00:00.000Z' });
    const over = await addEvent(app, { eventdatetime: '2026-05-01T10:00:00.000Z', eventenddatetime: null });
    const res = await app.agent().get(`/api/events/${open.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ event: { id: open.id, name: open.name, bookingOpen: true }, closedReason: null });
    expect((await app.agent().get(`/api/events/${deadline.id}`)).body.closedReason).toBe('deadline-passed');
    expect((await app.agent().get(`/api/events/${over.id}`)).body.closedReason).toBe('event-over');
    const missing = await app.agent().get('/api/events/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Event not found' });
  });
});

describe('POST /api/bookings', () => {
  const form = aBookingForm({ numberAttending: '3', numberOfChildren: '1', numberOfVegetarian: '0', email: '' });

  it('books a free event and stores the booking', async () => {
    const event = await addEvent(app);
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, email: ' ada@example.org ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ paymentRequired: false, amount: 0, currency: 'GBP', checkoutId: null, redirectUrl: null });
    const stored = await app.get('bookings').get(res.body.bookingId);
    expect(stored).toMatchObject({ eventId: event.id, firstName: 'Ada', numberAttending: 3, numberOfChildren: 1, userEmail: 'ada@example.org' });
  });

  it('refuses bad counts with the spec messages per field and stores nothing', async () => {
    const event = await addEvent(app);
    const before = (await app.get('bookings').listByEvent(event.id)).length;
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '2', numberOfChildren: '5' });
    expect(res.status).toBe(400);
    expect(res.body.fields.numberOfChildren).toBe('Number of children (5) cannot exceed total attendees (2)');
    const none = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '0' });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Number of attendees must be at least 1');
    const names = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, firstName: ' ', lastName: '' });
    expect(names.status).toBe(400);
    expect(names.body.fields).toMatchObject({ firstName: 'First name is required', lastName: 'Last name is required' });
    const tooMany = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '123456789', numberOfChildren: '0' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('A booking can be for at most 50 attendees');
    expect((await app.get('bookings').listByEvent(event.id)).length).toBe(before);
  });

  it('answers 404 for an unknown event and 400 without an event id', async () => {
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: 'nope', ...form });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Event not found' });
    const missing = await app.agent().post('/api/bookings').send(form);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('No event ID provided');
  });

  it('refuses a closed event with 409 "Booking is closed for this event"', async () => {
    for (const fields of [
      { allowBooking: false },
      { bookingEndDate: '2026-05-31T23:00:00.000Z' },
      { eventdatetime: '2026-05-20T10:00:00.000Z', eventenddatetime: null },
    ]) {
      const event = await addEvent(app, fields);
      const res = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId: event.id, ...form });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Booking is closed for this event' });
    }
  });

  it('refuses a booking that would overfill with the places left, then "Fully booked"', async () => {
    const event = await addEvent(app, { capacity: 4 });
    expect(
      (
        await app
          .agent()
          .post('/api/bookings')
          .send({ eventId: event.id, ...form })
      ).status,
    ).toBe(201);
    const over = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '2', numberOfChildren: '0' });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ error: 'Sorry, only 1 places are left', placesLeft: 1 });
    expect(
      (
        await app
          .agent()
          .post('/api/bookings')
          .send({ eventId: event.id, ...form, numberAttending: '1', numberOfChildren: '0' })
      ).status,
    ).toBe(201);
    const full = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '1', numberOfChildren: '0' });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: 'Fully booked', placesLeft: 0 });
    expect((await app.agent().get(`/api/events/${event.id}`)).body.event.placesLeft).toBe(0);
  });

  it('books a paid event unpaid, priced by the server, and sends the browser to the card step', async () => {
    const event = await addEvent(app, { requiresPayment: true, price: 1250 });
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '3', numberOfChildren: '1' });
    expect(res.status).toBe(201);
    // 2 adults at £12.50 and a child at half price, £6.25.
    expect(res.body).toMatchObject({ paymentRequired: true, amount: 3125, currency: 'GBP', checkoutId: expect.stringMatching(/^chk\.3125\.GBP\./) });
    const query = new URLSearchParams({ id: event.id, payment: 'pending', checkoutId: res.body.checkoutId });
    expect(res.body.redirectUrl).toBe(`/event-booking?${query}`);
    expect(await app.get('bookings').get(res.body.bookingId)).toMatchObject({ paid: false, paymentAmount: 3125, checkoutId: res.body.checkoutId });
  });
});

describe('work days', () => {
  it('GET /api/work-days lists the active ones with volunteer counts', async () => {
    const res = await app.agent().get('/api/work-days');
    expect(res.status).toBe(200);
    expect(res.body.workDays.map((w: { id: string }) => w.id)).toEqual([WORK_DAY.id]);
    expect(res.body.workDays[0].jobs[0]).toMatchObject({ id: 'painting', currentVolunteers: expect.any(Number) });
  });

  it('GET /api/work-days/:id gives one; inactive and unknown ones are "Work Day Not Found"', async () => {
    expect((await app.agent().get(`/api/work-days/${WORK_DAY.id}`)).body.workDay.name).toBe('Spring work day');
    for (const id of ['old-work-day', 'nope']) {
      const res = await app.agent().get(`/api/work-days/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Work Day Not Found' });
    }
  });

  it('POST /api/work-days/:id/signups stores a sign-up and counts it', async () => {
    const before = (await app.agent().get(`/api/work-days/${WORK_DAY.id}`)).body.workDay.jobs[0].currentVolunteers;
    const res = await app
      .agent()
      .post(`/api/work-days/${WORK_DAY.id}/signups`)
      .send({
        firstName: 'Grace',
        lastName: 'Hopper',
        selectedJobs: ['painting', 'pontoons'],
        otherJob: 'Cake',
        notes: '',
        bringingTools: true,
        wantsFood: true,
      });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ signupId: expect.any(String), jobsChosen: 3 });
    const after = (await app.agent().get(`/api/work-days/${WORK_DAY.id}`)).body.workDay.jobs[0].currentVolunteers;
    expect(after).toBe(before + 1);
  });

  it('refuses a sign-up without jobs or names with the spec messages', async () => {
    const noJob = await app.agent().post(`/api/work-days/${WORK_DAY.id}/signups`).send({ firstName: 'A', lastName: 'B', selectedJobs: [] });
    expect(noJob.status).toBe(400);
    expect(noJob.body.error).toBe("Please select at least one job you'd like to help with");
    const noName = await app
      .agent()
      .post(`/api/work-days/${WORK_DAY.id}/signups`)
      .send({ firstName: ' ', lastName: 'B', selectedJobs: ['painting'] });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('Please enter your first and last name');
    const unknown = await app
      .agent()
      .post('/api/work-days/nope/signups')
      .send({ firstName: 'A', lastName: 'B', selectedJobs: ['painting'] });
    expect(unknown.status).toBe(404);
  });
});

describe('content', () => {
  it('GET /api/campaigns lists campaigns newest first', async () => {
    await app.get('campaigns').put({ id: 'c1', subject: 'Older', finished_at: '2026-05-01T10:00:00.000Z', preview_url: 'https://example.org/c1' });
    await app.get('campaigns').put({ id: 'c2', subject: 'Newer', finished_at: '2026-05-20T10:00:00.000Z', preview_url: null });
    const res = await app.agent().get('/api/campaigns');
    expect(res.status).toBe(200);
    expect(res.body.campaigns.map((c: { subject: string }) => c.subject)).toEqual(['Newer', 'Older']);
  });

  it('GET /api/campaigns answers 502 with the source message when the source fails', async () => {
    const source = {
      listRecent: async () => {
        throw new UnavailableError('Failed to fetch communications: Service Unavailable');
      },
    };
    await withTestApp({ adapters: { campaignSource: source } }, async (failing) => {
      const res = await failing.agent().get('/api/campaigns');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: 'Failed to fetch communications: Service Unavailable' });
    });
  });

  it('GET /api/documents lists documents with their file address, and the file is served as a PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 test');
    await app.get('files').put('documents/handbook-v1', bytes);
    await app
      .get('documents')
      .put(
        { id: 'handbook', title: 'Members handbook', description: 'Read me', category: 'club', fileName: 'members-handbook.pdf', tags: [], position: 0 },
        'documents/handbook-v1',
      );
    const res = await app.agent().get('/api/documents');
    expect(res.status).toBe(200);
    expect(res.body.documents).toContainEqual(expect.objectContaining({ id: 'handbook', url: '/api/documents/handbook/file' }));
    const file = await app
      .agent()
      .get('/api/documents/handbook/file')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="members-handbook.pdf"');
    expect(Buffer.compare(file.body as Buffer, Buffer.from(bytes))).toBe(0);
    const missing = await app.agent().get('/api/documents/nope/file');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Document not found' });
  });

  it('GET /api/water-levels gives the last 365 days by default and a chosen range on request', async () => {
    await app.get('waterLevels').putMany([
      { date: '2025-05-01', percentFull: 50 },
      { date: '2025-06-02', percentFull: 60 },
      { date: '2026-05-30', percentFull: 80 },
      { date: '2026-06-01', percentFull: 81 },
    ]);
    const res = await app.agent().get('/api/water-levels');
    expect(res.status).toBe(200);
    expect(res.body.readings.map((r: { date: string }) => r.date)).toEqual(['2025-06-02', '2026-05-30', '2026-06-01']);
    const range = await app.agent().get('/api/water-levels?from=2025-04-01&to=2025-05-31');
    expect(range.body.readings).toEqual([{ date: '2025-05-01', percentFull: 50 }]);
    const bad = await app.agent().get('/api/water-levels?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.from).toBe('from must be a date (YYYY-MM-DD)');
    expect((await app.agent().get('/api/water-levels?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await app.agent().get('/api/water-levels?from=1990-01-01&to=2026-01-01')).status).toBe(400);
  });

  it('GET /api/search finds an event and ranks hits; a blank query searches nothing', async () => {
    await app
      .get('search')
      .upsert('events', [{ objectID: 'regatta', type: 'event', category: 'event', name: 'Kestrel Regatta', description: 'Racing', tags: [] }]);
    await app
      .get('search')
      .upsert('pages', [{ objectID: 'page-regatta', type: 'page', category: 'general', title: 'Regatta rules', path: '/information', tags: [] }]);
    const res = await app.agent().get('/api/search?q=regatta');
    expect(res.status).toBe(200);
    expect(res.body.hits.map((h: { objectID: string }) => h.objectID)).toEqual(['regatta', 'page-regatta']);
    expect(res.body.hits[0].index).toBe('events');
    expect(typeof res.body.provider).toBe('string');
    const blank = await app.agent().get('/api/search?q=%20%20');
    expect(blank.status).toBe(200);
    expect(blank.body.hits).toEqual([]);
    expect((await app.agent().get('/api/search')).body.hits).toEqual([]);
    expect((await app.agent().get('/api/search?q=a&q=b')).status).toBe(400);
    expect((await app.agent().get(`/api/search?q=${'x'.repeat(201)}`)).status).toBe(400);
  });
});

describe('request errors', () => {
  it('malformed JSON is a 400 with a clear message', async () => {
    const res = await app.agent().post('/api/bookings').set('Content-Type', 'application/json').send('{"eventId": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('a body over 100 kB is a 413', async () => {
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ firstName: 'x'.repeat(110_000) });
    expect(res.status).toBe(413);
    expectCleanError(res.body);
  });

  it('a body that is not a JSON object is a 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await app.agent().post('/api/bookings').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expectCleanError(res.body);
    }
    const form = await app.agent().post('/api/bookings').type('form').send('eventId=x');
    expect(form.status).toBe(400);
  });

  it('an adapter failure is a 500 "Something went wrong" without any internal detail', async () => {
    await withTestApp({}, async (broken) => {
      const events = broken.get('events');
      events.listNotOverBefore = async () => {
        throw new Error('SQLITE_CORRUPT: secret internals at /srv/db.ts:12');
      };
      const res = await broken.agent().get('/api/events');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Something went wrong' });
    });
  });
});
