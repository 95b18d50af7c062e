import type { RotaAllocation, RotaProblem } from './rota-problem';

/**
 * Fills a season's open places (docs/duties.md, "Filling the rota"; ADR 0069). The problem's
 * rules and the meaning of "best" are core's (core/duty-rosters/rota-rules.ts); an adapter only
 * searches.
 */
export interface RotaSolver {
  /**
   * The new assignments for `problem`'s open places. The answer is always valid: `rotaViolations`
   * finds nothing in it (only eligible people, no place over a slot's open count, never a holder's
   * slot again, no two overlapping duties, no second duty on a day unless both slots allow it).
   * Among valid answers it fills the most places; then it has the least `maxOver` (so it is within
   * every quota whenever an answer as full within quotas exists); then the least `totalOver`; then,
   * as far as its time allows, the fewest broken wishes and crowded weeks (`rotaFairness`).
   * An empty problem, or one nobody can fill, answers []. An adapter may bound its search in time:
   * its answer is then still valid, and as full and fair as it found.
   */
  fill(problem: RotaProblem): Promise<RotaAllocation>;
}
