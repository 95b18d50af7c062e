import type { Admin } from '../entities/admin';
import { workDayCsvFileName, workDaySignupsCsv } from '../domain/work-day-roster';
import { requirePermission } from '../domain/permissions';
import { WORK_DAY_MESSAGES } from '../domain/work-days';
import type { WorkDayRepository } from '../ports/work-day-repository';
import { requireFound } from './require-found';
import { UseCase } from './use-case';

export interface ExportWorkDaySignupsDeps {
  workDays: WorkDayRepository;
}

/** The CSV download of one work day's sign-ups (formula-safe, as the bookings CSV), named after the day. */
export class ExportWorkDaySignups extends UseCase<ExportWorkDaySignupsDeps> {
  async execute(admin: Admin, workDayId: string): Promise<{ fileName: string; csv: string }> {
    requirePermission(admin, 'workDays.read');
    const workDay = await requireFound(this.deps.workDays.get(workDayId), WORK_DAY_MESSAGES.notFound);
    return { fileName: workDayCsvFileName(workDay), csv: workDaySignupsCsv(workDay, await this.deps.workDays.listSignups(workDay.id)) };
  }
}
