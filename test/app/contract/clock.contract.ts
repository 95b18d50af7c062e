import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../core/shared/clock.port';

export function describeClockContract(name: string, makeClock: () => Clock): void {
  describe(`${name} (Clock contract)`, () => {
    it('returns valid instants that never go backwards', () => {
      const clock = makeClock();
      let previous = clock.now().getTime();
      for (let i = 0; i < 1000; i++) {
        const current = clock.now().getTime();
        expect(Number.isFinite(current)).toBe(true);
        expect(current).toBeGreaterThanOrEqual(previous);
        previous = current;
      }
    });

    it('is not changed by changing a date it returned', () => {
      const clock = makeClock();
      const first = clock.now();
      const before = first.getTime();
      first.setTime(0);
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    });
  });
}
