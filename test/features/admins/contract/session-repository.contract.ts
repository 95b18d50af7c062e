import { expect, it } from 'vitest';
import { ConflictError } from '../../../../core/shared/errors';
import type { Session, SessionRepository } from '../../../../core/admins/session-repository.port';
import { rejectionOf, describeContract, itDeletesTheExpired, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function aBaseSession(overrides: Partial<Session> = {}): Session {
  return { tokenHash: 'hash-1', uid: 'uid-commodore', createdAt: '2026-06-01T09:00:00.000Z', expiresAt: '2026-06-01T17:00:00.000Z', ...overrides };
}

/** `extra`: what a store's sessions hold besides a Session's fields (a member session's passkeyId). */
export function describeSessionRepositoryContract(name: string, makeAdapter: AdapterFactory<SessionRepository>, extra: Record<string, unknown> = {}): void {
  describeContract('SessionRepository', name, makeAdapter, (sessions) => {
    const aSession = (overrides: Partial<Session> = {}): Session => ({ ...aBaseSession(overrides), ...extra });

    itAnswers('returns null for an unknown token hash', [() => sessions().get('hash-1'), null]);

    it('gives back a stored session, expired ones included', async () => {
      const expired = aSession({ tokenHash: 'old', expiresAt: '2020-01-01T00:00:00.000Z', createdAt: '2019-12-31T16:00:00.000Z' });
      await sessions().create(aSession());
      await sessions().create(expired);
      expect(await sessions().get('hash-1')).toEqual(aSession());
      expect(await sessions().get('old')).toEqual(expired);
    });

    it('refuses a second session with the same token hash, keeping the first', async () => {
      await sessions().create(aSession());
      expect(await rejectionOf(sessions().create(aSession({ uid: 'intruder' })))).toBeInstanceOf(ConflictError);
      expect(await sessions().get('hash-1')).toEqual(aSession());
    });

    it('deletes one session; deleting an unknown one does nothing', async () => {
      await sessions().create(aSession({ tokenHash: 'a' }));
      await sessions().create(aSession({ tokenHash: 'b' }));
      await sessions().delete('a');
      await sessions().delete('a');
      await sessions().delete('never-there');
      expect(await sessions().get('a')).toBeNull();
      expect(await sessions().get('b')).toEqual(aSession({ tokenHash: 'b' }));
    });

    it('deletes every session of one user and no other', async () => {
      await sessions().create(aSession({ tokenHash: 'laptop', uid: 'pat' }));
      await sessions().create(aSession({ tokenHash: 'phone', uid: 'pat' }));
      await sessions().create(aSession({ tokenHash: 'other', uid: 'sam' }));
      await sessions().deleteByUid('pat');
      await sessions().deleteByUid('nobody');
      expect(await sessions().get('laptop')).toBeNull();
      expect(await sessions().get('phone')).toBeNull();
      expect(await sessions().get('other')).toEqual(aSession({ tokenHash: 'other', uid: 'sam' }));
    });

    itDeletesTheExpired(
      'deletes the sessions that expired before now and says how many',
      { store: sessions, add: (session) => sessions().create(session), keyOf: (session) => session.tokenHash },
      new Date('2026-06-01T17:00:00.000Z'),
      {
        expired: [
          aSession({ tokenHash: 'long-gone', expiresAt: '2026-05-01T00:00:00.000Z' }),
          aSession({ tokenHash: 'just-gone', expiresAt: '2026-06-01T16:59:59.999Z' }),
        ],
        kept: [
          // 18:00+01:00 is 17:00 UTC, exactly now: not expired before now.
          aSession({ tokenHash: 'expires-now', expiresAt: '2026-06-01T18:00:00+01:00' }),
          aSession({ tokenHash: 'live', expiresAt: '2026-06-01T17:00:00.001Z' }),
        ],
      },
    );
  });
}
