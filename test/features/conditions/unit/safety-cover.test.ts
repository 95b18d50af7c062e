import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safetyCover, slotsOfEvent } from '../../../../core/conditions/safety-cover';
import { needsAlert } from '../../../../core/conditions/conditions-alerts';
import type { DutyAssignment } from '../../../../core/duty-rosters/duty-roster';

const TYPES = [
  { id: 'safety', name: 'Safety boat driver' },
  { id: 'galley', name: 'Galley' },
];
const slotArb = fc
  .record({
    dutyTypeId: fc.constantFrom('safety', 'galley', 'gone'),
    needed: fc.integer({ min: 1, max: 5 }),
    optional: fc.boolean(),
    filled: fc.integer({ min: 0, max: 6 }),
  })
  .map(({ filled, ...slot }) => ({ ...slot, holders: Array.from({ length: filled }, () => ({}) as DutyAssignment) }));

describe('the safety-cover light from the duty roster', () => {
  it('is red when a required slot is short, amber when only optional ones are, green when every minimum is filled, no-roster without slots', () => {
    fc.assert(
      fc.property(fc.array(slotArb, { maxLength: 8 }), (slots) => {
        const cover = safetyCover(slots, TYPES);
        const short = slots.filter((s) => s.holders.length < s.needed);
        if (slots.length === 0) expect(cover.status).toBe('no-roster');
        else if (short.some((s) => !s.optional)) expect(cover.status).toBe('red');
        else if (short.length > 0) expect(cover.status).toBe('amber');
        else expect(cover.status).toBe('green');
        // Every short slot is named once, required ones first, with what it holds of what it needs.
        expect(cover.short).toHaveLength(short.length);
        expect(cover.short.map((s) => s.optional)).toEqual([...cover.short.map((s) => s.optional)].sort((a, b) => Number(a) - Number(b)));
        expect(cover.short.every((s) => s.held < s.needed)).toBe(true);
      }),
    );
  });

  it('names the short duties by their type, and a deleted type as such', () => {
    const cover = safetyCover(
      [
        { dutyTypeId: 'galley', needed: 1, optional: true, holders: [] },
        { dutyTypeId: 'safety', needed: 2, optional: false, holders: [{} as DutyAssignment] },
        { dutyTypeId: 'gone', needed: 1, optional: false, holders: [{} as DutyAssignment] },
      ],
      TYPES,
    );
    expect(cover).toEqual({
      status: 'red',
      short: [
        { dutyTypeName: 'Safety boat driver', needed: 2, held: 1, optional: false },
        { dutyTypeName: 'Galley', needed: 1, held: 0, optional: true },
      ],
    });
    expect(safetyCover([{ dutyTypeId: 'gone', needed: 1, optional: false, holders: [] }], []).short[0]!.dutyTypeName).toBe('(deleted duty type)');
  });

  it('takes one event’s slots among several', () => {
    expect(slotsOfEvent([{ eventId: 'a' }, { eventId: 'b' }, { eventId: 'a' }], 'a')).toHaveLength(2);
  });

  it('alerts exactly when the conditions are near or beyond, or the cover is red', () => {
    fc.assert(
      fc.property(fc.constantFrom('within', 'near', 'beyond', null), fc.constantFrom('green', 'amber', 'red', 'no-roster'), (rating, status) => {
        expect(needsAlert({ rating, safetyCover: { status, short: [] } })).toBe(rating === 'near' || rating === 'beyond' || status === 'red');
      }),
    );
  });
});
