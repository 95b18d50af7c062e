import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands } from '../../../core/shared/number-text';

describe('groupThousands', () => {
  it('writes any whole number as en-GB does, thousands grouped with commas', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat({ max: 99_999 }), fc.maxSafeNat()), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('en-GB'));
      }),
      { numRuns: 2000, examples: [[0], [999], [1000], [10_000], [1_000_000], [Number.MAX_SAFE_INTEGER]] },
    );
  });
});
