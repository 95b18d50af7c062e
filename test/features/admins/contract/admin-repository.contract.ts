import { expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import type { AdminRepository } from '../../../../core/admins/admin-repository.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { anAdmin } from '../../../support/entities';

export function describeAdminRepositoryContract(name: string, makeAdapter: AdapterFactory<AdminRepository>): void {
  describeContract('AdminRepository', name, makeAdapter, (admins) => {
    itAnswers(
      'has no admins at first',
      [() => admins().count(), 0],
      [() => admins().list(), []],
      [() => admins().getByUid(anAdmin().uid), null],
      [() => admins().getByEmail('commodore@club.example'), null],
    );

    it('gives back a created admin by uid and by e-mail in any letter case', async () => {
      const admin = anAdmin({ email: 'Commodore@Club.example', permissions: ['events:read', 'admins:manage'], role: 'owner' });
      await admins().create(admin);
      expect(await admins().getByUid(admin.uid)).toEqual(admin);
      expect(await admins().getByEmail('commodore@club.example')).toEqual(admin);
      expect(await admins().getByEmail('COMMODORE@CLUB.EXAMPLE')).toEqual(admin);
      expect(await admins().getByEmail('someone-else@club.example')).toBeNull();
    });

    it('lists admins ordered by e-mail and counts them', async () => {
      await admins().create(anAdmin({ uid: 'u-c', email: 'cat@club.example' }));
      await admins().create(anAdmin({ uid: 'u-a', email: 'Adam@club.example' }));
      await admins().create(anAdmin({ uid: 'u-b', email: 'bea@club.example', disabled: true, permissions: [] }));
      expect((await admins().list()).map((a) => a.email)).toEqual(['Adam@club.example', 'bea@club.example', 'cat@club.example']);
      expect((await admins().list())[1]).toEqual(anAdmin({ uid: 'u-b', email: 'bea@club.example', disabled: true, permissions: [] }));
      expect(await admins().count()).toBe(3);
    });

    it('refuses a second admin with the same uid', async () => {
      await admins().create(anAdmin());
      const error = await rejectionOf(admins().create(anAdmin({ email: 'other@club.example' })));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await admins().count()).toBe(1);
      expect(await admins().getByEmail('other@club.example')).toBeNull();
    });

    it('refuses a second admin with the same e-mail in another letter case', async () => {
      await admins().create(anAdmin());
      const error = await rejectionOf(admins().create(anAdmin({ uid: 'uid-other', email: 'COMMODORE@club.example' })));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await admins().getByUid('uid-other')).toBeNull();
    });

    it('replaces an admin record on update', async () => {
      await admins().create(anAdmin());
      const changed = anAdmin({ name: 'Pat Vice', email: 'vice@club.example', permissions: ['bookings:read'], disabled: true });
      await admins().update(changed);
      expect(await admins().getByUid(changed.uid)).toEqual(changed);
      expect(await admins().getByEmail('vice@club.example')).toEqual(changed);
      expect(await admins().getByEmail('commodore@club.example')).toBeNull();
    });

    it('refuses to update an admin that does not exist, and does not create it', async () => {
      const error = await rejectionOf(admins().update(anAdmin({ uid: 'ghost' })));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(await admins().count()).toBe(0);
    });

    it('refuses to give an admin the e-mail of another admin', async () => {
      await admins().create(anAdmin({ uid: 'u-1', email: 'one@club.example' }));
      await admins().create(anAdmin({ uid: 'u-2', email: 'two@club.example' }));
      const error = await rejectionOf(admins().update(anAdmin({ uid: 'u-2', email: 'One@club.example' })));
      expect(error).toBeInstanceOf(ConflictError);
      expect((await admins().getByUid('u-2'))?.email).toBe('two@club.example');
    });
  });
}
