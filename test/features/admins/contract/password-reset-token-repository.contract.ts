import { expect, it } from 'vitest';
import { ConflictError } from '../../../../core/shared/errors';
import type { PasswordResetToken, PasswordResetTokenRepository } from '../../../../core/admins/password-reset-token-repository.port';
import { rejectionOf, describeContract, itDeletesTheExpired, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function aToken(overrides: Partial<PasswordResetToken> = {}): PasswordResetToken {
  return {
    tokenHash: 'a'.repeat(64),
    uid: 'uid-commodore',
    createdAt: '2026-06-01T09:00:00.000Z',
    expiresAt: '2026-06-01T10:00:00.000Z',
    usedAt: null,
    ...overrides,
  };
}

const AT = new Date('2026-06-01T09:30:00.000Z');

/** One store, reached through two connections (two clients or database handles; memory: the same object). */
export interface TwoConnections {
  tokens: PasswordResetTokenRepository;
  other: PasswordResetTokenRepository;
}

export function describePasswordResetTokenRepositoryContract(name: string, makeAdapter: AdapterFactory<TwoConnections>): void {
  describeContract('PasswordResetTokenRepository', name, makeAdapter, (store) => {
    const tokens = () => store().tokens;

    itAnswers('returns null for an unknown hash', [() => tokens().get('b'.repeat(64)), null]);

    it('gives back a stored token as it was written, used and expired ones included', async () => {
      const used = aToken({ tokenHash: 'c'.repeat(64), usedAt: '2026-06-01T09:10:00+01:00' });
      const expired = aToken({ tokenHash: 'd'.repeat(64), createdAt: '2020-01-01T00:00:00.000Z', expiresAt: '2020-01-01T01:00:00.000Z' });
      for (const token of [aToken(), used, expired]) await tokens().create(token);
      expect(await tokens().get(aToken().tokenHash)).toEqual(aToken());
      expect(await tokens().get(used.tokenHash)).toEqual(used);
      expect(await tokens().get(expired.tokenHash)).toEqual(expired);
    });

    it('refuses a second token with the same hash, keeping the first', async () => {
      await tokens().create(aToken());
      expect(await rejectionOf(tokens().create(aToken({ uid: 'intruder' })))).toBeInstanceOf(ConflictError);
      expect(await tokens().get(aToken().tokenHash)).toEqual(aToken());
    });

    it('marks a token used once: true the first time, false after, and for an unknown hash', async () => {
      await tokens().create(aToken());
      expect(await tokens().markUsed(aToken().tokenHash, AT)).toBe(true);
      expect(await tokens().get(aToken().tokenHash)).toEqual(aToken({ usedAt: AT.toISOString() }));
      expect(await tokens().markUsed(aToken().tokenHash, new Date('2026-06-01T09:40:00.000Z'))).toBe(false);
      expect(await tokens().get(aToken().tokenHash)).toEqual(aToken({ usedAt: AT.toISOString() }));
      expect(await tokens().markUsed('e'.repeat(64), AT)).toBe(false);
      expect(await tokens().get('e'.repeat(64))).toBeNull();
    });

    it('lets exactly one of many racing uses through, across two connections', async () => {
      await tokens().create(aToken());
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? tokens() : store().other).markUsed(aToken().tokenHash, new Date(AT.getTime() + i))),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await tokens().get(aToken().tokenHash))?.usedAt).toBe(new Date(AT.getTime() + winner).toISOString());
    });

    it("marks every unused token of one user used, leaving used ones and other users' alone", async () => {
      const earlier = '2026-06-01T09:05:00.000Z';
      await tokens().create(aToken({ tokenHash: '1'.repeat(64) }));
      await tokens().create(aToken({ tokenHash: '2'.repeat(64) }));
      await tokens().create(aToken({ tokenHash: '3'.repeat(64), usedAt: earlier }));
      await tokens().create(aToken({ tokenHash: '4'.repeat(64), uid: 'uid-other' }));
      await tokens().markAllUsed('uid-commodore', AT);
      await tokens().markAllUsed('nobody', AT);
      expect((await tokens().get('1'.repeat(64)))?.usedAt).toBe(AT.toISOString());
      expect((await tokens().get('2'.repeat(64)))?.usedAt).toBe(AT.toISOString());
      expect((await tokens().get('3'.repeat(64)))?.usedAt).toBe(earlier);
      expect((await tokens().get('4'.repeat(64)))?.usedAt).toBeNull();
      expect(await tokens().markUsed('4'.repeat(64), AT)).toBe(true);
    });

    itDeletesTheExpired(
      'deletes the tokens that expired before now, used or not, and says how many',
      { store: tokens, add: (token) => tokens().create(token), keyOf: (token) => token.tokenHash },
      new Date('2026-06-01T10:00:00.000Z'),
      {
        expired: [
          aToken({ tokenHash: '5'.repeat(64), expiresAt: '2026-06-01T08:00:00.000Z' }),
          aToken({ tokenHash: '6'.repeat(64), expiresAt: '2026-06-01T09:59:59.999Z', usedAt: '2026-06-01T09:01:00.000Z' }),
        ],
        kept: [
          // 11:00+01:00 is 10:00 UTC, exactly now: not expired before now.
          aToken({ tokenHash: '7'.repeat(64), expiresAt: '2026-06-01T11:00:00+01:00' }),
          aToken({ tokenHash: '8'.repeat(64), expiresAt: '2026-06-01T10:00:00.001Z' }),
        ],
      },
    );
  });
}
