import { describe, expect, it } from 'vitest';
import type { LoginAttemptStore } from '../../core/ports/login-attempt-store';
import { useFreshAdapter, type AdapterFactory } from './storage-fixtures';

const at = (time: string) => new Date(`2026-06-01T${time}.000Z`);

export function describeLoginAttemptStoreContract(name: string, makeAdapter: AdapterFactory<LoginAttemptStore>): void {
  describe(`${name} (LoginAttemptStore contract)`, () => {
    const attempts = useFreshAdapter(makeAdapter);

    it('counts no failures for a key never seen', async () => {
      expect(await attempts().countSince('email:pat@club.example', at('00:00:00'))).toBe(0);
    });

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
  });
}
