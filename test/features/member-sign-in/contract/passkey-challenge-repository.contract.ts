import { expect, it } from 'vitest';
import type { PasskeyChallenge, PasskeyChallengeRepository } from '../../../../core/member-sign-in/passkey-challenge-repository.port';
import { describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function aChallenge(overrides: Partial<PasskeyChallenge> = {}): PasskeyChallenge {
  return {
    challengeHash: 'challenge-hash-1',
    purpose: 'authentication',
    memberId: null,
    createdAt: '2026-06-01T09:00:00.000Z',
    expiresAt: '2026-06-01T09:05:00.000Z',
    ...overrides,
  };
}

const DURING = new Date('2026-06-01T09:02:00.000Z');

export function describePasskeyChallengeRepositoryContract(name: string, makeAdapter: AdapterFactory<PasskeyChallengeRepository>): void {
  describeContract('PasskeyChallengeRepository', name, makeAdapter, (challenges) => {
    it('gives a stored challenge back once, as it was stored; the second take finds nothing', async () => {
      const registration = aChallenge({ challengeHash: 'reg', purpose: 'registration', memberId: 'member-pat' });
      await challenges().put(aChallenge());
      await challenges().put(registration);
      expect(await challenges().take('challenge-hash-1', 'authentication', DURING)).toEqual(aChallenge());
      expect(await challenges().take('challenge-hash-1', 'authentication', DURING)).toBeNull();
      expect(await challenges().take('reg', 'registration', DURING)).toEqual(registration);
      expect(await challenges().take('reg', 'registration', DURING)).toBeNull();
    });

    it('finds nothing for an unknown hash, and leaves a challenge asked for the other purpose in place', async () => {
      expect(await challenges().take('nobody', 'authentication', DURING)).toBeNull();
      await challenges().put(aChallenge({ purpose: 'registration', memberId: 'member-pat' }));
      expect(await challenges().take('challenge-hash-1', 'authentication', DURING)).toBeNull();
      expect(await challenges().take('challenge-hash-1', 'registration', DURING)).toEqual(aChallenge({ purpose: 'registration', memberId: 'member-pat' }));
    });

    it('refuses an expired challenge from its expiry instant on, and removes it', async () => {
      await challenges().put(aChallenge());
      expect(await challenges().take('challenge-hash-1', 'authentication', new Date('2026-06-01T09:05:00.000Z'))).toBeNull();
      // Gone: even a clock that went back finds nothing.
      expect(await challenges().take('challenge-hash-1', 'authentication', DURING)).toBeNull();
      await challenges().put(aChallenge({ challengeHash: 'just-in-time' }));
      expect(await challenges().take('just-in-time', 'authentication', new Date('2026-06-01T09:04:59.999Z'))).toEqual(
        aChallenge({ challengeHash: 'just-in-time' }),
      );
    });

    it('of 30 takes at once, exactly one gets the challenge', async () => {
      await challenges().put(aChallenge());
      const results = await Promise.all(Array.from({ length: 30 }, () => challenges().take('challenge-hash-1', 'authentication', DURING)));
      expect(results.filter((result) => result !== null)).toEqual([aChallenge()]);
    });

    it('deletes the challenges that expired before now and says how many', async () => {
      const now = new Date('2026-06-01T09:10:00.000Z');
      await challenges().put(aChallenge({ challengeHash: 'gone' }));
      await challenges().put(aChallenge({ challengeHash: 'expires-now', expiresAt: '2026-06-01T09:10:00.000Z' }));
      await challenges().put(aChallenge({ challengeHash: 'live', expiresAt: '2026-06-01T09:14:00.000Z' }));
      expect(await challenges().deleteExpired(now)).toBe(1);
      expect(await challenges().take('gone', 'authentication', DURING)).toBeNull();
      expect(await challenges().take('live', 'authentication', now)).toEqual(aChallenge({ challengeHash: 'live', expiresAt: '2026-06-01T09:14:00.000Z' }));
    });
  });
}
