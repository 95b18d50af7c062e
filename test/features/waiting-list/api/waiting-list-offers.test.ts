import { describe, expect, it } from 'vitest';
import { OfferFreedPlaces } from '../../../../core/waiting-list/offer-freed-places';
import { WAITING_LIST_ROUND_JOB } from '../../../../core/operations/scheduled-work';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { addAdmin, addEvent, FETCH, signIn, type TestApp } from '../../../support/api/test-app';
import { useTestAppWithMail } from '../../../support/api/use-test-app';
import { aBookingForm } from '../../../support/api/booking-form';

const form = aBookingForm({ email: '' });

let smtp: SmtpTestServer;
let app: TestApp;

// The tests run the waiting lists' round by hand (round below). The server's own job runner runs
// it too: in its first round at start, and on its 15-second tick once the test's clock makes it due.
// So the tick is set past the file's end, and the tests begin once the first round has run the
// waiting lists' round: no round of the server's own can take an offer between a test's step and
// its check, however slow the machine.
useTestAppWithMail({ env: { WAITLIST_OFFER_HOURS: '24' }, build: { jobRoundMs: 24 * 3_600_000 } }, async (started) => {
  ({ smtp, app } = started);
  await addAdmin(app, 'boss@example.org');
  for (;;) {
    const job = await app.built.ports.get('jobs').get(WAITING_LIST_ROUND_JOB);
    if (job !== null && Date.parse(job.dueAt) > app.clock.now().getTime()) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

/** The waiting lists' round, as the job runner runs it every 30 seconds. */
const round = () => app.built.ports.useCase(OfferFreedPlaces).execute();

async function mailTo(address: string, subject: string) {
  for (;;) {
    const found = smtp.received.find((m) => m.subject === subject && m.to && !Array.isArray(m.to) && m.to.text === address);
    if (found) return found;
    await smtp.waitFor(smtp.received.length + 1);
  }
}

function offerTokenOf(text: string): string {
  const url = new URL(/https:\/\/members\.kestrel-yc\.example\/event-booking\?\S+/.exec(text)?.[0] ?? 'https://none.example');
  return url.searchParams.get('offer') ?? '';
}

/** An event of `capacity` places, all taken by one booking; its manage token. */
async function fullEvent(name: string, capacity: number) {
  const event = await addEvent(app, { name, capacity });
  const res = await app
    .agent()
    .post('/api/bookings')
    .send({ eventId: event.id, ...form, numberAttending: String(capacity) });
  expect(res.status).toBe(201);
  return { event, manageToken: new URL(res.body.managePath, 'http://x').searchParams.get('token')! };
}

async function joinAs(eventId: string, name: string, places: number) {
  const res = await app
    .agent()
    .post(`/api/events/${eventId}/waiting-list`)
    .send({ name, email: `${name.toLowerCase()}@example.org`, places });
  expect(res.status).toBe(201);
  app.clock.advance(1000);
  return res.body.entryId as string;
}

const placesLeft = async (eventId: string) => (await app.agent().get(`/api/events/${eventId}`)).body.event.placesLeft as number;

describe('offers of freed places', () => {
  it('a cancellation offers the first in line whose places fit; the offer holds them; its link books them', async () => {
    const { event, manageToken } = await fullEvent('Regatta Dinner', 2);
    const grace = await joinAs(event.id, 'Grace', 2);
    const alan = await joinAs(event.id, 'Alan', 1);
    expect((await round()).offered).toEqual([]);

    expect((await app.agent().post('/api/my-booking/cancel').send({ token: manageToken })).status).toBe(200);
    expect(await round()).toEqual({ offered: [grace], expired: [] });
    expect(await round()).toEqual({ offered: [], expired: [] });
    const mail = await mailTo('grace@example.org', 'Places for you: Regatta Dinner');
    expect(mail.text).toContain('Places held: 2');
    const token = offerTokenOf(mail.text ?? '');
    // The offer's places are held: nobody else can take them.
    expect(await placesLeft(event.id)).toBe(0);
    const other = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '1' });
    expect(other.status).toBe(409);
    expect((await app.get('waitingList').get(alan))?.status).toBe('waiting');

    const offer = await app.agent().get('/api/waiting-list/offer').query({ token });
    expect(offer.body).toMatchObject({ eventId: event.id, name: 'Grace', email: 'grace@example.org', places: 2 });
    // The offer token is not a manage token, a leave token is not an offer token.
    expect((await app.agent().get('/api/my-booking').query({ token })).status).toBe(404);
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', offerToken: token });
    expect(booked.status).toBe(201);
    expect((await app.get('waitingList').get(grace))?.status).toBe('booked');
    expect(await placesLeft(event.id)).toBe(0);
    expect(await app.get('bookings').checkPlaces({ now: app.clock.now(), repair: false })).toEqual([]);
    // Used once: the link books nothing more.
    const again = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, offerToken: token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This offer is no longer valid. The places may have been offered to someone else.');
  });

  it('an offer not taken in time passes to the next person in line', async () => {
    const { event, manageToken } = await fullEvent('Night Race', 2);
    const grace = await joinAs(event.id, 'Gwen', 2);
    const alan = await joinAs(event.id, 'Alba', 2);
    await app.agent().post('/api/my-booking/cancel').send({ token: manageToken });
    expect((await round()).offered).toEqual([grace]);
    const token = offerTokenOf((await mailTo('gwen@example.org', 'Places for you: Night Race')).text ?? '');

    app.clock.advance(24 * 3_600_000 - 1000);
    expect(await round()).toEqual({ offered: [], expired: [] });
    app.clock.advance(1000);
    expect(await round()).toEqual({ offered: [alan], expired: [grace] });
    expect((await app.get('waitingList').get(grace))?.status).toBe('expired');
    await mailTo('alba@example.org', 'Places for you: Night Race');
    const late = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, offerToken: token });
    expect(late.status).toBe(409);
    expect(await placesLeft(event.id)).toBe(0);
  });

  it('concurrent bookings while an offer holds places never overfill, and the offer can still be taken', async () => {
    const event = await addEvent(app, { name: 'Crowded Sail', capacity: 3 });
    await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '3' })
      .expect(201);
    const bookings = await app.get('bookings').listByEvent(event.id);
    const first = await joinAs(event.id, 'Hedy', 2);
    await app
      .get('bookings')
      .change(bookings[0].id, app.clock.now(), (current) => ({ booking: { ...current, cancelledAt: app.clock.now().toISOString(), cancelledBy: 'member' } }));
    expect((await round()).offered).toEqual([first]);
    const token = offerTokenOf((await mailTo('hedy@example.org', 'Places for you: Crowded Sail')).text ?? '');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        app
          .agent()
          .post('/api/bookings')
          .send({ eventId: event.id, ...form, numberAttending: '1' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const taken = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '2', offerToken: token });
    expect(taken.status).toBe(201);
    expect(await placesLeft(event.id)).toBe(0);
    const standing = (await app.get('bookings').listByEvent(event.id)).filter((b) => b.cancelledAt === null);
    expect(standing.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(3);
  });

  it('admins offer places by hand, out of turn, when they are free; removing someone with an offer frees its places', async () => {
    const { event, manageToken } = await fullEvent('Club Supper', 2);
    await joinAs(event.id, 'Ida', 2);
    const second = await joinAs(event.id, 'Joan', 1);
    const boss = app.agent();
    await signIn(boss, 'boss@example.org');
    const refused = await boss.post(`/api/admin/events/${event.id}/waiting-list/${second}/offer`).set(FETCH);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The places this person wants are not free');
    await app.agent().post('/api/my-booking/cancel').send({ token: manageToken });
    const offered = await boss.post(`/api/admin/events/${event.id}/waiting-list/${second}/offer`).set(FETCH);
    expect(offered.status).toBe(200);
    expect(offered.body.entries.find((e: { id: string }) => e.id === second)).toMatchObject({
      status: 'offered',
      offeredUntil: new Date(app.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(await placesLeft(event.id)).toBe(1);
    expect((await app.get('audit').list({ recordId: event.id, limit: 10 })).map((e) => e.action)).toEqual(['waitlist.offered']);
    await mailTo('joan@example.org', 'Places for you: Club Supper');

    await boss.post(`/api/admin/events/${event.id}/waiting-list/${second}/remove`).set(FETCH).expect(200);
    expect(await placesLeft(event.id)).toBe(2);
  });
});
