import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed } from '../../../support/ics-feed';
import { addAdmin, FETCH, serverProperty, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { ONE_SAILOR } from '../../../support/api/fixtures';

// Postponing, as a property: whatever the bookings and the new time, the bookings,
// places and money stay as they were, and the calendar feed's SEQUENCE of the event rises.
// On SQLite (project default) and on the Firestore emulator (project api-firestore).

let app: TestApp;
let admin: ReturnType<TestApp['agent']>;

beforeAll(async () => {
  app = await startTestApp();
  await addAdmin(app, 'officer@example.org');
  admin = app.agent();
  await signIn(admin, 'officer@example.org');
});
afterAll(() => app.dispose());

/** The event's VEVENT in the public feed: its SEQUENCE and DTSTART. */
async function feedEntry(eventId: string): Promise<{ sequence: number; start: string }> {
  const res = await app
    .agent()
    .get('/calendar.ics')
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    });
  const vevent = readFeed(res.body as string)
    .getAllSubcomponents('vevent')
    .find((v) => String(v.getFirstPropertyValue('uid')).includes(eventId));
  if (!vevent) throw new Error(`no VEVENT for ${eventId}`);
  return {
    sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
    start: (vevent.getFirstPropertyValue('dtstart') as { toJSDate(): Date }).toJSDate().toISOString(),
  };
}

describe('postponing an event', () => {
  it('keeps every booking, its places and its money, and raises the feed SEQUENCE', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ attending: fc.integer({ min: 1, max: 4 }), email: fc.boolean() }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('09:30', '14:00', '18:45'),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        async (bookings, daysLater, time, hours) => {
          run += 1;
          const created = await admin
            .post('/api/admin/events')
            .set(FETCH)
            .send({
              name: `Race ${run}`,
              eventdatetime: '2026-06-20T10:00',
              eventenddatetime: '2026-06-20T13:00',
              bookingEndDate: '2026-06-19T18:00',
              allowBooking: true,
            });
          expect(created.status).toBe(201);
          const eventId = created.body.event.id as string;
          for (const [i, booking] of bookings.entries()) {
            const res = await app
              .agent()
              .post('/api/bookings')
              .send({
                eventId,
                firstName: `M${i}`,
                email: booking.email ? `m${i}@example.org` : '',
                ...ONE_SAILOR,
                numberAttending: String(booking.attending),
              });
            expect(res.status).toBe(201);
          }
          const before = await app.get('bookings').listByEvent(eventId);
          const placesBefore = (await app.get('bookings').placesTakenByEvent([eventId], app.clock.now())).get(eventId) ?? 0;
          const feedBefore = await feedEntry(eventId);

          const day = new Date(Date.UTC(2026, 5, 20 + daysLater)).toISOString().slice(0, 10);
          const end = hours === null ? '' : `${day}T${String(Number(time.slice(0, 2)) + hours).padStart(2, '0')}${time.slice(2)}`;
          const res = await admin
            .post(`/api/admin/events/${eventId}/go-no-go/decisions`)
            .set(FETCH)
            .send({ decision: 'postpone', reason: 'Too windy', eventdatetime: `${day}T${time}`, eventenddatetime: end });
          expect(res.status).toBe(200);

          expect(await app.get('bookings').listByEvent(eventId)).toEqual(before);
          expect((await app.get('bookings').placesTakenByEvent([eventId], app.clock.now())).get(eventId) ?? 0).toBe(placesBefore);
          const feedAfter = await feedEntry(eventId);
          expect(feedAfter.sequence).toBeGreaterThan(feedBefore.sequence);
          expect(feedAfter.start).toBe(res.body.event.eventdatetime);
          // Each booked member with an e-mail is told once, under the revision's id.
          const told = (await app.get('outbox').list()).filter(
            (m) => m.kind === 'event-change' && m.recordId !== null && before.some((b) => b.id === m.recordId),
          );
          expect(told).toHaveLength(before.filter((b) => b.userEmail).length);
        },
      ),
      serverProperty(8),
    );
  });
});
