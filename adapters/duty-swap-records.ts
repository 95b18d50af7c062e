import { DutySwapSchema, type DutySwap } from '../core/duties/duty-swaps';
import { ValidationError } from '../core/shared/errors';

/** What every duty swap adapter shares: the check of a record before it is written. */
export const SWAP_TAKEN_ID = 'A swap request with this id already exists';

export function validSwap(swap: DutySwap): DutySwap {
  const parsed = DutySwapSchema.safeParse(swap);
  if (!parsed.success || Date.parse(parsed.data.window.end) <= Date.parse(parsed.data.window.start)) throw new ValidationError('Not a valid swap request');
  return parsed.data;
}

/** The swap as taken by `takerId` at `at`. */
export function takenSwap(swap: DutySwap, takerId: string, at: string): DutySwap {
  return { ...swap, status: 'taken', takenBy: takerId, takenAt: at };
}
