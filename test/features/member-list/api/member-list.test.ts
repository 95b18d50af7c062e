import { aMembershipCategory } from '../../../support/entities';
import { beforeEach, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { MAX_MEMBER_CSV_BYTES, MEMBER_CSV_TOO_LARGE_MESSAGE } from '../../../../core/members/member-import';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

/** The admin's member-list endpoints (today is 1 June 2026 in these tests), on SQLite and on the Firestore emulator. */

let app: TestApp;
let secretary: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  secretary = await signedInAdmin(app, 'secretary@example.org', ['members:write']);
  // The club's categories, which an imported membership type is checked against.
  for (const [id, name] of [
    ['adult', 'Adult'],
    ['family', 'Family'],
    ['junior', 'Junior'],
  ])
    await app.get('membership').createCategory(aMembershipCategory({ id, name }));
});

let seen = new Set<string>();
async function memberAudit() {
  return (await app.get('audit').list({ limit: 10_000 })).filter((entry) => entry.recordType === 'member' && !seen.has(entry.id));
}
function csv(path: string, text: string) {
  return secretary.post(path).set(FETCH).set('Content-Type', 'text/csv').send(text);
}
async function listed() {
  const res = await secretary.get('/api/admin/members').set(FETCH);
  expect(res.status).toBe(200);
  return res.body.members as { id: string; name: string; email: string; membershipType: string; renewalDate: string; disabled: boolean; status: string }[];
}

beforeEach(async () => {
  // The members stay from test to test (none can be deleted): each test uses its own e-mails.
  seen = new Set((await app.get('audit').list({ limit: 10_000 })).map((entry) => entry.id));
});

describe('one member at a time', () => {
  it('adds a member typed with a day-first renewal date, lists them as current, and audits who added whom', async () => {
    const res = await secretary
      .post('/api/admin/members')
      .set(FETCH)
      .send({ name: ' Ann Sailor ', email: 'Ann.Sailor@Example.org', membershipType: 'Family', renewalDate: '31/03/2027' });
    expect(res.status).toBe(201);
    expect(res.body.member).toMatchObject({
      name: 'Ann Sailor',
      email: 'Ann.Sailor@Example.org',
      membershipType: 'Family',
      renewalDate: '2027-03-31',
      disabled: false,
      status: 'current',
    });
    expect((await listed()).find((m) => m.id === res.body.member.id)).toMatchObject({ status: 'current' });
    expect(await app.get('members').getByEmail('ann.sailor@example.org')).toMatchObject({ name: 'Ann Sailor' });
    const [entry] = await memberAudit();
    expect(entry).toMatchObject({
      action: 'member.added',
      recordType: 'member',
      recordId: res.body.member.id,
      actor: { kind: 'admin', email: 'secretary@example.org' },
    });
    expect(entry.changes).toContainEqual({ field: 'renewalDate', before: null, after: '2027-03-31' });
  });

  it('refuses a bad form with a message per field, and an e-mail another member has in any case, storing nothing', async () => {
    await secretary.post('/api/admin/members').set(FETCH).send({ name: 'Bob', email: 'bob@example.org', membershipType: 'Adult', renewalDate: '2027-01-01' });
    const before = await listed();
    const bad = await secretary.post('/api/admin/members').set(FETCH).send({ name: '', email: 'not-an-email', membershipType: ' ', renewalDate: '31/02/2027' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: "Enter the member's name",
      email: 'Enter a real e-mail address, e.g. name@example.com',
      membershipType: 'Enter the membership type, e.g. Family, Adult or Junior',
      renewalDate: 'Enter a real date, as 31/03/2027 or 2027-03-31',
    });
    const taken = await secretary
      .post('/api/admin/members')
      .set(FETCH)
      .send({ name: 'Other Bob', email: 'BOB@example.org', membershipType: 'Adult', renewalDate: '2027-01-01' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ email: 'Another member already has this e-mail address' });
    expect(await listed()).toEqual(before);
    expect((await memberAudit()).map((e) => e.action)).toEqual(['member.added']);
  });

  it('edits a member, shows a past renewal date as lapsed, disables and enables them, auditing each change', async () => {
    const added = await secretary
      .post('/api/admin/members')
      .set(FETCH)
      .send({ name: 'Cat', email: 'cat@example.org', membershipType: 'Adult', renewalDate: '2027-01-01' });
    const id = added.body.member.id as string;
    const edited = await secretary.patch(`/api/admin/members/${id}`).set(FETCH).send({ name: 'Cat Helm', renewalDate: '31/05/2026' });
    expect(edited.status).toBe(200);
    expect(edited.body.member).toMatchObject({ name: 'Cat Helm', email: 'cat@example.org', renewalDate: '2026-05-31', status: 'lapsed' });
    const onRenewalDay = await secretary.patch(`/api/admin/members/${id}`).set(FETCH).send({ renewalDate: '2026-06-01' });
    expect(onRenewalDay.body.member.status).toBe('current');
    const disabled = await secretary.patch(`/api/admin/members/${id}`).set(FETCH).send({ disabled: true });
    expect(disabled.body.member).toMatchObject({ disabled: true, status: 'disabled' });
    expect((await app.get('members').get(id))?.disabled).toBe(true);
    const again = await secretary.patch(`/api/admin/members/${id}`).set(FETCH).send({ disabled: true });
    expect(again.status).toBe(200);
    await secretary.patch(`/api/admin/members/${id}`).set(FETCH).send({ disabled: false });
    // The clock is fixed: entries of one instant come in either order, so they are compared as a set.
    expect((await memberAudit()).map((e) => e.action).sort()).toEqual([
      'member.added',
      'member.disabled',
      'member.enabled',
      'member.updated',
      'member.updated',
    ]);
  });

  it('answers 404 for an unknown member and refuses an edit to a taken e-mail or with unknown fields', async () => {
    const missing = await secretary.patch('/api/admin/members/no-such-member').set(FETCH).send({ name: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Member not found' });
    const a = await secretary
      .post('/api/admin/members')
      .set(FETCH)
      .send({ name: 'Dee', email: 'dee@example.org', membershipType: 'Adult', renewalDate: '2027-01-01' });
    await secretary.post('/api/admin/members').set(FETCH).send({ name: 'Eve', email: 'eve@example.org', membershipType: 'Adult', renewalDate: '2027-01-01' });
    const taken = await secretary.patch(`/api/admin/members/${a.body.member.id}`).set(FETCH).send({ email: 'EVE@example.org' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ email: 'Another member already has this e-mail address' });
    const unknown = await secretary.patch(`/api/admin/members/${a.body.member.id}`).set(FETCH).send({ id: 'other', createdAt: 'x' });
    expect(unknown.status).toBe(400);
    expect((await app.get('members').get(a.body.member.id))?.email).toBe('dee@example.org');
  });
});

describe('the CSV import', () => {
  it('previews a bad file naming every bad line, and the import refuses it, changing nothing', async () => {
    const bad = [
      'Name,E-mail,Membership type,Renewal date',
      'Fay Good,fay@example.org,Family,31/03/2027',
      ',nameless@example.org,Adult,2027-03-31',
      'Gus,gus-at-example.org,Adult,2027-03-31',
      'Fay Twice,FAY@example.org,Adult,2027-03-31',
      'Hal,hal@example.org,Junior,31/02/2027',
      'Ivy,ivy@example.org,,',
    ].join('\n');
    const before = await listed();
    const preview = await csv('/api/admin/members/import/preview', bad);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      ok: false,
      problems: [
        { line: 3, reason: 'the name is missing' },
        { line: 4, reason: 'the e-mail “gus-at-example.org” is not an e-mail address' },
        { line: 5, reason: 'the e-mail FAY@example.org is already on line 2' },
        { line: 6, reason: 'the renewal date “31/02/2027” is not a real date (use 31/03/2027 or 2027-03-31)' },
        { line: 7, reason: 'the membership type is missing; the renewal date is missing' },
      ],
    });
    const res = await csv('/api/admin/members/import', bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Nothing was imported: 5 lines have problems. Line 3: the name is missing');
    expect(res.body.fields['line 6']).toBe('Line 6: the renewal date “31/02/2027” is not a real date (use 31/03/2027 or 2027-03-31)');
    expect(await listed()).toEqual(before);
    expect(await memberAudit()).toEqual([]);
  });

  it('previews and imports a good file: adds new members, updates those matched by e-mail, keeps who is disabled', async () => {
    const kept = await secretary
      .post('/api/admin/members')
      .set(FETCH)
      .send({ name: 'Jo Old', email: 'jo@example.org', membershipType: 'Adult', renewalDate: '2026-03-31' });
    await secretary.patch(`/api/admin/members/${kept.body.member.id}`).set(FETCH).send({ disabled: true });
    await secretary.post('/api/admin/members').set(FETCH).send({ name: 'Kim', email: 'kim@example.org', membershipType: 'Junior', renewalDate: '2027-03-31' });
    seen = new Set((await app.get('audit').list({ limit: 10_000 })).map((entry) => entry.id));
    // Columns in another order, found by the header; a quoted name with a comma; Windows line ends.
    const good = [
      'Renewal date,Email,Name,Membership type',
      '31/03/2027,JO@example.org,Jo New,Family',
      '2027-03-31,kim@example.org,Kim,Junior',
      '2027-03-31,lee@example.org,"Lee, Sam",Adult',
    ].join('\r\n');
    const preview = await csv('/api/admin/members/import/preview', good);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      ok: true,
      plan: {
        add: [{ name: 'Lee, Sam', email: 'lee@example.org', membershipType: 'Adult', renewalDate: '2027-03-31' }],
        update: [
          {
            id: kept.body.member.id,
            email: 'jo@example.org',
            name: 'Jo Old',
            changes: [
              { field: 'name', before: 'Jo Old', after: 'Jo New' },
              { field: 'email', before: 'jo@example.org', after: 'JO@example.org' },
              { field: 'membershipType', before: 'Adult', after: 'Family' },
              { field: 'renewalDate', before: '2026-03-31', after: '2027-03-31' },
            ],
          },
        ],
        unchanged: 1,
        unknownMembershipTypes: [],
      },
    });
    expect(await app.get('members').getByEmail('lee@example.org')).toBeNull();
    const res = await csv('/api/admin/members/import', good);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 3, added: 1, updated: 1, unchanged: 1, unknownMembershipTypes: [] });
    const jo = await app.get('members').get(kept.body.member.id);
    expect(jo).toMatchObject({ name: 'Jo New', email: 'JO@example.org', membershipType: 'Family', renewalDate: '2027-03-31', disabled: true });
    expect(await app.get('members').getByEmail('LEE@example.org')).toMatchObject({ name: 'Lee, Sam', disabled: false });
    const [entry] = await memberAudit();
    expect(entry).toMatchObject({ action: 'member.imported', summary: 'Imported 3 members from a CSV file: 1 added, 1 updated, 1 unchanged' });
    // The same file again changes nothing.
    expect((await csv('/api/admin/members/import', good)).body).toEqual({ imported: 3, added: 0, updated: 0, unchanged: 3, unknownMembershipTypes: [] });
  });

  it('keeps a membership type that names a category; one that names none is imported with a warning, for the admin to add the category', async () => {
    const file = [
      'Name,Email,Membership type,Renewal date',
      'Moe Mover,moe@example.org,adult,2027-03-31',
      'Nia Mover,nia@example.org,Cadet,2027-03-31',
      'Oli Mover,oli@example.org,Cadet,2027-03-31',
      'Pam Mover,pam@example.org,Winter sailing,2027-03-31',
    ].join('\n');
    const warnings = [
      { membershipType: 'Cadet', members: 2 },
      { membershipType: 'Winter sailing', members: 1 },
    ];
    const preview = await csv('/api/admin/members/import/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.plan.unknownMembershipTypes).toEqual(warnings);
    expect(preview.body.plan.add).toHaveLength(4);
    const res = await csv('/api/admin/members/import', file);
    expect(res.body).toEqual({ imported: 4, added: 4, updated: 0, unchanged: 0, unknownMembershipTypes: warnings });
    const types = await Promise.all(['moe', 'nia', 'pam'].map(async (who) => (await app.get('members').getByEmail(`${who}@example.org`))?.membershipType));
    expect(types).toEqual(['adult', 'Cadet', 'Winter sailing']);
  });

  it('imports the optional phone and emergency contact, named by the header, and checks the phone numbers', async () => {
    const bad = await csv(
      '/api/admin/members/import/preview',
      'Name,Email,Type,Renewal,Phone,Emergency contact,Emergency phone\nNed,ned@example.org,Adult,2027-03-31,call me,Ola,07700 900456\n',
    );
    expect(bad.body).toEqual({ ok: false, problems: [{ line: 2, reason: 'the phone “call me” is not a phone number' }] });
    const res = await csv(
      '/api/admin/members/import',
      'Name,Email,Type,Renewal,Phone,Emergency contact,Emergency phone\nNed,ned@example.org,Adult,2027-03-31,+44 7700 900123,Ola Ned,07700 900456\n',
    );
    expect(res.status).toBe(200);
    expect(await app.get('members').getByEmail('ned@example.org')).toMatchObject({
      phone: '+44 7700 900123',
      emergencyContactName: 'Ola Ned',
      emergencyContactPhone: '07700 900456',
    });
    const ned = (await app.get('members').getByEmail('ned@example.org'))!;
    const cleared = await secretary.patch(`/api/admin/members/${ned.id}`).set(FETCH).send({ phone: '', emergencyContactName: '', emergencyContactPhone: '' });
    expect(cleared.status).toBe(200);
    const stored = await app.get('members').get(ned.id);
    expect(stored).not.toHaveProperty('phone');
    expect(stored).not.toHaveProperty('emergencyContactName');
  });

  it('reads a file without a header in the column order name, e-mail, type, renewal date', async () => {
    const res = await csv('/api/admin/members/import', 'Mo Headerless,mo@example.org,Adult,01/04/2027\n');
    expect(res.status).toBe(200);
    expect(await app.get('members').getByEmail('mo@example.org')).toMatchObject({ name: 'Mo Headerless', renewalDate: '2027-04-01' });
  });

  it('refuses an empty file, a file too large (413) and a body that is not CSV (415)', async () => {
    const empty = await csv('/api/admin/members/import/preview', 'name,email,membership type,renewal date\n');
    expect(empty.body.ok).toBe(false);
    expect(empty.body.problems[0].line).toBeNull();
    const big = await csv('/api/admin/members/import', 'x'.repeat(MAX_MEMBER_CSV_BYTES + 10));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: MEMBER_CSV_TOO_LARGE_MESSAGE });
    const json = await secretary.post('/api/admin/members/import').set(FETCH).send({ name: 'x' });
    expect(json.status).toBe(415);
  });
});

describe('who may see the list', () => {
  it('an admin who manages admins but lacks members:write sees no member', async () => {
    const manager = await signedInAdmin(app, 'manager@example.org', ['admins:manage', 'events:read', 'bookings:read', 'content:write']);
    const res = await manager.get('/api/admin/members').set(FETCH);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'You do not have permission to manage the member list.', permission: 'members:write' });
  });
});
