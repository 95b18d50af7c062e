import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxUnpaidPlacesPerAddress, tooManyUnpaidPlaces } from '../../../../core/bookings/unpaid-holds';

describe('the share of a paid event one address may hold unpaid', () => {
  it('is at least one place and never more than the share of the capacity (or the capacity itself)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100 }), (capacity, share) => {
        const max = maxUnpaidPlacesPerAddress(capacity, share);
        expect(max).not.toBeNull();
        expect(max!).toBeGreaterThanOrEqual(1);
        expect(max!).toBeLessThanOrEqual(Math.max(1, (capacity * share) / 100));
        expect(max!).toBeLessThanOrEqual(capacity);
        // A share below 100% never lets one address hold all of an event of two or more places.
        if (share < 100 && capacity >= 2) expect(max!).toBeLessThan(capacity);
      }),
    );
    expect(maxUnpaidPlacesPerAddress(40, 50)).toBe(20);
    expect(maxUnpaidPlacesPerAddress(null, 50)).toBeNull();
    expect(tooManyUnpaidPlaces(1)).toContain('at most 1 unpaid place of this event');
  });
});
