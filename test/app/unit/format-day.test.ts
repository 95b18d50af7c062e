import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from '../../../core/shared/date-text';
import { msInstant } from '../../support/unit/domain-fixtures';

describe('formatDay: the London day alone', () => {
  it('is formatDate without its time, for any instant', () => {
    fc.assert(
      fc.property(msInstant, (d) => {
        const day = formatDay(d.toISOString(), 'admin');
        expect(day).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4}$/);
        expect(formatDate(d.toISOString(), 'admin').startsWith(day)).toBe(true);
      }),
    );
  });

  it('names the London day, not the UTC one, and the missing date as each audience reads it', () => {
    expect(formatDay('2026-05-22T06:57:00.000Z', 'admin')).toBe('Fri 22 May 2026');
    expect(formatDay('2026-05-21T23:30:00.000Z', 'admin')).toBe('Fri 22 May 2026');
    expect(formatDay(null, 'admin')).toBe('Date not specified');
    expect(formatDay('nonsense', 'member')).toBe('Date TBC');
  });
});
