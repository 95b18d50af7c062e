import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../../core/news/news';

const now = new Date('2026-06-20T08:00:00.000Z'); // 09:00 BST on Saturday 20 June 2026

/** Noon London time, n days before `now`. */
function daysAgo(n: number): string {
  return new Date(Date.UTC(2026, 5, 20 - n, 11)).toISOString();
}

describe('relative news time', () => {
  it('shows Today, Yesterday, days, weeks, then the long date', () => {
    expect(relativeTime(daysAgo(0), now)).toBe('Today');
    expect(relativeTime(daysAgo(1), now)).toBe('Yesterday');
    expect(relativeTime(daysAgo(2), now)).toBe('2 days ago');
    expect(relativeTime(daysAgo(6), now)).toBe('6 days ago');
    expect(relativeTime(daysAgo(7), now)).toBe('1 week ago');
    expect(relativeTime(daysAgo(14), now)).toBe('2 weeks ago');
    expect(relativeTime(daysAgo(29), now)).toBe('4 weeks ago');
    expect(relativeTime(daysAgo(30), now)).toBe('21 May 2026');
    expect(relativeTime('2025-12-25T10:00:00.000Z', now)).toBe('25 December 2025');
  });

  it('counts London calendar days, so late last night is Yesterday', () => {
    expect(relativeTime('2026-06-19T22:30:00.000Z', now)).toBe('Yesterday'); // 23:30 BST on the 19th
    expect(relativeTime('2026-06-19T23:30:00.000Z', now)).toBe('Today'); // 00:30 BST on the 20th
  });

  it('shows Date TBC without a time and the long date for a time in the future', () => {
    expect(relativeTime(null, now)).toBe('Date TBC');
    expect(relativeTime('garbage', now)).toBe('Date TBC');
    expect(relativeTime('2026-06-25T10:00:00.000Z', now)).toBe('25 June 2026');
  });

  it('every age in days has exactly one wording, matching its band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), (n) => {
        const text = relativeTime(daysAgo(n), now);
        if (n === 0) expect(text).toBe('Today');
        else if (n === 1) expect(text).toBe('Yesterday');
        else if (n < 7) expect(text).toBe(`${n} days ago`);
        else if (n < 14) expect(text).toBe('1 week ago');
        else if (n < 30) expect(text).toBe(`${Math.floor(n / 7)} weeks ago`);
        else expect(text).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      }),
    );
  });
});
