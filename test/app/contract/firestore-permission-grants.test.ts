import { describe, expect, it } from 'vitest';
import { FirestoreAdminRepository } from '../../../adapters/firestore/firestore-admin-repository';
import { openFirestoreStorage } from '../../../adapters/firestore/firestore-storage';
import { useFirestoreEmulator } from '../../support/firestore-emulator-for-file';
import { anAdmin } from '../../support/entities';

const running = useFirestoreEmulator();

const BEFORE_THE_PHASE = ['events:read', 'events:write', 'bookings:read', 'admins:manage', 'bookings:write', 'audit:read'] as const;

describe("Firestore gives the third phase's permissions at start-up, as SQLite's migrations do", () => {
  it('gives them to each admin who manages admins, once, even when two instances start together', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const admins = new FirestoreAdminRepository(db);
    await admins.create(anAdmin({ uid: 'boss', email: 'boss@club.example', permissions: [...BEFORE_THE_PHASE] }));
    await admins.create(anAdmin({ uid: 'helper', email: 'helper@club.example', permissions: ['events:read', 'bookings:read'] }));
    // Stored by the first version, without permissions: the spec's defaults, which do not manage admins.
    await db
      .collection('admins')
      .doc('legacy')
      .set({ email: 'legacy@club.example', emailKey: 'legacy@club.example', name: 'Legacy', createdAt: new Date('2025-01-01T00:00:00.000Z') });

    const started = await Promise.all([openFirestoreStorage({ projectId: emulator.projectId }), openFirestoreStorage({ projectId: emulator.projectId })]);
    await Promise.all(started.map((storage) => storage.close()));

    expect((await admins.getByUid('boss'))?.permissions).toEqual([...BEFORE_THE_PHASE, 'members:write', 'duties:write', 'privacy:manage']);
    expect((await admins.getByUid('helper'))?.permissions).toEqual(['events:read', 'bookings:read']);
    expect((await admins.getByUid('legacy'))?.permissions).toEqual(['events:read', 'events:write', 'bookings:read']);

    // Once: a permission an admin later takes away is not given back by the next start, and nothing else changes.
    const boss = (await admins.getByUid('boss'))!;
    await admins.update({ ...boss, permissions: boss.permissions.filter((permission) => permission !== 'privacy:manage') });
    const before = await admins.list();
    const again = await openFirestoreStorage({ projectId: emulator.projectId });
    await again.close();
    expect(await admins.list()).toEqual(before);
  });
});
