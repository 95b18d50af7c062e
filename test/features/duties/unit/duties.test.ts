import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignmentRefusal,
  DUTY_MESSAGES,
  dutyWindow,
  ineligibility,
  isQualificationCurrent,
  missingQualifications,
  slotsFromTemplate,
  staffingLight,
  windowsOverlap,
} from '../../../../core/duties/duties';
import { type DutyAssignment, type DutyWindow } from '../../../../core/duty-rosters/duty-roster';
import { addDaysToDate } from '../../../../core/shared/london-time';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDaysToDate('2025-01-01', n));
const hour = 3_600_000;
const base = Date.parse('2026-06-06T00:00:00.000Z');
const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 48 }))
  .map(([start, length]): DutyWindow => ({ start: new Date(base + start * hour).toISOString(), end: new Date(base + (start + length) * hour).toISOString() }));
const slotArb = fc
  .record({ needed: fc.integer({ min: 1, max: 5 }), optional: fc.boolean(), filled: fc.integer({ min: 0, max: 6 }) })
  .map(({ needed, optional, filled }) => ({ needed, optional, holders: Array.from({ length: filled }, () => ({}) as DutyAssignment) }));

describe('eligibility on a date', () => {
  it('a qualification is current up to and including its expiry day, and never after; one without expiry always', () => {
    fc.assert(
      fc.property(day, day, (expiresOn, date) => {
        expect(isQualificationCurrent({ expiresOn }, date)).toBe(date <= expiresOn);
        expect(isQualificationCurrent({ expiresOn: null }, date)).toBe(true);
      }),
    );
    expect(isQualificationCurrent({ expiresOn: '2026-07-04' }, '2026-07-04')).toBe(true);
    expect(isQualificationCurrent({ expiresOn: '2026-07-04' }, '2026-07-05')).toBe(false);
  });

  it('a member lacks exactly the needed qualifications not current on the last day of the duty', () => {
    const window: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-05T16:00:00.000Z' };
    fc.assert(
      fc.property(
        fc.subarray(['pb2', 'first-aid', 'vhf']),
        fc.array(fc.record({ qualificationId: fc.constantFrom('pb2', 'first-aid', 'vhf'), expiresOn: fc.option(day, { nil: null }) }), { maxLength: 4 }),
        (needed, held) => {
          const records = held.map((h) => ({ ...h, memberId: 'ann' }));
          const missing = missingQualifications({ qualificationIds: needed }, records, window);
          for (const id of needed)
            expect(missing.includes(id)).toBe(!records.some((r) => r.qualificationId === id && (r.expiresOn === null || r.expiresOn >= '2026-07-05')));
          expect(missing.every((id) => needed.includes(id))).toBe(true);
        },
      ),
    );
  });

  it('a member whose membership has lapsed by the duty’s first day is not eligible, whatever they hold', () => {
    const window: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
    expect(ineligibility({ renewalDate: '2026-07-03', disabled: false }, { qualificationIds: [] }, [], [], window)).toBe('Membership not current on the day');
    expect(ineligibility({ renewalDate: '2026-07-04', disabled: false }, { qualificationIds: [] }, [], [], window)).toBeNull();
    expect(ineligibility({ renewalDate: '2027-07-04', disabled: true }, { qualificationIds: [] }, [], [], window)).toBe('Membership not current on the day');
    expect(
      ineligibility({ renewalDate: '2027-07-04', disabled: false }, { qualificationIds: ['pb2'] }, [], [{ id: 'pb2', name: 'Powerboat Level 2' }], window),
    ).toBe('Needs Powerboat Level 2');
  });
});

describe('the staffing light', () => {
  it('is red when a required slot is short, amber when only optional ones are, green when every minimum is filled, none without slots', () => {
    fc.assert(
      fc.property(fc.array(slotArb, { maxLength: 8 }), (slots) => {
        const light = staffingLight(slots);
        const short = slots.filter((s) => s.holders.length < s.needed);
        if (slots.length === 0) expect(light).toBeNull();
        else if (short.some((s) => !s.optional)) expect(light).toBe('red');
        else if (short.length > 0) expect(light).toBe('amber');
        else expect(light).toBe('green');
      }),
    );
  });

  it('filling a short slot never makes the light worse', () => {
    const rank = { green: 0, amber: 1, red: 2 } as const;
    fc.assert(
      fc.property(fc.array(slotArb, { minLength: 1, maxLength: 6 }), fc.nat(), (slots, pick) => {
        const i = pick % slots.length;
        const filled = slots.map((s, j) => (j === i ? { ...s, holders: [...s.holders, {} as DutyAssignment] } : s));
        expect(rank[staffingLight(filled)!]).toBeLessThanOrEqual(rank[staffingLight(slots)!]);
      }),
    );
  });
});

describe('no double duty', () => {
  it('windows overlap exactly when they share a moment; one ending as the other starts does not', () => {
    fc.assert(
      fc.property(windowArb, windowArb, (a, b) => {
        expect(windowsOverlap(a, b)).toBe(windowsOverlap(b, a));
        const shares = Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
        expect(windowsOverlap(a, b)).toBe(shares);
      }),
    );
    expect(windowsOverlap({ start: '2026-06-06T09:00:00Z', end: '2026-06-06T12:00:00Z' }, { start: '2026-06-06T12:00:00Z', end: '2026-06-06T13:00:00Z' })).toBe(
      false,
    );
  });

  it('a slot refuses a member on another overlapping duty, a full slot refuses anyone, and one a member holds refuses them again', () => {
    fc.assert(
      fc.property(
        windowArb,
        fc.array(windowArb, { maxLength: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (window, others, needed, filled) => {
          const holders = Array.from({ length: filled }, (_, i) => ({ memberId: `m${i}` }) as DutyAssignment);
          const duties = others.map((w, i) => ({ slotId: `other-${i}`, window: w }));
          const refusal = assignmentRefusal({ id: 'slot', needed, holders }, duties, { memberId: 'ann', window });
          if (filled >= needed) expect(refusal).toBe(DUTY_MESSAGES.slotFull);
          else if (others.some((w) => windowsOverlap(w, window))) expect(refusal).toBe(DUTY_MESSAGES.doubleDuty);
          else expect(refusal).toBeNull();
          expect(assignmentRefusal({ id: 'slot', needed: 5, holders: [{ memberId: 'ann' } as DutyAssignment] }, [], { memberId: 'ann', window })).toBe(
            DUTY_MESSAGES.alreadyHolding,
          );
        },
      ),
    );
  });

  it('a disabled (or erased) member is refused whatever the slot; an enabled or unlisted one is judged by the slot', () => {
    fc.assert(
      fc.property(windowArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 3 }), (window, needed, filled) => {
        const slot = { id: 'slot', needed, holders: Array.from({ length: filled }, (_, i) => ({ memberId: `m${i}` }) as DutyAssignment) };
        expect(assignmentRefusal(slot, [], { memberId: 'ann', window }, { disabled: true })).toBe(DUTY_MESSAGES.memberLeft);
        const judged = assignmentRefusal(slot, [], { memberId: 'ann', window });
        expect(assignmentRefusal(slot, [], { memberId: 'ann', window }, { disabled: false })).toBe(judged);
      }),
    );
  });
});

describe('events and templates', () => {
  it('a duty lasts the event; without an end, to the end of its London day; without a date, there is none', () => {
    expect(dutyWindow({ eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' })).toEqual({
      start: '2026-07-04T09:00:00.000Z',
      end: '2026-07-04T16:00:00.000Z',
    });
    expect(dutyWindow({ eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: null })).toEqual({
      start: '2026-07-04T09:00:00.000Z',
      end: '2026-07-04T23:00:00.000Z',
    });
    expect(dutyWindow({ eventdatetime: null, eventenddatetime: null })).toBeNull();
  });

  it('applying a template adds one slot per duty type the event lacks, so applying twice adds nothing more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ dutyTypeId: fc.constantFrom('ro', 'aro', 'safety', 'galley'), needed: fc.integer({ min: 1, max: 3 }), optional: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.subarray(['ro', 'aro', 'safety', 'galley']),
        (needs, existing) => {
          const added = slotsFromTemplate(
            { needs },
            existing.map((dutyTypeId) => ({ dutyTypeId })),
          );
          const types = added.map((n) => n.dutyTypeId);
          expect(new Set(types).size).toBe(types.length);
          expect(types.some((t) => existing.includes(t))).toBe(false);
          expect(
            slotsFromTemplate(
              { needs },
              [...existing, ...types].map((dutyTypeId) => ({ dutyTypeId })),
            ),
          ).toEqual([]);
        },
      ),
    );
  });
});
