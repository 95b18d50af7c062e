import { describe, expect, it } from 'vitest';
import { FirestoreMembershipApplicationRepository } from '../../../../adapters/firestore/firestore-membership-application-repository';
import { SqliteMembershipApplicationRepository } from '../../../../adapters/sqlite/sqlite-membership-application-repository';
import type { MembershipApplication } from '../../../../core/membership/membership-application';
import type { MembershipApplicationRepository } from '../../../../core/membership/membership-application-repository.port';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import { anApplication } from '../../../support/entities';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { storesUnderTest } from '../../../support/stores';
import { withTempSqlite } from '../../../support/temp-sqlite';

// The MembershipApplicationRepository contract (docs/membership.md, "Joining") on every store:
// applications stored and listed, and a transition that exactly one of several callers wins.

const firestore = useFirestoreEmulator();
const STORES = storesUnderTest(firestore, 'kyc-applications-');

const admitted = (application: MembershipApplication, by: string): MembershipApplication => ({
  ...application,
  status: 'admitted',
  memberIds: [`mem-${by}`],
  decidedBy: by,
  decidedAt: '2026-11-02T10:00:00.000Z',
});

describe.each(STORES)('MembershipApplicationRepository (%s)', (_name, open) => {
  it('stores an application, reads it back and lists newest first; refuses an id taken or an invalid one, storing nothing', async () => {
    await withStore(open, async ({ membershipApplications: applications }) => {
      expect(await applications.get('app-1')).toBeNull();
      expect(await applications.list()).toEqual([]);
      const { phone: _phone, ...withoutPhone } = anApplication();
      await applications.create(withoutPhone);
      await applications.create(anApplication({ id: 'app-2', createdAt: '2026-11-03T10:00:00.000Z', people: [] }));
      expect(await applications.get('app-1')).toEqual(withoutPhone);
      expect((await applications.list()).map((a) => a.id)).toEqual(['app-2', 'app-1']);
      expect((await applications.listWithStatus('submitted')).map((a) => a.id)).toEqual(['app-1', 'app-2']);
      expect(await applications.listWithStatus('admitted')).toEqual([]);
      expect(await rejectionOf(applications.create(anApplication({ firstName: 'Other' })))).toBeInstanceOf(ConflictError);
      expect(await rejectionOf(applications.create(anApplication({ id: 'app-3', email: 'not an e-mail' })))).toBeInstanceOf(ValidationError);
      expect(await applications.get('app-1')).toEqual(withoutPhone);
      expect(await applications.get('app-3')).toBeNull();
    });
  });

  it('a transition writes only from the status named, answering whether it did; an unknown id is NotFoundError', async () => {
    await withStore(open, async ({ membershipApplications: applications }) => {
      await applications.create(anApplication());
      expect(await applications.transition('admitted', admitted(anApplication(), 'a'))).toBe(false);
      expect(await applications.get('app-1')).toEqual(anApplication());
      expect(await applications.transition('submitted', admitted(anApplication(), 'a'))).toBe(true);
      expect(await applications.get('app-1')).toEqual(admitted(anApplication(), 'a'));
      expect(await applications.transition('submitted', { ...anApplication(), status: 'declined', reason: 'Late' })).toBe(false);
      expect(await applications.listWithStatus('admitted')).toEqual([admitted(anApplication(), 'a')]);
      expect(await rejectionOf(applications.transition('submitted', anApplication({ id: 'app-none' })))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(applications.transition('admitted', anApplication({ email: 'bad' })))).toBeInstanceOf(ValidationError);
    });
  });

  it('RACE: of several transitions from one status at once, exactly one wins and its application is stored', async () => {
    await withStore(open, async ({ membershipApplications: applications }) => {
      await applications.create(anApplication());
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((by) => applications.transition('submitted', admitted(anApplication(), by))));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = ['a', 'b', 'c', 'd'][results.indexOf(true)]!;
      expect(await applications.get('app-1')).toEqual(admitted(anApplication(), winner));
    });
  });
});

type TwoServers = (body: (one: MembershipApplicationRepository, two: MembershipApplicationRepository) => Promise<void>) => Promise<void>;
const TWO_SERVERS: [string, TwoServers][] = [
  [
    'SQLite',
    (body) =>
      withTempSqlite(async (sqlite) => {
        const [db, other] = [await sqlite.open(), await sqlite.open()];
        await body(new SqliteMembershipApplicationRepository(db), new SqliteMembershipApplicationRepository(other));
      }, 'kyc-applications-two-'),
  ],
  [
    'Firestore emulator',
    (body) =>
      onTwoClients(firestore, (db, second) => body(new FirestoreMembershipApplicationRepository(db), new FirestoreMembershipApplicationRepository(second))),
  ],
];

describe.each(TWO_SERVERS)('MembershipApplicationRepository across two servers (%s)', (_name, onTwo) => {
  it('RACE: two servers admitting one application at once: exactly one wins', async () => {
    await onTwo(async (one, two) => {
      await one.create(anApplication());
      const results = await Promise.all([
        one.transition('submitted', admitted(anApplication(), 'a')),
        two.transition('submitted', admitted(anApplication(), 'b')),
        one.transition('submitted', admitted(anApplication(), 'c')),
        two.transition('submitted', admitted(anApplication(), 'd')),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await two.get('app-1'))?.status).toBe('admitted');
    });
  });
});
