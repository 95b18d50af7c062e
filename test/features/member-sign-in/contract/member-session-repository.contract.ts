import { expect, it } from 'vitest';
import type { MemberSession, MemberSessionRepository } from '../../../../core/member-sign-in/member-session-repository.port';
import { describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function aSession(overrides: Partial<MemberSession> = {}): MemberSession {
  return {
    tokenHash: 'hash-1',
    uid: 'member-ann',
    passkeyId: null,
    createdAt: '2026-06-01T09:00:00.000Z',
    expiresAt: '2026-07-01T09:00:00.000Z',
    ...overrides,
  };
}

/** What members' sessions add to the SessionRepository contract (run beside it on every adapter). */
export function describeMemberSessionRepositoryContract(name: string, makeAdapter: AdapterFactory<MemberSessionRepository>): void {
  describeContract('MemberSessionRepository', name, makeAdapter, (sessions) => {
    it("gives back the passkey that opened a session, or null for a code's", async () => {
      await sessions().create(aSession({ tokenHash: 'by-code' }));
      await sessions().create(aSession({ tokenHash: 'by-passkey', passkeyId: 'cred-1' }));
      expect(await sessions().get('by-code')).toEqual(aSession({ tokenHash: 'by-code' }));
      expect(await sessions().get('by-passkey')).toEqual(aSession({ tokenHash: 'by-passkey', passkeyId: 'cred-1' }));
    });

    it("removes exactly the member's sessions opened with one passkey, and says how many", async () => {
      await sessions().create(aSession({ tokenHash: 'phone-1', passkeyId: 'cred-lost' }));
      await sessions().create(aSession({ tokenHash: 'phone-2', passkeyId: 'cred-lost' }));
      await sessions().create(aSession({ tokenHash: 'tablet', passkeyId: 'cred-kept' }));
      await sessions().create(aSession({ tokenHash: 'laptop' }));
      // Another member's session with the same credential id (never the case, but not theirs to end).
      await sessions().create(aSession({ tokenHash: 'someone-else', uid: 'member-bo', passkeyId: 'cred-lost' }));
      expect(await sessions().deleteByPasskey('member-ann', 'cred-lost')).toBe(2);
      expect(await sessions().get('phone-1')).toBeNull();
      expect(await sessions().get('phone-2')).toBeNull();
      for (const kept of ['tablet', 'laptop', 'someone-else']) expect(await sessions().get(kept)).not.toBeNull();
      expect(await sessions().deleteByPasskey('member-ann', 'cred-lost')).toBe(0);
    });

    it('ends every session of a member, whatever opened it, on deleteByUid', async () => {
      await sessions().create(aSession({ tokenHash: 'a', passkeyId: 'cred-1' }));
      await sessions().create(aSession({ tokenHash: 'b' }));
      await sessions().create(aSession({ tokenHash: 'c', uid: 'member-bo' }));
      await sessions().deleteByUid('member-ann');
      expect(await sessions().get('a')).toBeNull();
      expect(await sessions().get('b')).toBeNull();
      expect(await sessions().get('c')).not.toBeNull();
    });
  });
}
