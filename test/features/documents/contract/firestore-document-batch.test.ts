import { describe, expect, it, vi } from 'vitest';
import { FirestoreAddressLimitStore } from '../../../../adapters/firestore/firestore-address-limit-store';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';

const running = useFirestoreEmulator();
const NOW = new Date('2026-06-01T09:00:00.000Z');
/** The next turn of the event loop, after the work already queued for this one. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('group commits of per-address changes on the Firestore emulator (ADR 63)', () => {
  it('makes the changes asked for a turn apart while a group is under way together, in the next group', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const limits = new FirestoreAddressLimitStore(db);
    const reads = vi.spyOn(db, 'getAll');
    const commits = vi.spyOn(db, 'batch');
    try {
      // One member's booking: its group starts on the next turn and goes to the emulator.
      let firstAnswered = false;
      const first = limits.hit('bookings-minute:10.0.0.1', 60_000, NOW).then((answer) => {
        firstAnswered = true;
        return answer;
      });
      await nextTurn();
      // Three more members a turn apart each, as bookings a few milliseconds apart arrive.
      const later: Promise<{ hits: number }>[] = [];
      for (const address of ['10.0.0.2', '10.0.0.3', '10.0.0.4']) {
        later.push(limits.hit(`bookings-minute:${address}`, 60_000, NOW));
        await nextTurn();
      }
      // They were all asked for while the first group was still under way (a round trip to the
      // emulator takes longer than three turns of an idle event loop).
      expect(firstAnswered).toBe(false);

      const answers = await Promise.all([first, ...later]);
      expect(answers.map((answer) => answer.hits)).toEqual([1, 1, 1, 1]);
      // Two groups: the first alone, then the three that waited for it, in one read and one commit
      // (with up to 4 groups under way, each had a group of its own: 4 reads and 4 commits).
      expect(reads).toHaveBeenCalledTimes(2);
      expect(commits).toHaveBeenCalledTimes(2);
      // Each address counted once, as a store read afresh sees it.
      const fresh = new FirestoreAddressLimitStore(db);
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
        expect((await fresh.hit(`bookings-minute:${address}`, 60_000, NOW)).hits).toBe(2);
      }
    } finally {
      reads.mockRestore();
      commits.mockRestore();
    }
  });
});
