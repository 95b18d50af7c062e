import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyRetention } from '../../../../core/privacy/apply-retention';
import { DATABASE_FILE_NAME } from '../../../../server/container';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { addEvent, FETCH, startTestApp, type TestApp } from '../../../support/api/test-app';

// A copy of the SQLite files (a backup, a stolen laptop) must not hold an erased person: not in
// the database file's free space, nor in old page copies in its write-ahead log
// (docs/data-protection.md#the-database-files).
const sqliteOnly = process.env.API_TEST_STORAGE === 'firestore';

let app: TestApp;
beforeAll(async () => {
  if (!sqliteOnly) app = await startTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

/** How often each mark occurs in the raw bytes of the database file and its -wal (case ignored). */
function foundInFiles(marks: readonly string[]): Record<string, number> {
  const file = join(app.dataDir, DATABASE_FILE_NAME);
  const bytes = [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path).toString('latin1').toLowerCase());
  const found: Record<string, number> = {};
  for (const mark of marks) {
    const count = bytes.reduce((n, text) => n + text.split(mark.toLowerCase()).length - 1, 0);
    if (count > 0) found[mark] = count;
  }
  return found;
}

describe.skipIf(sqliteOnly)('the SQLite files after an erasure and the retention run', () => {
  it('hold none of an erased member’s details, in the file or its write-ahead log', async () => {
    const details = {
      name: 'Philippa Wrenfield',
      email: 'philippa.wrenfield@example.org',
      phone: '07700 900733',
      emergencyContactName: 'Ambrose Wrenfield',
      emergencyContactPhone: '07700 900734',
    };
    const member = await addListedMember(app, details);
    const agent = await signedInMember(app, member);
    const event = await addEvent(app, { name: 'Autumn series', isBoatEvent: true });
    const booking = {
      eventId: event.id,
      firstName: 'Philippa',
      lastName: 'Wrenfield',
      numberAttending: '1',
      numberOfChildren: '0',
      numberOfSoftDrinks: '',
      numberOfVegetarian: '',
      boatName: 'Marbled Godwit',
      email: details.email,
    };
    expect((await agent.post('/api/bookings').set(FETCH).send(booking)).status).toBe(201);
    const marks = ['Wrenfield', details.email, details.phone, details.emergencyContactPhone, 'Marbled Godwit'];
    expect(Object.keys(foundInFiles(marks)).length).toBeGreaterThan(0);

    expect((await agent.post('/api/my/erase').set(FETCH).send({ confirm: true })).status).toBe(200);
    expect(foundInFiles(marks)).toEqual({});
  });

  it('hold none of a lapsed member the nightly run anonymised', async () => {
    await app
      .get('members')
      .create({
        id: 'lapsed-bytes',
        name: 'Leopold Quartermaine',
        email: 'leopold.quartermaine@example.org',
        membershipType: 'Adult',
        renewalDate: '2024-03-31',
        disabled: false,
        phone: '07700 900855',
        createdAt: '2023-01-01T10:00:00.000Z',
        updatedAt: '2023-01-01T10:00:00.000Z',
      });
    const marks = ['Quartermaine', 'leopold.quartermaine@example.org', '07700 900855'];
    expect(Object.keys(foundInFiles(marks)).length).toBeGreaterThan(0);

    await app.built.ports.useCase(ApplyRetention).execute();
    expect(await app.get('members').get('lapsed-bytes')).toMatchObject({ name: 'Anonymised' });
    expect(foundInFiles(marks)).toEqual({});
  });
});
