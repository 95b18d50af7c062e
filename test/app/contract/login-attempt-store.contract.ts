import { expect, it } from 'vitest';
import type { AttemptHistory, LoginAttemptStore } from '../../../core/admins/login-attempt-store.port';
import { describeContract, itAnswers, type AdapterFactory } from '../../support/contract/storage-fixtures';

const at = (time: string) => new Date(`2026-06-01T${time}.000Z`);

export function describeLoginAttemptStoreContract(name: string, makeAdapter: AdapterFactory<LoginAttemptStore>): void {
  describeContract('LoginAttemptStore', name, makeAdapter, (attempts) => {
    itAnswers('counts no failures for a key never seen', [() => attempts().countSince('email:pat@club.example', at('00:00:00')), 0]);

    it('counts the failures at or after the given time', async () => {
      const key = 'email:pat@club.example';
      await attempts().recordFailure([key], at('09:00:00'));
      await attempts().recordFailure([key], at('09:10:00'));
      await attempts().recordFailure([key], at('09:20:00'));
      expect(await attempts().countSince(key, at('08:00:00'))).toBe(3);
      expect(await attempts().countSince(key, at('09:10:00'))).toBe(2);
      expect(await attempts().countSince(key, new Date(at('09:10:00').getTime() + 1))).toBe(1);
      expect(await attempts().countSince(key, at('09:30:00'))).toBe(0);
    });

    it('records one failure for each key given', async () => {
      await attempts().recordFailure(['email:pat@club.example', 'ip:203.0.113.7'], at('09:00:00'));
      await attempts().recordFailure(['ip:203.0.113.7'], at('09:01:00'));
      expect(await attempts().countSince('email:pat@club.example', at('08:00:00'))).toBe(1);
      expect(await attempts().countSince('ip:203.0.113.7', at('08:00:00'))).toBe(2);
    });

    it('forgets the failures of one key only', async () => {
      await attempts().recordFailure(['email:pat@club.example', 'ip:203.0.113.7'], at('09:00:00'));
      await attempts().clear('email:pat@club.example');
      await attempts().clear('never-seen');
      expect(await attempts().countSince('email:pat@club.example', at('08:00:00'))).toBe(0);
      expect(await attempts().countSince('ip:203.0.113.7', at('08:00:00'))).toBe(1);
      await attempts().recordFailure(['email:pat@club.example'], at('09:05:00'));
      expect(await attempts().countSince('email:pat@club.example', at('08:00:00'))).toBe(1);
    });

    const below = (key: string, max: number) => (history: Record<string, AttemptHistory>) => history[key].count < max;

    it("reserves an attempt against each key, giving the rule each key's count and latest time in the window", async () => {
      const seen: Record<string, AttemptHistory>[] = [];
      const allow = (history: Record<string, AttemptHistory>) => {
        seen.push(history);
        return true;
      };
      const keys = ['email:pat@club.example', 'ip:203.0.113.7'];
      await attempts().recordFailure(['ip:203.0.113.7'], at('08:00:00'));
      expect(await attempts().reserve({ keys, since: at('08:30:00'), at: at('09:00:00'), allow })).toEqual(expect.any(String));
      expect(await attempts().reserve({ keys: [...keys, keys[0]], since: at('07:00:00'), at: at('09:05:00'), allow })).toEqual(expect.any(String));
      expect(seen[0]).toEqual({ 'email:pat@club.example': { count: 0, lastAt: null }, 'ip:203.0.113.7': { count: 0, lastAt: null } });
      expect(seen[1]).toEqual({ 'email:pat@club.example': { count: 1, lastAt: at('09:00:00') }, 'ip:203.0.113.7': { count: 2, lastAt: at('09:00:00') } });
      expect(await attempts().countSince('email:pat@club.example', at('00:00:00'))).toBe(2);
      expect(await attempts().countSince('ip:203.0.113.7', at('00:00:00'))).toBe(3);
    });

    it('records nothing when the rule refuses', async () => {
      const key = 'email:pat@club.example';
      expect(await attempts().reserve({ keys: [key], since: at('08:00:00'), at: at('09:00:00'), allow: () => false })).toBeNull();
      expect(await attempts().countSince(key, at('00:00:00'))).toBe(0);
    });

    it('releases exactly the attempts of one reservation; unknown or malformed ones change nothing', async () => {
      const keys = ['email:pat@club.example', 'ip:203.0.113.7'];
      const first = await attempts().reserve({ keys, since: at('08:00:00'), at: at('09:00:00'), allow: () => true });
      const second = await attempts().reserve({ keys, since: at('08:00:00'), at: at('09:01:00'), allow: () => true });
      await attempts().release(first!);
      await attempts().release(first!);
      await attempts().release('not-a-reservation/../x');
      await attempts().release('');
      expect(await attempts().countSince(keys[0], at('00:00:00'))).toBe(1);
      expect(await attempts().countSince(keys[1], at('00:00:00'))).toBe(1);
      await attempts().release(second!);
      expect(await attempts().countSince(keys[0], at('00:00:00'))).toBe(0);
    });

    it('lets at most the allowed number of 100 racing reservations through (the count and the write are one step)', async () => {
      const keys = ['email:pat@club.example', 'ip:203.0.113.7'];
      const results = await Promise.all(
        Array.from({ length: 100 }, () => attempts().reserve({ keys, since: at('08:00:00'), at: at('09:00:00'), allow: below('ip:203.0.113.7', 5) })),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(5);
      expect(await attempts().countSince('ip:203.0.113.7', at('00:00:00'))).toBe(5);
      expect(await attempts().countSince('email:pat@club.example', at('00:00:00'))).toBe(5);
    });

    it("forgets every attempt of the keys starting with a prefix, and no other key's, and says how many", async () => {
      await attempts().recordFailure(['member-code-email:pat@club.example', 'member-code-ip:203.0.113.7'], at('09:00:00'));
      await attempts().recordFailure(['member-code-email:sam@club.example'], at('09:01:00'));
      expect(
        await attempts().reserve({ keys: ['member-code-email:kim@club.example'], since: at('00:00:00'), at: at('09:02:00'), allow: () => true }),
      ).not.toBeNull();
      await attempts().recordFailure(['member-code-email', 'member-code-emails:x', 'email:pat@club.example'], at('09:03:00'));
      expect(await attempts().forgetKeysStartingWith('member-code-email:')).toBe(3);
      for (const key of ['member-code-email:pat@club.example', 'member-code-email:sam@club.example', 'member-code-email:kim@club.example']) {
        expect(await attempts().countSince(key, at('00:00:00'))).toBe(0);
      }
      for (const key of ['member-code-ip:203.0.113.7', 'member-code-email', 'member-code-emails:x', 'email:pat@club.example']) {
        expect(await attempts().countSince(key, at('00:00:00'))).toBe(1);
      }
      expect(await attempts().forgetKeysStartingWith('member-code-email:')).toBe(0);
      // A key of the kind counted again afterwards counts from nothing.
      expect(
        await attempts().reserve({
          keys: ['member-code-email:kim@club.example'],
          since: at('00:00:00'),
          at: at('09:04:00'),
          allow: (h) => h['member-code-email:kim@club.example'].count === 0,
        }),
      ).not.toBeNull();
    });
  });
}
