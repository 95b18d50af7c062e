import { expect, it } from 'vitest';
import { aPasskey } from '../../../support/entities';
import { ConflictError } from '../../../../core/shared/errors';
import type { PasskeyRepository } from '../../../../core/member-sign-in/passkey-repository.port';
import { rejectionOf, describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

const LATER = new Date('2026-06-02T10:00:00.000Z');

export function describePasskeyRepositoryContract(name: string, makeAdapter: AdapterFactory<PasskeyRepository>): void {
  describeContract('PasskeyRepository', name, makeAdapter, (passkeys) => {
    it('returns null for an unknown credential id, and gives back a stored passkey as it was stored', async () => {
      expect(await passkeys().get('cred-AAAA_-1')).toBeNull();
      await passkeys().create(aPasskey());
      expect(await passkeys().get('cred-AAAA_-1')).toEqual(aPasskey());
      expect(await passkeys().get('a/b')).toBeNull();
    });

    it("refuses a second passkey with the same credential id, another member's too, keeping the first", async () => {
      await passkeys().create(aPasskey());
      expect(await rejectionOf(passkeys().create(aPasskey({ memberId: 'intruder' })))).toBeInstanceOf(ConflictError);
      expect(await passkeys().get('cred-AAAA_-1')).toEqual(aPasskey());
    });

    it("lists a member's passkeys oldest first, and no other member's", async () => {
      await passkeys().create(aPasskey({ credentialId: 'newer', createdAt: '2026-06-03T09:00:00.000Z' }));
      await passkeys().create(aPasskey({ credentialId: 'older-b', createdAt: '2026-06-01T09:00:00.000Z' }));
      await passkeys().create(aPasskey({ credentialId: 'older-a', createdAt: '2026-06-01T10:00:00+01:00' }));
      await passkeys().create(aPasskey({ credentialId: 'sams', memberId: 'member-sam' }));
      expect((await passkeys().listByMember('member-pat')).map((p) => p.credentialId)).toEqual(['older-a', 'older-b', 'newer']);
      expect(await passkeys().listByMember('nobody')).toEqual([]);
    });

    it('records a use only when the counter goes up, or stays at 0 for an authenticator without one', async () => {
      await passkeys().create(aPasskey({ credentialId: 'counting', counter: 5 }));
      expect(await passkeys().recordUse('counting', 5, LATER)).toBe(false);
      expect(await passkeys().recordUse('counting', 4, LATER)).toBe(false);
      expect(await passkeys().get('counting')).toEqual(aPasskey({ credentialId: 'counting', counter: 5 }));
      expect(await passkeys().recordUse('counting', 9, LATER)).toBe(true);
      expect(await passkeys().get('counting')).toEqual(aPasskey({ credentialId: 'counting', counter: 9, lastUsedAt: LATER.toISOString() }));

      await passkeys().create(aPasskey({ credentialId: 'no-counter' }));
      expect(await passkeys().recordUse('no-counter', 0, LATER)).toBe(true);
      expect((await passkeys().get('no-counter'))?.lastUsedAt).toBe(LATER.toISOString());
      expect(await passkeys().recordUse('unknown', 3, LATER)).toBe(false);
    });

    it('of racing uses with one counter, records one', async () => {
      await passkeys().create(aPasskey({ counter: 1 }));
      const results = await Promise.all(Array.from({ length: 10 }, () => passkeys().recordUse('cred-AAAA_-1', 2, LATER)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await passkeys().get('cred-AAAA_-1'))?.counter).toBe(2);
    });

    it("deletes a member's own passkey, never another member's", async () => {
      await passkeys().create(aPasskey());
      expect(await passkeys().delete('intruder', 'cred-AAAA_-1')).toBe(false);
      expect(await passkeys().get('cred-AAAA_-1')).not.toBeNull();
      expect(await passkeys().delete('member-pat', 'cred-AAAA_-1')).toBe(true);
      expect(await passkeys().get('cred-AAAA_-1')).toBeNull();
      expect(await passkeys().delete('member-pat', 'cred-AAAA_-1')).toBe(false);
    });
  });
}
