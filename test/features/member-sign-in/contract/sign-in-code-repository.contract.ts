import { expect, it } from 'vitest';
import { aSignInCode } from '../../../support/entities';
import type { SignInCodeRepository } from '../../../../core/member-sign-in/sign-in-code-repository.port';
import { describeContract, itDeletesTheExpired, type AdapterFactory } from '../../../support/contract/storage-fixtures';

const DURING = new Date('2026-06-01T09:05:00.000Z');

export function describeSignInCodeRepositoryContract(name: string, makeAdapter: AdapterFactory<SignInCodeRepository>): void {
  describeContract('SignInCodeRepository', name, makeAdapter, (codes) => {
    it('returns null for an unknown e-mail hash, and gives back a stored code as it was stored', async () => {
      expect(await codes().get('email-hash-1')).toBeNull();
      await codes().put(aSignInCode());
      expect(await codes().get('email-hash-1')).toEqual(aSignInCode());
    });

    it("replaces the e-mail's code, its tries and use with it, and leaves other e-mails' codes alone", async () => {
      await codes().put(aSignInCode({ tries: 4, usedAt: '2026-06-01T09:01:00.000Z' }));
      await codes().put(aSignInCode({ emailHash: 'other', codeHash: 'other-code' }));
      await codes().put(aSignInCode({ codeHash: 'code-hash-2', createdAt: '2026-06-01T09:02:00.000Z', expiresAt: '2026-06-01T09:12:00.000Z' }));
      expect(await codes().get('email-hash-1')).toEqual(
        aSignInCode({ codeHash: 'code-hash-2', createdAt: '2026-06-01T09:02:00.000Z', expiresAt: '2026-06-01T09:12:00.000Z' }),
      );
      expect(await codes().get('other')).toEqual(aSignInCode({ emailHash: 'other', codeHash: 'other-code' }));
    });

    it('counts tries up to the most allowed, then refuses and changes nothing', async () => {
      await codes().put(aSignInCode());
      for (let tries = 1; tries <= 5; tries += 1) expect(await codes().countTry('email-hash-1', DURING, 5)).toEqual(aSignInCode({ tries }));
      expect(await codes().countTry('email-hash-1', DURING, 5)).toBeNull();
      expect((await codes().get('email-hash-1'))?.tries).toBe(5);
    });

    it('refuses a try of an unknown, used or expired code (expired from its expiry instant on)', async () => {
      expect(await codes().countTry('nobody', DURING, 5)).toBeNull();
      await codes().put(aSignInCode({ emailHash: 'used', usedAt: '2026-06-01T09:01:00.000Z' }));
      expect(await codes().countTry('used', DURING, 5)).toBeNull();
      await codes().put(aSignInCode());
      expect(await codes().countTry('email-hash-1', new Date('2026-06-01T09:10:00.000Z'), 5)).toBeNull();
      expect(await codes().countTry('email-hash-1', new Date('2026-06-01T09:09:59.999Z'), 5)).toEqual(aSignInCode({ tries: 1 }));
      expect((await codes().get('used'))?.tries).toBe(0);
    });

    it('of 100 tries at once, counts exactly as many as were left', async () => {
      await codes().put(aSignInCode({ tries: 1 }));
      const results = await Promise.all(Array.from({ length: 100 }, () => codes().countTry('email-hash-1', DURING, 5)));
      const counted = results.filter((result) => result !== null);
      expect(counted).toHaveLength(4);
      expect(counted.map((code) => code?.tries).sort()).toEqual([2, 3, 4, 5]);
      expect((await codes().get('email-hash-1'))?.tries).toBe(5);
    });

    it('marks a code used once, only with its own code hash; of racing uses exactly one wins', async () => {
      await codes().put(aSignInCode());
      expect(await codes().markUsed('email-hash-1', 'wrong-hash', DURING)).toBe(false);
      expect(await codes().markUsed('nobody', 'code-hash-1', DURING)).toBe(false);
      expect((await codes().get('email-hash-1'))?.usedAt).toBeNull();
      const wins = await Promise.all(Array.from({ length: 20 }, () => codes().markUsed('email-hash-1', 'code-hash-1', DURING)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect((await codes().get('email-hash-1'))?.usedAt).toBe(DURING.toISOString());
      expect(await codes().countTry('email-hash-1', DURING, 5)).toBeNull();
    });

    it('keeps a code without a seed (stored before seeds were) as such', async () => {
      await codes().put(aSignInCode({ seed: null }));
      expect(await codes().get('email-hash-1')).toEqual(aSignInCode({ seed: null }));
    });

    it('extends a live, unused code with its own code hash, keeping its tries; nothing else', async () => {
      const later = new Date('2026-06-01T09:15:00.000Z');
      await codes().put(aSignInCode({ tries: 2 }));
      expect(await codes().extend('email-hash-1', 'wrong-hash', DURING, later)).toBe(false);
      expect(await codes().extend('nobody', 'code-hash-1', DURING, later)).toBe(false);
      expect(await codes().extend('email-hash-1', 'code-hash-1', new Date('2026-06-01T09:10:00.000Z'), later)).toBe(false);
      expect(await codes().get('email-hash-1')).toEqual(aSignInCode({ tries: 2 }));
      expect(await codes().extend('email-hash-1', 'code-hash-1', DURING, later)).toBe(true);
      expect(await codes().get('email-hash-1')).toEqual(aSignInCode({ tries: 2, expiresAt: later.toISOString() }));
      // Still counted and expired by its new expiry.
      expect(await codes().countTry('email-hash-1', new Date('2026-06-01T09:14:59.999Z'), 5)).toEqual(
        aSignInCode({ tries: 3, expiresAt: later.toISOString() }),
      );
      expect(await codes().deleteExpired(new Date('2026-06-01T09:12:00.000Z'))).toBe(0);
      await codes().put(aSignInCode({ emailHash: 'used', usedAt: '2026-06-01T09:01:00.000Z' }));
      expect(await codes().extend('used', 'code-hash-1', DURING, later)).toBe(false);
    });

    it('never makes a used code usable again: of racing uses and extensions, the use stands', async () => {
      await codes().put(aSignInCode());
      const later = new Date('2026-06-01T09:15:00.000Z');
      await Promise.all([
        ...Array.from({ length: 10 }, () => codes().extend('email-hash-1', 'code-hash-1', DURING, later)),
        codes().markUsed('email-hash-1', 'code-hash-1', DURING),
        ...Array.from({ length: 10 }, () => codes().extend('email-hash-1', 'code-hash-1', DURING, later)),
      ]);
      expect((await codes().get('email-hash-1'))?.usedAt).toBe(DURING.toISOString());
      expect(await codes().markUsed('email-hash-1', 'code-hash-1', DURING)).toBe(false);
    });

    itDeletesTheExpired(
      'deletes the codes that expired before now, used or not, and says how many',
      { store: codes, add: (code) => codes().put(code), keyOf: (code) => code.emailHash },
      new Date('2026-06-01T10:00:00.000Z'),
      {
        expired: [aSignInCode({ emailHash: 'gone' }), aSignInCode({ emailHash: 'gone-used', usedAt: '2026-06-01T09:01:00.000Z' })],
        kept: [
          aSignInCode({ emailHash: 'expires-now', expiresAt: '2026-06-01T10:00:00.000Z' }),
          aSignInCode({ emailHash: 'live', expiresAt: '2026-06-01T10:05:00.000Z' }),
        ],
      },
    );
  });
}
