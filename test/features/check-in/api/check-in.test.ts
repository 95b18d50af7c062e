import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import { useTestApp } from '../../../support/api/use-test-app';
import { FETCH, NOW, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { startOfLondonDay } from '../../../../core/shared/london-time';

// On SQLite (project default) and on the Firestore emulator (project api-firestore). The clock
// stands at 2026-06-01 09:00 UTC (10:00 London): "today" is 1 June, "tomorrow" 2 June.

let app: TestApp;
let officer: ReturnType<TestApp['agent']>;
let reader: ReturnType<TestApp['agent']>;
let auditor: ReturnType<TestApp['agent']>;

useTestApp({ env: { CLUB_EMERGENCY_CONTACTS: 'Coastguard: 999; Harbour master: 01234 567890' } }, async (started) => {
  app = started;
  await storeOfficerDay((name) => app.get(name), startOfLondonDay(new Date(NOW)));
  officer = await signedInAdmin(app, 'officer@example.org', ['bookings:write', 'bookings:read']);
  reader = await signedInAdmin(app, 'reader@example.org', ['bookings:read']);
  auditor = await signedInAdmin(app, 'auditor@example.org', ['audit:read']);
});

/** The booking's lines in the audit log, as an admin with audit:read reads them. */
async function checkInsOf(bookingId: string): Promise<{ action: string; actor: unknown; summary: string; changes: unknown[] }[]> {
  const answer = await auditor.get(`/api/admin/audit?recordId=${bookingId}`);
  expect(answer.status).toBe(200);
  return answer.body.entries.filter((entry: { action: string }) => entry.action === 'booking.checked-in');
}

const mark = (bookingId: string, body: Record<string, unknown>) => officer.post(`/api/admin/bookings/${bookingId}/attendance`).set(FETCH).send(body);

describe("the officer of the day's page", () => {
  it("lists today's and tomorrow's events with their standing bookings, the duty roster with phones, the go/no-go and the club's emergency numbers", async () => {
    const res = await officer.get('/api/admin/officer-day');
    expect(res.status).toBe(200);
    expect(res.body.emergencyContacts).toEqual([
      { name: 'Coastguard', phone: '999' },
      { name: 'Harbour master', phone: '01234 567890' },
    ]);
    const [today, tomorrow] = res.body.days;
    expect(today).toMatchObject({ date: '2026-06-01', label: 'Today' });
    expect(tomorrow).toMatchObject({ date: '2026-06-02', label: 'Tomorrow' });
    expect(today.events.map((e: { name: string }) => e.name)).toEqual(['Club race']);
    expect(tomorrow.events.map((e: { name: string }) => e.name)).toEqual(['Sundowner social']);
    const race = today.events[0];
    // Sorted by name; the cancelled booking is left out.
    expect(race.bookings.map((b: { name: string; numberAttending: number }) => [b.name, b.numberAttending])).toEqual([
      ['Gina Guest', 2],
      ['Helen Harbour', 3],
      ['Sol Alone', 1],
    ]);
    expect(race.bookings[1].householdAttendees).toEqual([
      { personId: 'p-milly', name: 'Milly Harbour', place: 'child' },
      { personId: 'p-sam', name: 'Sam Harbour', place: 'adult' },
    ]);
    expect(race.bookings[1].attendance).toMatchObject({ arrived: 0, arrivedPeople: [], version: 0 });
    // Each sailor's phone and emergency contact the member list holds: the booker matched by the
    // booking's member, else by its e-mail; none for a booker who is no member.
    expect(race.bookings.map((b: Record<string, unknown>) => [b.name, b.phone, b.emergencyContactName, b.emergencyContactPhone])).toEqual([
      ['Gina Guest', null, 'Greg Guest', '+44 7700 900999'],
      ['Helen Harbour', '07700 900777', 'Hal Harbour', '07700 900888'],
      ['Sol Alone', null, null, null],
    ]);
    expect(race.duties).toEqual([
      {
        slotId: 'race-ro',
        dutyName: 'Race officer',
        needed: 1,
        holders: [
          { memberId: 'mem-ro', name: 'Rita Officer', phone: '07700 900123', emergencyContactName: 'Ron Officer', emergencyContactPhone: '07700 900456' },
        ],
      },
    ]);
    expect(race.goNoGo).toMatchObject({ eventId: OFFICER_DAY.raceId, safetyCover: { status: 'green' } });
  });

  it('needs bookings:write', async () => {
    const res = await reader.get('/api/admin/officer-day');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'You do not have permission to change bookings.', permission: 'bookings:write' });
  });
});

describe('check-in', () => {
  it('applies a mark once per key: a resend answers the same state and changes nothing', async () => {
    const key = randomUUID();
    const first = await mark(OFFICER_DAY.householdBookingId, { key, expectedVersion: 0, arrived: 2, arrivedPeople: ['p-milly'] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      result: 'applied',
      attendance: { arrived: 2, arrivedPeople: ['p-milly'], version: 1, updatedBy: 'officer@example.org' },
    });
    const again = await mark(OFFICER_DAY.householdBookingId, { key, expectedVersion: 0, arrived: 2, arrivedPeople: ['p-milly'] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ result: 'repeated', attendance: { arrived: 2, version: 1 } });
    expect(await app.get('attendance').countAppliedMarks(OFFICER_DAY.householdBookingId)).toBe(1);
    const page = await officer.get('/api/admin/officer-day');
    const helen = page.body.days[0].events[0].bookings.find((b: { bookingId: string }) => b.bookingId === OFFICER_DAY.householdBookingId);
    expect(helen.attendance).toMatchObject({ arrived: 2, arrivedPeople: ['p-milly'], version: 1 });
    // One line in the audit log for the mark applied, none for its resend.
    expect(await checkInsOf(OFFICER_DAY.householdBookingId)).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'admin', email: 'officer@example.org' }),
        summary: 'Checked in: 2 of 3 arrived (1 of 2 named)',
        changes: [
          { field: 'arrived', before: 0, after: 2 },
          { field: 'namedArrived', before: 0, after: 1 },
        ],
      }),
    ]);
  });

  it('answers a mark on a version another officer changed since with the state as it now stands, without overwriting it', async () => {
    const other = await signedInAdmin(app, 'second-officer@example.org', ['bookings:write']);
    const theirs = await other
      .post(`/api/admin/bookings/${OFFICER_DAY.guestBookingId}/attendance`)
      .set(FETCH)
      .send({ key: randomUUID(), expectedVersion: 0, arrived: 2 });
    expect(theirs.status).toBe(200);
    const mine = await mark(OFFICER_DAY.guestBookingId, { key: randomUUID(), expectedVersion: 0, arrived: 1 });
    expect(mine.status).toBe(409);
    expect(mine.body).toEqual({
      message: 'Changed by another officer: now 2 arrived',
      attendance: expect.objectContaining({ arrived: 2, version: 1, updatedBy: 'second-officer@example.org' }),
    });
    expect(await app.get('attendance').get(OFFICER_DAY.guestBookingId)).toMatchObject({ arrived: 2, version: 1 });
    // The other officer's mark is logged; the refused one is not.
    expect((await checkInsOf(OFFICER_DAY.guestBookingId)).map((entry) => [entry.summary, entry.actor])).toEqual([
      ['Checked in: 2 of 2 arrived', expect.objectContaining({ email: 'second-officer@example.org' })],
    ]);
  });

  it('the same key sent five times at once is applied exactly once', async () => {
    const body = { key: randomUUID(), expectedVersion: 0, arrived: 1 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => mark(OFFICER_DAY.soloBookingId, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.result === 'applied')).toHaveLength(1);
    expect(await app.get('attendance').countAppliedMarks(OFFICER_DAY.soloBookingId)).toBe(1);
    expect(await app.get('attendance').get(OFFICER_DAY.soloBookingId)).toMatchObject({ arrived: 1, version: 1 });
    expect(await checkInsOf(OFFICER_DAY.soloBookingId)).toHaveLength(1);
  });

  it('ticks the booker by name, beside the others, and counts it once', async () => {
    // Sue booked the social alone (aBooking: one attendee), nobody checked in yet.
    const res = await mark('bk-social', { key: randomUUID(), expectedVersion: 0, arrived: 1, arrivedPeople: ['booker'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'applied', attendance: { arrived: 1, arrivedPeople: ['booker'], version: 1 } });
    // The booker ticked is no longer one of the others: one more would be more than booked.
    const over = await mark('bk-social', { key: randomUUID(), expectedVersion: 1, arrived: 2, arrivedPeople: ['booker'] });
    expect(over.status).toBe(400);
    expect(await app.get('attendance').get('bk-social')).toMatchObject({ arrived: 1, arrivedPeople: ['booker'], version: 1 });
  });

  it('refuses what the rule refuses, with a clear message, and changes nothing', async () => {
    const before = await app.get('attendance').get(OFFICER_DAY.householdBookingId);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ key: randomUUID(), expectedVersion: 1, arrived: 4 }, 400, 'More arrived than the booking has attendees'],
      [{ key: randomUUID(), expectedVersion: 1, arrived: 2, arrivedPeople: ['p-stranger'] }, 400, "Only the booking's named attendees can be ticked by name"],
      [
        { key: randomUUID(), expectedVersion: 1, arrived: 3, arrivedPeople: ['p-milly'] },
        400,
        'More others arrived than the booking has beside its named attendees',
      ],
      [{ key: 'not-a-uuid', expectedVersion: 1, arrived: 1 }, 400, 'The key must be a UUID'],
    ];
    for (const [body, status, message] of cases) {
      const res = await mark(OFFICER_DAY.householdBookingId, body);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await app.get('attendance').get(OFFICER_DAY.householdBookingId)).toEqual(before);
    expect((await mark(OFFICER_DAY.cancelledBookingId, { key: randomUUID(), expectedVersion: 0, arrived: 1 })).body).toEqual({
      error: 'A cancelled booking cannot be checked in',
    });
    expect((await mark('no-such-booking', { key: randomUUID(), expectedVersion: 0, arrived: 1 })).status).toBe(404);
  });

  it("shows in the admin's bookings list and the CSV export", async () => {
    const list = await reader.get(`/api/admin/events/${OFFICER_DAY.raceId}/bookings`);
    const row = list.body.bookings.find((b: { id: string }) => b.id === OFFICER_DAY.householdBookingId);
    expect(row.attendance).toMatchObject({ arrived: 2, arrivedPeople: ['p-milly'] });
    expect(list.body.bookings.find((b: { id: string }) => b.id === OFFICER_DAY.cancelledBookingId).attendance).toBeNull();
    const csv = await reader.get(`/api/admin/events/${OFFICER_DAY.raceId}/bookings.csv`);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toMatch(/,Arrived,Named Arrived$/);
    expect(lines.find((line) => line.startsWith(`${OFFICER_DAY.householdBookingId},`))).toMatch(/,2,Milly Harbour \(child\)$/);
  });
});

const afloatMark = (bookingId: string, body: Record<string, unknown>) => officer.post(`/api/admin/bookings/${bookingId}/afloat`).set(FETCH).send(body);

describe('the tally board (afloat and ashore)', () => {
  it('marks an arrived named attendee afloat once per key, the last mark by its time winning, and the page shows it', async () => {
    const booking = OFFICER_DAY.householdBookingId;
    const arrived = await mark(booking, {
      key: randomUUID(),
      expectedVersion: (await app.get('attendance').get(booking))?.version ?? 0,
      arrived: 2,
      arrivedPeople: ['p-milly'],
    });
    expect(arrived.status).toBe(200);
    const before = await app.get('attendance').get(booking);
    const marksBefore = await app.get('attendance').countAppliedMarks(booking);
    const key = randomUUID();
    const out = await afloatMark(booking, { key, personId: 'p-milly', afloat: true, markedAt: '2026-06-01T08:10:00.000Z' });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      result: 'applied',
      attendance: { version: before?.version, afloat: { 'p-milly': { afloat: true, at: '2026-06-01T08:10:00.000Z', by: 'officer@example.org' } } },
    });
    // Sent again (a reconnecting device): repeated, nothing changes.
    expect((await afloatMark(booking, { key, personId: 'p-milly', afloat: true, markedAt: '2026-06-01T08:10:00.000Z' })).body.result).toBe('repeated');
    // A mark made earlier but sent later (queued offline) does not bring her back ashore.
    expect((await afloatMark(booking, { key: randomUUID(), personId: 'p-milly', afloat: false, markedAt: '2026-06-01T08:05:00.000Z' })).body).toMatchObject({
      result: 'applied',
      attendance: { afloat: { 'p-milly': { afloat: true } } },
    });
    expect(await app.get('attendance').countAppliedMarks(booking)).toBe(marksBefore + 2);
    const page = await officer.get('/api/admin/officer-day');
    const helen = page.body.days[0].events[0].bookings.find((b: { bookingId: string }) => b.bookingId === booking);
    expect(helen.attendance).toMatchObject({ arrived: 2, version: before?.version, afloat: { 'p-milly': { afloat: true } } });
    // Back ashore, later: she is no longer afloat.
    expect((await afloatMark(booking, { key: randomUUID(), personId: 'p-milly', afloat: false, markedAt: '2026-06-01T08:50:00.000Z' })).body).toMatchObject({
      attendance: { afloat: { 'p-milly': { afloat: false } } },
    });
  });

  it('refuses what the rule refuses, with a clear message, and changes nothing', async () => {
    const booking = OFFICER_DAY.householdBookingId;
    const before = await app.get('attendance').get(booking);
    const cases: [Record<string, unknown>, string][] = [
      [{ key: randomUUID(), personId: 'p-sam', afloat: true, markedAt: '2026-06-01T09:10:00.000Z' }, 'Only an attendee ticked as arrived can go afloat'],
      [
        { key: randomUUID(), personId: 'p-stranger', afloat: false, markedAt: '2026-06-01T09:10:00.000Z' },
        "Only the booking's named attendees can be marked afloat or ashore",
      ],
      [{ key: 'not-a-uuid', personId: 'p-milly', afloat: true, markedAt: '2026-06-01T09:10:00.000Z' }, 'The key must be a UUID'],
      [{ key: randomUUID(), personId: 'p-milly', afloat: 'yes', markedAt: '2026-06-01T09:10:00.000Z' }, 'afloat must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await afloatMark(booking, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await app.get('attendance').get(booking)).toEqual(before);
    const good = { key: randomUUID(), personId: 'booker', afloat: false, markedAt: '2026-06-01T09:10:00.000Z' };
    expect((await afloatMark(OFFICER_DAY.cancelledBookingId, good)).body).toEqual({ error: 'A cancelled booking cannot be checked in' });
    expect((await afloatMark('no-such-booking', good)).status).toBe(404);
    expect((await reader.post(`/api/admin/bookings/${booking}/afloat`).set(FETCH).send(good)).status).toBe(403);
    expect(await app.get('attendance').get(OFFICER_DAY.cancelledBookingId)).toBeNull();
  });

  it("takes a mark dated in the future as made when it reached the server, so a phone's fast clock cannot pin a sailor afloat", async () => {
    const booking = OFFICER_DAY.householdBookingId;
    const ahead = await afloatMark(booking, { key: randomUUID(), personId: 'p-milly', afloat: true, markedAt: '2030-01-01T00:00:00.000Z' });
    expect(ahead.body).toMatchObject({ result: 'applied', attendance: { afloat: { 'p-milly': { afloat: true, at: new Date(NOW).toISOString() } } } });
    // The next mark, from a phone with the right time, brings her back ashore.
    const back = await afloatMark(booking, { key: randomUUID(), personId: 'p-milly', afloat: false, markedAt: new Date(NOW).toISOString() });
    expect(back.body).toMatchObject({ attendance: { afloat: { 'p-milly': { afloat: false } } } });
  });
});

describe('walk-ins', () => {
  const addWalkIn = (eventId: string, body: Record<string, unknown>, agent = officer) =>
    agent.post(`/api/admin/events/${eventId}/walk-ins`).set(FETCH).send(body);
  const walkInsOf = async (eventId: string) => app.get('attendance').listWalkIns([eventId]);
  async function eventLog(eventId: string, action: string): Promise<{ summary: string; actor: { email?: string } }[]> {
    const answer = await auditor.get(`/api/admin/audit?recordId=${eventId}`);
    expect(answer.status).toBe(200);
    return answer.body.entries.filter((entry: { action: string }) => entry.action === action);
  }

  it('adds a walk-in once however often the same id is sent (also at once), shows them on the page and logs it once', async () => {
    const id = randomUUID();
    const body = { id, name: '  Wendy Walker ', phone: '07700 900123', emergencyContactName: 'Walt Walker', emergencyContactPhone: '07700 900456' };
    const first = await addWalkIn(OFFICER_DAY.raceId, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      result: 'applied',
      walkIn: {
        id,
        eventId: OFFICER_DAY.raceId,
        name: 'Wendy Walker',
        phone: '07700 900123',
        emergencyContactName: 'Walt Walker',
        emergencyContactPhone: '07700 900456',
        addedBy: 'officer@example.org',
        afloat: null,
      },
    });
    const replays = await Promise.all(Array.from({ length: 4 }, () => addWalkIn(OFFICER_DAY.raceId, { ...body, name: 'Someone Else' })));
    expect(replays.map((res) => [res.status, res.body.result, res.body.walkIn.name])).toEqual(
      Array.from({ length: 4 }, () => [200, 'repeated', 'Wendy Walker']),
    );
    expect((await walkInsOf(OFFICER_DAY.raceId)).filter((w) => w.id === id)).toHaveLength(1);
    const page = await officer.get('/api/admin/officer-day');
    const race = page.body.days[0].events[0];
    expect(race.walkIns.filter((w: { id: string }) => w.id === id)).toEqual([first.body.walkIn]);
    // No booking place is taken: the bookings and their places are as they were.
    expect(race.bookings.map((b: { name: string }) => b.name)).toEqual(['Gina Guest', 'Helen Harbour', 'Sol Alone']);
    const log = (await eventLog(OFFICER_DAY.raceId, 'walk-in.added')).filter((entry) => JSON.stringify(entry).includes(id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ summary: 'Walk-in added', actor: { email: 'officer@example.org' } });
    // The log names no walk-in: their details are kept only as long as the event's bookings' are.
    expect(JSON.stringify(log)).not.toContain('Wendy');
  });

  it('refuses bad details with a clear message and adds nothing', async () => {
    const before = (await walkInsOf(OFFICER_DAY.raceId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ id: randomUUID(), name: '   ' }, "Enter the walk-in's name"],
      [{ id: randomUUID() }, "Enter the walk-in's name"],
      [{ id: randomUUID(), name: 'Wendy', emergencyContactPhone: '07700 900456' }, "Enter the emergency contact's name with their phone"],
      [{ id: randomUUID(), name: 'Wendy', phone: '0'.repeat(41) }, 'The phone number is too long (at most 40 characters)'],
      [{ id: 'not-a-uuid', name: 'Wendy' }, 'The id must be a UUID'],
    ];
    for (const [body, message] of cases) {
      const res = await addWalkIn(OFFICER_DAY.raceId, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    const missing = await addWalkIn('no-such-event', { id: randomUUID(), name: 'Wendy' });
    expect(missing.status).toBe(404);
    expect((await walkInsOf(OFFICER_DAY.raceId)).length).toBe(before);
  });

  it('needs bookings:write to add, remove or mark a walk-in, and changes nothing without it', async () => {
    const id = randomUUID();
    expect((await addWalkIn(OFFICER_DAY.raceId, { id, name: 'Nora Nobody' }, reader)).status).toBe(403);
    const added = await addWalkIn(OFFICER_DAY.raceId, { id, name: 'Nora Nobody' });
    expect(added.body.result).toBe('applied');
    expect((await reader.delete(`/api/admin/walk-ins/${id}`).set(FETCH)).status).toBe(403);
    expect(
      (
        await reader
          .post(`/api/admin/walk-ins/${id}/afloat`)
          .set(FETCH)
          .send({ key: randomUUID(), afloat: true, markedAt: new Date(NOW).toISOString() })
      ).status,
    ).toBe(403);
    expect((await walkInsOf(OFFICER_DAY.raceId)).find((w) => w.id === id)).toMatchObject({ name: 'Nora Nobody', afloat: null });
  });

  it('marks a walk-in afloat and ashore once per key, the last by its time winning', async () => {
    const id = randomUUID();
    await addWalkIn(OFFICER_DAY.raceId, { id, name: 'Ada Afloat' });
    const key = randomUUID();
    const afloat = { key, afloat: true, markedAt: new Date(Date.parse(NOW) - 60_000).toISOString() };
    const out = await officer.post(`/api/admin/walk-ins/${id}/afloat`).set(FETCH).send(afloat);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ result: 'applied', walkIn: { id, afloat: { afloat: true, by: 'officer@example.org' } } });
    const again = await officer
      .post(`/api/admin/walk-ins/${id}/afloat`)
      .set(FETCH)
      .send({ ...afloat, afloat: false, markedAt: new Date(NOW).toISOString() });
    expect(again.body).toMatchObject({ result: 'repeated', walkIn: { afloat: { afloat: true } } });
    // A mark made earlier but sent later is kept out; a later one brings them ashore.
    await officer
      .post(`/api/admin/walk-ins/${id}/afloat`)
      .set(FETCH)
      .send({ key: randomUUID(), afloat: false, markedAt: new Date(Date.parse(NOW) - 120_000).toISOString() });
    const page = await officer.get('/api/admin/officer-day');
    expect(page.body.days[0].events[0].walkIns.find((w: { id: string }) => w.id === id).afloat).toMatchObject({ afloat: true });
    await officer
      .post(`/api/admin/walk-ins/${id}/afloat`)
      .set(FETCH)
      .send({ key: randomUUID(), afloat: false, markedAt: new Date(NOW).toISOString() });
    expect((await walkInsOf(OFFICER_DAY.raceId)).find((w) => w.id === id)?.afloat).toMatchObject({ afloat: false });
    const unknown = await officer
      .post(`/api/admin/walk-ins/${randomUUID()}/afloat`)
      .set(FETCH)
      .send({ key: randomUUID(), afloat: true, markedAt: new Date(NOW).toISOString() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Walk-in not found');
  });

  it('removes a walk-in once (also under replay); its adding sent again later does not bring it back', async () => {
    const id = randomUUID();
    await addWalkIn(OFFICER_DAY.raceId, { id, name: 'Mick Mistake', phone: '07700 900111' });
    const removals = await Promise.all(Array.from({ length: 3 }, () => officer.delete(`/api/admin/walk-ins/${id}`).set(FETCH)));
    expect(removals.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(removals.map((res) => res.body.result).sort()).toEqual(['applied', 'repeated', 'repeated']);
    const replayed = await addWalkIn(OFFICER_DAY.raceId, { id, name: 'Mick Mistake' });
    expect(replayed.body).toEqual({ result: 'repeated', walkIn: null });
    expect((await walkInsOf(OFFICER_DAY.raceId)).find((w) => w.id === id)).toBeUndefined();
    const page = await officer.get('/api/admin/officer-day');
    expect(JSON.stringify(page.body)).not.toContain('Mick Mistake');
    expect((await eventLog(OFFICER_DAY.raceId, 'walk-in.removed')).filter((entry) => JSON.stringify(entry).includes(id))).toHaveLength(1);
    expect((await officer.delete(`/api/admin/walk-ins/${randomUUID()}`).set(FETCH)).status).toBe(404);
  });

  it('a cancelled event takes no walk-ins', async () => {
    const cancelled = await officer.post(`/api/admin/events/${OFFICER_DAY.laterId}/walk-ins`).set(FETCH).send({ id: randomUUID(), name: 'Wendy' });
    // The later event stands: added. Cancel it, and the next is refused.
    expect(cancelled.status).toBe(200);
    const later = (await app.get('events').get(OFFICER_DAY.laterId))!;
    expect(await app.get('events').update({ ...later, cancelledAt: new Date(NOW).toISOString(), cancelReason: 'Called off' })).toBe(true);
    const refused = await addWalkIn(OFFICER_DAY.laterId, { id: randomUUID(), name: 'Wendy' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('A cancelled event takes no walk-ins');
    expect(await walkInsOf(OFFICER_DAY.laterId)).toHaveLength(1);
  });

  it("lists the walk-ins in the event's bookings CSV, each as a walk-in", async () => {
    const id = randomUUID();
    await addWalkIn(OFFICER_DAY.raceId, { id, name: 'Cecil Csv', phone: '07700 900222' });
    const csv = await reader.get(`/api/admin/events/${OFFICER_DAY.raceId}/bookings.csv`);
    const lines = csv.text.split('\r\n');
    expect(lines).toContain('Walk-in,Name,Phone,Emergency Contact,Emergency Contact Phone,Added,Added By,Afloat');
    expect(lines.find((line) => line.includes('Cecil Csv'))).toMatch(/^Walk-in,Cecil Csv,07700 900222,,,2026-06-01 10:00,officer@example.org,Ashore$/);
  });
});
