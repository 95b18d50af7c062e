import { expect, it } from 'vitest';
import { aCredential } from '../../support/entities';
import { ConflictError, NotFoundError } from '../../../core/shared/errors';
import type { CredentialRepository } from '../../../core/admins/credential-repository.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../support/contract/storage-fixtures';

export function describeCredentialRepositoryContract(name: string, makeAdapter: AdapterFactory<CredentialRepository>): void {
  describeContract('CredentialRepository', name, makeAdapter, (credentials) => {
    itAnswers(
      'returns null for an unknown user',
      [() => credentials().getByUid('uid-commodore'), null],
      [() => credentials().getByEmail('commodore@club.example'), null],
    );

    it('gives back a created credential by uid and by e-mail in any letter case', async () => {
      await credentials().create(aCredential());
      expect(await credentials().getByUid('uid-commodore')).toEqual(aCredential());
      expect(await credentials().getByEmail('commodore@club.example')).toEqual(aCredential());
      expect(await credentials().getByEmail('COMMODORE@CLUB.EXAMPLE')).toEqual(aCredential());
    });

    it('refuses a second credential with the same uid or the same e-mail', async () => {
      await credentials().create(aCredential());
      expect(await rejectionOf(credentials().create(aCredential({ email: 'other@club.example' })))).toBeInstanceOf(ConflictError);
      expect(await rejectionOf(credentials().create(aCredential({ uid: 'uid-2', email: 'commodore@CLUB.example' })))).toBeInstanceOf(ConflictError);
      expect(await credentials().getByEmail('other@club.example')).toBeNull();
      expect(await credentials().getByUid('uid-2')).toBeNull();
    });

    it('replaces a credential on update', async () => {
      await credentials().create(aCredential());
      const changed = aCredential({ email: 'new@club.example', passwordHash: 'scrypt$new', disabled: true });
      await credentials().update(changed);
      expect(await credentials().getByUid('uid-commodore')).toEqual(changed);
      expect(await credentials().getByEmail('new@club.example')).toEqual(changed);
      expect(await credentials().getByEmail('commodore@club.example')).toBeNull();
    });

    it('refuses to update an unknown user, and does not create it', async () => {
      expect(await rejectionOf(credentials().update(aCredential({ uid: 'ghost' })))).toBeInstanceOf(NotFoundError);
      expect(await credentials().getByUid('ghost')).toBeNull();
    });

    it('refuses to give a user the e-mail of another user', async () => {
      await credentials().create(aCredential({ uid: 'u-1', email: 'one@club.example' }));
      await credentials().create(aCredential({ uid: 'u-2', email: 'two@club.example' }));
      expect(await rejectionOf(credentials().update(aCredential({ uid: 'u-2', email: 'ONE@club.example' })))).toBeInstanceOf(ConflictError);
      expect((await credentials().getByUid('u-2'))?.email).toBe('two@club.example');
    });
  });
}
