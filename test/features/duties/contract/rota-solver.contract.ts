import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyRotaFill } from '../../../../core/duty-rosters/rota-greedy';
import type { RotaProblem } from '../../../../core/duty-rosters/rota-problem';
import { rotaFairness, rotaViolations } from '../../../../core/duty-rosters/rota-rules';
import type { RotaSolver } from '../../../../core/duty-rosters/rota-solver.port';
import { rotaSeason } from '../../../../bench/rota-season';
import { bruteForceBest, compareFirstAims, smallSeason } from '../support/rota-seasons';

/** The RotaSolver port's contract (core/duty-rosters/rota-solver.port.ts), on generated seasons. */
export function describeRotaSolverContract(name: string, makeSolver: () => RotaSolver): void {
  describe(`RotaSolver contract: ${name}`, () => {
    const solver = makeSolver();

    it('answers [] for an empty season and for one nobody can fill', async () => {
      expect(await solver.fill({ slots: [], people: [], units: [], holders: [] })).toEqual([]);
      const full: RotaProblem = {
        slots: [
          {
            id: 's',
            eventId: 'e',
            dutyTypeId: 'galley',
            date: '2026-06-06',
            window: { start: '2026-06-06T09:00:00.000Z', end: '2026-06-06T17:00:00.000Z' },
            open: 0,
            allowsSecondDuty: false,
          },
        ],
        people: [{ memberId: 'ann', unitId: 'ann', eligibleSlotIds: ['s'], prefers: [], avoids: [] }],
        units: [{ id: 'ann', expected: 1, done: 0 }],
        holders: [],
      };
      expect(await solver.fill(full)).toEqual([]);
    });

    it('is always valid, never moves a holder, and is as full and within quotas as brute force finds possible', async () => {
      await fc.assert(
        fc.asyncProperty(smallSeason(), async (problem) => {
          const allocation = await solver.fill(problem);
          // Never an ineligible member, two clashing duties for one person, or more than a slot's open places.
          expect(rotaViolations(problem, allocation)).toEqual([]);
          for (const holder of problem.holders) expect(allocation).not.toContainEqual(holder);
          const best = bruteForceBest(problem);
          const got = rotaFairness(problem, allocation);
          // Most places filled; then never over a quota when a fill as full within quotas exists
          // (maxOver 0), and the least largest and total excess otherwise.
          expect({ filled: got.filled, maxOver: got.maxOver, totalOver: got.totalOver }).toEqual({
            filled: best.filled,
            maxOver: best.maxOver,
            totalOver: best.totalOver,
          });
        }),
        { numRuns: 150 },
      );
    });

    it('is no less full, and at the same fill no less fair, than the greedy pass on every generated season', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            smallSeason({ slots: 8, people: 6 }),
            // Seasons shaped as the benchmark's, with as many members as places or more (in one
            // with half as many, proving the least largest excess can take HiGHS minutes).
            fc
              .record({ events: fc.integer({ min: 1, max: 3 }), perEvent: fc.integer({ min: 9, max: 14 }), seed: fc.nat() })
              .map(({ events, perEvent, seed }) => rotaSeason({ events, members: events * perEvent, seed })),
          ),
          async (problem) => {
            const allocation = await solver.fill(problem);
            expect(rotaViolations(problem, allocation)).toEqual([]);
            const got = rotaFairness(problem, allocation);
            const greedy = rotaFairness(problem, greedyRotaFill(problem));
            expect(got.filled).toBeGreaterThanOrEqual(greedy.filled);
            if (got.filled === greedy.filled) expect(got.maxOver).toBeLessThanOrEqual(greedy.maxOver);
            expect(compareFirstAims(got, greedy)).toBeLessThanOrEqual(0);
          },
        ),
        { numRuns: 40 },
      );
    });

    it('keeps wishes and spreads dates when that costs no place and no quota', async () => {
      const day = (date: string) => ({ start: `${date}T09:00:00.000Z`, end: `${date}T17:00:00.000Z` });
      const problem: RotaProblem = {
        slots: [
          { id: 'sat-safety', eventId: 'sat', dutyTypeId: 'safety', date: '2026-06-06', window: day('2026-06-06'), open: 1, allowsSecondDuty: false },
          { id: 'sun-galley', eventId: 'sun', dutyTypeId: 'galley', date: '2026-06-07', window: day('2026-06-07'), open: 1, allowsSecondDuty: false },
          { id: 'later-galley', eventId: 'later', dutyTypeId: 'galley', date: '2026-06-27', window: day('2026-06-27'), open: 1, allowsSecondDuty: false },
        ],
        people: [
          { memberId: 'ann', unitId: 'ann', eligibleSlotIds: ['sat-safety', 'sun-galley', 'later-galley'], prefers: ['safety'], avoids: [] },
          { memberId: 'bob', unitId: 'bob', eligibleSlotIds: ['sat-safety', 'sun-galley', 'later-galley'], prefers: [], avoids: ['safety'] },
        ],
        units: [
          { id: 'ann', expected: 2, done: 0 },
          { id: 'bob', expected: 2, done: 0 },
        ],
        holders: [],
      };
      // Ann wishes to drive the safety boat, Bob not to; whoever is on Saturday is not on Sunday.
      const allocation = await solver.fill(problem);
      expect(rotaFairness(problem, allocation)).toMatchObject({ filled: 3, maxOver: 0, wishesKept: 1, wishesBroken: 0, crowding: 0 });
      expect(allocation).toContainEqual({ slotId: 'sat-safety', memberId: 'ann' });
    });
  });
}
