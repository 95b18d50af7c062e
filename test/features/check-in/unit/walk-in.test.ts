import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideAddWalkIn, decideRemoveWalkIn, decideWalkInAfloat, type StoredWalkIn } from '../../../../adapters/attendance-records';
import type { AttendanceStore } from '../../../../core/check-in/attendance-store.port';
import { MemoryAttendanceStore } from '../../../../adapters/memory/memory-attendance-store';
import { peopleOnSite, WALK_IN_MESSAGES, walkInCapacityWarning, WalkInDetailsSchema, withWalkInAfloat, type WalkIn } from '../../../../core/check-in/walk-in';

const aWalkIn = (id: string): WalkIn => ({
  id,
  eventId: 'event-1',
  name: 'Wendy Walker',
  phone: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  addedAt: '2026-06-20T09:30:00.000Z',
  addedBy: 'officer@club.example',
  afloat: null,
});

describe('the over-capacity warning', () => {
  it('warns exactly when one more person would take those on site over a capacity, never without one', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(12), { maxLength: 8 }), fc.nat(20), fc.option(fc.integer({ min: 1, max: 80 })), (arrived, walkIns, capacity) => {
        const onSite = peopleOnSite(arrived, walkIns);
        expect(onSite).toBe(arrived.reduce((a, b) => a + b, 0) + walkIns);
        const warning = walkInCapacityWarning(onSite, capacity);
        expect(warning !== null).toBe(capacity !== null && onSite + 1 > capacity);
        if (warning) expect(warning).toBe(`Adding this walk-in makes ${onSite + 1} on site, over the event's capacity of ${capacity}`);
      }),
    );
  });
});

describe("the walk-in's details", () => {
  it('need a name; blank optional fields are none; a contact phone needs its name', () => {
    expect(WalkInDetailsSchema.parse({ name: '  Wendy  ', phone: ' ', emergencyContactName: '', emergencyContactPhone: undefined })).toEqual({
      name: 'Wendy',
      phone: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
    });
    for (const bad of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
      expect(WalkInDetailsSchema.safeParse(bad).error?.issues[0]?.message).toBe(WALK_IN_MESSAGES.nameRequired);
    }
    expect(WalkInDetailsSchema.safeParse({ name: 'W', emergencyContactPhone: '999' }).error?.issues[0]?.message).toBe(WALK_IN_MESSAGES.contactPhoneWithoutName);
    expect(WalkInDetailsSchema.safeParse({ name: 'W', phone: '1'.repeat(41) }).error?.issues[0]?.message).toBe(WALK_IN_MESSAGES.phoneTooLong);
  });
});

/** One step of a queue the officer's device replays: an add, removal or afloat mark, by walk-in and key. */
const aStep = fc.oneof(
  fc.record({ op: fc.constant('add' as const), walkIn: fc.constantFrom('w1', 'w2') }),
  fc.record({ op: fc.constant('remove' as const), walkIn: fc.constantFrom('w1', 'w2') }),
  fc.record({ op: fc.constant('afloat' as const), walkIn: fc.constantFrom('w1', 'w2'), afloat: fc.boolean(), minute: fc.nat(59) }),
);

/**
 * A queue as a device makes it: each mark with a key of its own, and a walk-in marked or removed
 * only after its adding (the page offers Afloat, Ashore and Remove only for a walk-in it shows).
 */
const aQueue = fc
  .array(aStep, { maxLength: 12 })
  .map((steps) =>
    steps
      .filter((step, i) => step.op === 'add' || steps.slice(0, i).some((before) => before.op === 'add' && before.walkIn === step.walkIn))
      .map((step, i) => ({ ...step, key: `k${i}` })),
  );

describe('walk-ins under replay', () => {
  it('a queue sent again, whole or in part, leaves the store as sending it once did', async () => {
    await fc.assert(
      fc.asyncProperty(aQueue, fc.array(fc.nat(11), { maxLength: 12 }), async (steps, resent) => {
        const run = async (queue: typeof steps) => {
          const store: AttendanceStore = new MemoryAttendanceStore();
          for (const step of queue) {
            if (step.op === 'add') await store.addWalkIn(aWalkIn(step.walkIn));
            else if (step.op === 'remove') await store.removeWalkIn(step.walkIn, '2026-06-20T10:00:00.000Z', 'o@club.example');
            else
              await store.applyWalkInAfloat({
                key: step.key,
                walkInId: step.walkIn,
                entry: { afloat: step.afloat, at: `2026-06-20T10:${String(step.minute).padStart(2, '0')}:00.000Z`, by: 'o' },
              });
          }
          return { walkIns: await store.listWalkIns(['event-1']), marks: [await store.countAppliedMarks('w1'), await store.countAppliedMarks('w2')] };
        };
        // Replayed: each step sent again right after itself (an answer lost), and the chosen ones again at the end.
        const replayed = [...steps.flatMap((step) => [step, step]), ...resent.flatMap((i) => (steps[i] ? [steps[i]] : []))];
        const once = await run(steps);
        const again = await run(replayed);
        // The tally is kept by each mark's time, so it agrees; each key and each id counts once.
        expect(again).toEqual(once);
      }),
    );
  });

  it('decides each change from what is stored: a known id repeats, a removed one never comes back', () => {
    const stored: StoredWalkIn[] = [null, { removed: true }, { removed: false, walkIn: aWalkIn('w1') }];
    expect(stored.map((s) => decideAddWalkIn(aWalkIn('w1'), s).result)).toEqual(['applied', 'repeated', 'repeated']);
    expect(stored.map((s) => decideRemoveWalkIn(s).result)).toEqual(['missing', 'repeated', 'applied']);
    const change = { key: 'k', walkInId: 'w1', entry: { afloat: true, at: '2026-06-20T10:00:00.000Z', by: 'o' } };
    expect(stored.map((s) => decideWalkInAfloat(change, false, s).result)).toEqual(['missing', 'missing', 'applied']);
    expect(decideWalkInAfloat(change, true, stored[2]!)).toEqual({ result: 'repeated', walkIn: aWalkIn('w1') });
  });

  it('the last afloat mark by its time wins, whatever order they come in', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ afloat: fc.boolean(), minute: fc.nat(59) }), { minLength: 1, maxLength: 8 }), (marks) => {
        const entries = marks.map((m) => ({ afloat: m.afloat, at: `2026-06-20T10:${String(m.minute).padStart(2, '0')}:00.000Z`, by: 'o' }));
        const final = entries.reduce((walkIn, entry) => withWalkInAfloat(walkIn, entry), aWalkIn('w1')).afloat!;
        const latest = Math.max(...marks.map((m) => m.minute));
        expect(Date.parse(final.at)).toBe(Date.parse(entries.find((_, i) => marks[i]!.minute === latest)!.at));
        // The one standing is the last applied among those made at the latest time.
        expect(final.afloat).toBe(marks.filter((m) => m.minute === latest).at(-1)!.afloat);
      }),
    );
  });
});
