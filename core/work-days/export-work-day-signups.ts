import type { Admin } from '../admins/admin';
import { workDayCsvFileName, workDaySignupsCsv } from './work-day-roster';
import { requirePermission } from '../admins/permissions';
import { WORK_DAY_MESSAGES } from './work-days';
import { NotFoundError } from '../shared/errors';
import type { WorkDayRepository } from './work-day-repository.port';

export interface ExportWorkDaySignupsDeps {
  workDays: WorkDayRepository;
}

/** The CSV download of one work day's sign-ups (formula-safe, as the bookings CSV), named after the day. */
export class ExportWorkDaySignups {
  constructor(private readonly deps: ExportWorkDaySignupsDeps) {}

  async execute(admin: Admin, workDayId: string): Promise<{ fileName: string; csv: string }> {
    requirePermission(admin, 'workDays.read');
    const workDay = await this.deps.workDays.get(workDayId);
    if (!workDay) throw new NotFoundError(WORK_DAY_MESSAGES.notFound);
    return { fileName: workDayCsvFileName(workDay), csv: workDaySignupsCsv(workDay, await this.deps.workDays.listSignups(workDay.id)) };
  }
}
