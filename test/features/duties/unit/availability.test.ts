import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_MESSAGES,
  checkAvailability,
  dutyQuota,
  dutySeason,
  dutySeasonAt,
  inSeason,
  rotaHolderName,
  type DutyQuotaInput,
} from '../../../../core/duties/availability';
import { addDaysToDate, londonMidnight } from '../../../../core/shared/london-time';

const FIXED = { kind: 'fixed', yearStart: { month: 4, day: 1 } } as const;
const SEASON = { start: '2026-04-01', end: '2027-03-31' };
const seasonDay = fc.integer({ min: 0, max: 364 }).map((n) => addDaysToDate(SEASON.start, n));
const anyDay = fc.integer({ min: -400, max: 800 }).map((n) => addDaysToDate(SEASON.start, n));

describe('the duty season', () => {
  it('is the membership year on a fixed year, and the calendar year on rolling years', () => {
    expect(dutySeason(FIXED, '2026-03-31')).toEqual({ start: '2025-04-01', end: '2026-03-31' });
    expect(dutySeason(FIXED, '2026-04-01')).toEqual(SEASON);
    expect(dutySeason({ kind: 'rolling' }, '2026-11-28')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    // 23:30 UTC on 31 March in summer time is already 1 April in London.
    expect(dutySeasonAt(FIXED, new Date('2026-03-31T23:30:00.000Z'))).toEqual(SEASON);
  });

  it('contains the date it is asked about, on any settings (fast-check)', () => {
    const year = fc.oneof(
      fc.constant({ kind: 'rolling' } as const),
      fc.record({
        kind: fc.constant('fixed' as const),
        yearStart: fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) }),
      }),
    );
    fc.assert(fc.property(year, anyDay, (y, date) => inSeason(dutySeason(y, date), date)));
  });
});

describe('checkAvailability', () => {
  it('keeps dates of the season, sorted and each once, and one wish per known duty type', () => {
    const result = checkAvailability(
      {
        unavailable: ['2026-07-04', '2026-05-02', '2026-07-04'],
        wishes: [
          { dutyTypeId: 'safety', wish: 'rather-not' },
          { dutyTypeId: 'galley', wish: 'prefer' },
        ],
      },
      SEASON,
      ['galley', 'safety', 'race-officer'],
    );
    expect(result).toEqual({
      ok: true,
      value: {
        unavailable: ['2026-05-02', '2026-07-04'],
        wishes: [
          { dutyTypeId: 'galley', wish: 'prefer' },
          { dutyTypeId: 'safety', wish: 'rather-not' },
        ],
      },
    });
  });

  it('refuses a date outside the season, a date that is no date, an unknown duty type and two wishes for one', () => {
    expect(checkAvailability({ unavailable: ['2027-04-01'], wishes: [] }, SEASON, [])).toEqual({
      ok: false,
      errors: { unavailable: 'Choose dates within this season, 2026-04-01 to 2027-03-31' },
    });
    for (const date of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-06-31', '2026-6-1', ' 2026-06-01']) {
      expect(checkAvailability({ unavailable: [date], wishes: [] }, SEASON, [])).toEqual({
        ok: false,
        errors: { unavailable: AVAILABILITY_MESSAGES.dateInvalid },
      });
    }
    expect(checkAvailability({ unavailable: [], wishes: [{ dutyTypeId: 'nope', wish: 'prefer' }] }, SEASON, ['galley'])).toEqual({
      ok: false,
      errors: { wishes: AVAILABILITY_MESSAGES.unknownDutyType },
    });
    expect(
      checkAvailability(
        {
          unavailable: [],
          wishes: [
            { dutyTypeId: 'galley', wish: 'prefer' },
            { dutyTypeId: 'galley', wish: 'rather-not' },
          ],
        },
        SEASON,
        ['galley'],
      ),
    ).toEqual({ ok: false, errors: { wishes: AVAILABILITY_MESSAGES.twoWishes } });
  });

  it('accepts exactly the forms whose dates all lie in the season (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(anyDay, { maxLength: 10 }), (dates) => {
        const result = checkAvailability({ unavailable: dates, wishes: [] }, SEASON, []);
        expect(result.ok).toBe(dates.every((date) => inSeason(SEASON, date)));
        if (result.ok) {
          expect(result.value.unavailable).toEqual([...new Set(dates)].sort());
        }
      }),
    );
  });
});

describe('dutyQuota', () => {
  const TODAY = '2026-08-01';
  const duty = (memberId: string, date: string) => ({
    memberId,
    window: { start: new Date(londonMidnight(date).getTime() + 10 * 3_600_000).toISOString(), end: londonMidnight(addDaysToDate(date, 1)).toISOString() },
  });
  const base: DutyQuotaInput = {
    category: { dutiesPerSeason: 4, coversHousehold: true },
    memberId: 'ann',
    householdMemberIds: ['ann', 'bob'],
    duties: [
      duty('ann', '2026-05-02'),
      duty('bob', '2026-07-31'),
      duty('ann', TODAY),
      duty('bob', '2026-09-01'),
      duty('cat', '2026-06-01'),
      duty('ann', '2027-04-01'),
    ],
    season: SEASON,
    today: TODAY,
  };

  it("counts the household's duties of the season for a category that covers a household: done before today, pledged from today", () => {
    expect(dutyQuota(base)).toEqual({ scope: 'household', expected: 4, done: 2, pledged: 2 });
  });

  it("counts the member's own for a category that does not cover a household, or a member in none", () => {
    expect(dutyQuota({ ...base, category: { dutiesPerSeason: 2, coversHousehold: false } })).toEqual({ scope: 'member', expected: 2, done: 1, pledged: 1 });
    expect(dutyQuota({ ...base, householdMemberIds: null })).toEqual({ scope: 'member', expected: 4, done: 1, pledged: 1 });
  });

  it('expects none without a category', () => {
    expect(dutyQuota({ ...base, category: null })).toEqual({ scope: 'member', expected: 0, done: 1, pledged: 1 });
  });

  it('counts every duty in scope of the season once, and never one outside it or of another member (fast-check)', () => {
    const member = fc.constantFrom('ann', 'bob', 'cat');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(member, anyDay), { maxLength: 12 }),
        seasonDay,
        fc.boolean(),
        fc.integer({ min: 0, max: 50 }),
        (held, today, covers, expected) => {
          const input: DutyQuotaInput = {
            ...base,
            category: { dutiesPerSeason: expected, coversHousehold: covers },
            duties: held.map(([m, d]) => duty(m, d)),
            today,
          };
          const quota = dutyQuota(input);
          const scope = covers ? ['ann', 'bob'] : ['ann'];
          const counted = held.filter(([m, d]) => scope.includes(m) && inSeason(SEASON, d));
          expect(quota.expected).toBe(expected);
          expect(quota.done + quota.pledged).toBe(counted.length);
          expect(quota.done).toBe(counted.filter(([, d]) => d < today).length);
          // A household's count is never below the member's own.
          const own = dutyQuota({ ...input, householdMemberIds: null });
          expect(quota.done + quota.pledged).toBeGreaterThanOrEqual(own.done + own.pledged);
        },
      ),
    );
  });
});

describe('rotaHolderName', () => {
  it('names holders by first name and last initial for members, in full for admins', () => {
    expect(rotaHolderName('Ann Helm', 'member')).toBe('Ann H.');
    expect(rotaHolderName('Ann Marie van der Berg', 'member')).toBe('Ann B.');
    expect(rotaHolderName('Ann Helm', 'admin')).toBe('Ann Helm');
  });

  it('never shows a member more than the first word and one initial of the last (fast-check)', () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        const shown = rotaHolderName(words.join(' '), 'member');
        expect(shown).toBe(`${words[0]} ${Array.from(words.at(-1)!)[0]!.toLocaleUpperCase('en-GB')}.`);
      }),
    );
  });
});
