import { UseCase } from '../shared/use-case';
import type { RetentionScheduleList } from './retention-overview-schema';
import { retentionLines } from './retention-lines';
import type { RetentionSchedule } from './retention-schedule';

/** The retention schedule as the privacy notice states it: the settings in words, so it says what the app does. */
export class GetRetentionSchedule extends UseCase<{ retentionSchedule: RetentionSchedule }> {
  async execute(): Promise<RetentionScheduleList> {
    return { lines: retentionLines(this.deps.retentionSchedule) };
  }
}
