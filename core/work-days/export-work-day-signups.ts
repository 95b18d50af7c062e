import type { Admin } from '../admins/admin';
import { workDayCsvFileName, workDaySignupsCsv } from './work-day-roster';
import { permittedRecord } from '../admins/admin-record';
import { WORK_DAY_MESSAGES } from './work-days';
import type { WorkDayRepository } from './work-day-repository.port';
import { UseCase } from '../shared/use-case';

export interface ExportWorkDaySignupsDeps {
  workDays: WorkDayRepository;
}

/** The CSV download of one work day's sign-ups (formula-safe, as the bookings CSV), named after the day. */
export class ExportWorkDaySignups extends UseCase<ExportWorkDaySignupsDeps> {
  async execute(admin: Admin, workDayId: string): Promise<{ fileName: string; csv: string }> {
    const workDay = await permittedRecord(admin, 'workDays.read', () => this.deps.workDays.get(workDayId), WORK_DAY_MESSAGES.notFound);
    return { fileName: workDayCsvFileName(workDay), csv: workDaySignupsCsv(workDay, await this.deps.workDays.listSignups(workDay.id)) };
  }
}
