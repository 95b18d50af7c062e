import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { strFromU8, unzipSync } from 'fflate';
import { addEvent, FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import type { Member } from '../../../../core/members/member';

// Data requests (docs/privacy-requests.md): subject access and erasure, on both storages.
let app: TestApp;
let admin: TestAgent;
let freeEventId: string;
let paidEventId: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app, 'dpo@example.org', ['privacy:manage', 'bookings:read', 'bookings:write', 'audit:read']);
  freeEventId = (await addEvent(app, { name: 'Open day', isBoatEvent: true, offerChild: true })).id;
  paidEventId = (await addEvent(app, { name: 'Laying-up supper', isBoatEvent: true, requiresPayment: true, price: 1500 })).id;
});
afterAll(async () => {
  await app.dispose();
});

const bookingBody = (eventId: string, who: { first: string; last: string; email: string; boat: string }, extra: Record<string, unknown> = {}) => ({
  eventId,
  firstName: who.first,
  lastName: who.last,
  numberAttending: '1',
  numberOfChildren: '0',
  numberOfSoftDrinks: '',
  numberOfVegetarian: '',
  boatName: who.boat,
  email: who.email,
  ...extra,
});

/** The archive's files as text, by name. */
function filesOf(body: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

const binary = (
  res: { on(event: string, listener: (chunk?: Buffer) => void): void; setEncoding(e: string): void },
  done: (error: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk as Buffer));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function archiveOf(agent: TestAgent, email: string): Promise<Record<string, string>> {
  const res = await agent.post('/api/admin/privacy/archive').set(FETCH).send({ email }).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return filesOf(res.body as Buffer);
}

/** Everything the storage holds, as text (SQLite tables or Firestore collections alike). */
async function everything(): Promise<string> {
  return JSON.stringify(await app.get('personalData').scan()).toLowerCase();
}

const AVAILABILITY = {
  seasonStart: '2026-04-01',
  unavailable: ['2026-08-15'],
  wishes: [{ dutyTypeId: 'galley', wish: 'prefer' as const }],
  updatedAt: '2026-04-10T09:00:00.000Z',
};

interface Person {
  member: Member;
  agent: TestAgent;
  first: string;
  last: string;
  boat: string;
}

async function aPerson(first: string, last: string, boat: string, details: Partial<Member> = {}): Promise<Person> {
  const member = await addListedMember(app, { name: `${first} ${last}`, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.org`, ...details });
  return { member, agent: await signedInMember(app, member), first, last, boat };
}

describe('data requests', () => {
  let ann: Person;
  let bob: Person;
  let annFree: string;
  let annPaid: string;
  beforeAll(async () => {
    ann = await aPerson('Annwen', 'Quillfeather', 'Saucy Sue', {
      phone: '07700 900461',
      emergencyContactName: 'Gwilym Quillfeather',
      emergencyContactPhone: '07700 900462',
    });
    bob = await aPerson('Bartholomew', 'Zanzibar', 'Blue Heron');
    const kid = await ann.agent.post('/api/my/household').set(FETCH).send({ name: 'Milly Quillfeather', kind: 'junior', yearOfBirth: '2016' });
    expect(kid.status).toBe(201);
    const who = (p: Person) => ({ first: p.first, last: p.last, email: p.member.email, boat: p.boat });
    const free = await ann.agent
      .post('/api/bookings')
      .set(FETCH)
      .send(bookingBody(freeEventId, who(ann), { numberAttending: '2', numberOfChildren: '1', householdAttendees: [kid.body.person.id] }));
    expect(free.body).toMatchObject({ bookingId: expect.any(String) });
    annFree = free.body.bookingId;
    // Bob books the same event: he shares it, and none of him may show in Ann's archive.
    expect(
      (
        await bob.agent
          .post('/api/bookings')
          .set(FETCH)
          .send(bookingBody(freeEventId, who(bob)))
      ).status,
    ).toBe(201);
    const paid = await app
      .agent()
      .post('/api/bookings')
      .set(FETCH)
      .send(bookingBody(paidEventId, { ...who(ann), email: ann.member.email.toUpperCase() }));
    expect(paid.status).toBe(201);
    annPaid = paid.body.bookingId;
    // Their availability and wishes for the season (docs/duties.md): personal data too.
    await app.get('availability').put({ ...AVAILABILITY, memberId: ann.member.id });
    await app.get('availability').put({ ...AVAILABILITY, memberId: bob.member.id, unavailable: ['2026-09-19'] });
    expect((await admin.post(`/api/admin/bookings/${annPaid}/mark-paid`).set(FETCH).send({ method: 'cash', reference: 'R1' })).status).toBe(200);
  });

  it('gives an admin everything held about a person, each record once, nobody else’s data and no secrets', async () => {
    const files = await archiveOf(admin, `  ${ann.member.email.toUpperCase()} `);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(
        ['README.txt', 'members.json', 'members.csv', 'bookings.json', 'bookings.csv', 'outbox.json', 'household_people.json'].map((n) =>
          app.config.firestore ? n.replace('household_people', 'households') : n,
        ),
      ),
    );
    const bookings = JSON.parse(files['bookings.json']) as { id: string }[];
    expect(bookings.map((b) => b.id).sort()).toEqual([annFree, annPaid].sort());
    const members = JSON.parse(files['members.json']) as { email: string; phone: string; emergencyContactName: string }[];
    expect(members).toEqual([expect.objectContaining({ email: ann.member.email, phone: '07700 900461', emergencyContactName: 'Gwilym Quillfeather' })]);
    const all = Object.values(files).join('\n');
    expect(all).toContain('Milly Quillfeather');
    expect(all).toContain('Saucy Sue');
    expect(all).toContain('2026-08-15');
    expect(all).not.toContain('2026-09-19');
    for (const other of ['Bartholomew', 'Zanzibar', 'Blue Heron', bob.member.email]) expect(all).not.toContain(other);
    // The sign-in code's e-mail is listed (who and when), its code is not.
    expect(all).not.toMatch(/sign-in code is \d{6}/);
    expect(all).toContain('Not shown: this e-mail holds a password-reset link or a sign-in code');
    expect(all).not.toMatch(/"(tokenHash|codeHash|emailHash|secret|publicKey)"/);
    // The CSV has a header and one line per record.
    expect(files['bookings.csv'].trim().split('\r\n')).toHaveLength(3);
  });

  it('answers 404 for an address nothing is held about, 400 for a malformed one', async () => {
    const none = await admin.post('/api/admin/privacy/archive').set(FETCH).send({ email: 'nobody@example.org' });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Nothing is held about this e-mail address.');
    const bad = await admin.post('/api/admin/privacy/erase').set(FETCH).send({ email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Enter an e-mail address like name@example.org');
  });

  it('lets a signed-in member download their own data', async () => {
    const res = await bob.agent.get('/api/my/data').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const all = Object.values(filesOf(res.body as Buffer)).join('\n');
    expect(all).toContain('Blue Heron');
    expect(all).not.toContain('Quillfeather');
    expect((await app.agent().get('/api/my/data')).status).toBe(401);
  });

  it('waits while a paid booking is upcoming, then erases everywhere, keeps the money and counts, and signs the member out', async () => {
    const blocked = await ann.agent.post('/api/my/erase').set(FETCH).send({ confirm: true });
    expect(blocked.status).toBe(409);
    const paid = await app.get('bookings').get(annPaid);
    expect(blocked.body.error).toContain(paid!.reference!);
    expect(blocked.body.error).toContain('must be cancelled and refunded first');
    expect(await everything()).toContain('quillfeather');

    const feed = await ann.agent.post('/api/my/calendar-feed').set(FETCH).send();
    expect(feed.status).toBe(200);
    expect((await app.agent().get(feed.body.path)).status).toBe(200);
    expect((await admin.post(`/api/admin/bookings/${annPaid}/cancel`).set(FETCH).send({ refund: true })).status).toBe(200);
    const before = await app.get('bookings').listAll();
    const erased = await ann.agent.post('/api/my/erase').set(FETCH).send({ confirm: true });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erased: true, records: expect.any(Number) });
    expect(String(erased.headers['set-cookie'])).toMatch(/kyc_member=;/);

    const stored = await everything();
    for (const mark of ['Annwen', 'Quillfeather', 'Saucy Sue', '07700 900461', '07700 900462', ann.member.email])
      expect(stored).not.toContain(mark.toLowerCase());
    for (const mark of ['Bartholomew', 'Blue Heron', bob.member.email]) expect(stored).toContain(mark.toLowerCase());
    // Financial records stay: the same bookings, references, amounts, payments and refunds.
    const after = await app.get('bookings').listAll();
    const money = (list: typeof before) =>
      list.map(({ id, reference, paymentAmount, paid: isPaid, paymentMethod, refundStatus, cancelledAt, numberAttending }) => ({
        id,
        reference,
        paymentAmount,
        isPaid,
        paymentMethod,
        refundStatus,
        cancelledAt,
        numberAttending,
      }));
    expect(money(after)).toEqual(money(before));
    // Their availability and wishes are deleted, another member's kept.
    expect(await app.get('availability').get(ann.member.id, AVAILABILITY.seasonStart)).toBeNull();
    expect(await app.get('availability').get(bob.member.id, AVAILABILITY.seasonStart)).not.toBeNull();
    // Their private calendar feed address stops working.
    expect((await app.agent().get(feed.body.path)).status).toBe(404);
    // The member is signed out and cannot sign in again with the old session.
    expect((await ann.agent.get('/api/my/bookings')).status).toBe(401);
    // The audit log says an erasure happened, not whose.
    const audit = await admin.get('/api/admin/audit');
    const entry = (audit.body.entries as { action: string; summary: string }[]).find((e) => e.action === 'privacy.erased');
    expect(entry?.summary).toMatch(/^A person's personal data was erased on request/);
    expect(JSON.stringify(audit.body).toLowerCase()).not.toContain('quillfeather');
    // Nothing is left to download.
    expect((await admin.post('/api/admin/privacy/archive').set(FETCH).send({ email: ann.member.email })).status).toBe(404);
  });

  it('does not erase an admin account: the admin is removed first', async () => {
    const res = await admin.post('/api/admin/privacy/erase').set(FETCH).send({ email: 'DPO@example.org' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This address belongs to an admin account: remove the admin on the Admins screen first, then erase.');
    expect((await app.get('admins').getByEmail('dpo@example.org'))?.email).toBe('dpo@example.org');
  });

  it('lets an admin erase a guest who booked without signing in', async () => {
    const guest = { first: 'Ottoline', last: 'Vasquez', email: 'ottoline@example.org', boat: 'Puffin' };
    expect((await app.agent().post('/api/bookings').set(FETCH).send(bookingBody(freeEventId, guest))).status).toBe(201);
    const res = await admin.post('/api/admin/privacy/erase').set(FETCH).send({ email: 'Ottoline@Example.org' });
    expect(res.status).toBe(200);
    const stored = await everything();
    for (const mark of ['Ottoline', 'Vasquez', 'Puffin']) expect(stored).not.toContain(mark.toLowerCase());
  });
});
