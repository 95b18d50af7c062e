import type { WorkDay, WorkDayWithCounts } from './work-day';
import { WORK_DAY_MESSAGES, isOpenToMembers, withVolunteerCounts } from './work-days';
import { NotFoundError } from '../shared/errors';
import type { WorkDayRepository } from './work-day-repository.port';

export interface GetWorkDayDeps {
  workDays: WorkDayRepository;
}

/** A work day members can sign up for, with each job's count of volunteers so far. */
export class GetWorkDay {
  constructor(private readonly deps: GetWorkDayDeps) {}

  async execute(workDayId: string): Promise<WorkDayWithCounts> {
    const workDay = await findActiveWorkDay(this.deps.workDays, workDayId);
    return withVolunteerCounts(workDay, await this.deps.workDays.listSignups(workDay.id));
  }
}

/** Inactive and archived work days are hidden from members exactly as if they did not exist. */
export async function findActiveWorkDay(workDays: WorkDayRepository, workDayId: string): Promise<WorkDay> {
  const workDay = typeof workDayId === 'string' && workDayId.trim() !== '' ? await workDays.get(workDayId.trim()) : null;
  if (!workDay || !isOpenToMembers(workDay)) throw new NotFoundError(WORK_DAY_MESSAGES.notFound);
  return workDay;
}
