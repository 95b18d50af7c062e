import type { Clock } from '../shared/clock.port';
import { UseCase } from '../shared/use-case';
import type { RetentionOverview } from './retention-overview-schema';
import { retentionLines } from './retention-lines';
import { nextRetentionRun, retentionCutoff, retentionRemoves, type RetentionSchedule } from './retention-schedule';
import type { RetentionStore } from './retention-store.port';

export interface RetentionOverviewDeps {
  retention: RetentionStore;
  clock: Clock;
  retentionSchedule: RetentionSchedule;
  /** RETENTION_RUN_HOUR: the London hour of the nightly run. */
  retentionRunHour: number;
}

/**
 * The admins' Data retention page: per kind, what is held, how many records, the oldest, its
 * limit, and what the next run removes (the records past their limit at the next run's time).
 */
export class GetRetentionOverview extends UseCase<RetentionOverviewDeps> {
  async execute(): Promise<RetentionOverview> {
    const nextRunAt = nextRetentionRun(this.deps.clock.now(), this.deps.retentionRunHour);
    const lines = await Promise.all(
      retentionLines(this.deps.retentionSchedule).map(async (line) => {
        const holding = await this.deps.retention.holding(line.kind, retentionCutoff(line.kind, this.deps.retentionSchedule, nextRunAt));
        return { ...line, count: holding.count, oldest: holding.oldest, nextRunRemoves: retentionRemoves(line.kind) ? holding.due : 0 };
      }),
    );
    return { lines, nextRunAt: nextRunAt.toISOString() };
  }
}
