import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { WorkDaySignupSchema, WorkDayWithCountsSchema } from './work-day';
import { WorkDayFormValuesSchema, workDayToFormValues } from './work-day-form';
import { permittedRecord } from '../admins/admin-record';
import { WORK_DAY_MESSAGES, withVolunteerCounts } from './work-days';
import type { WorkDayRepository } from './work-day-repository.port';
import { UseCase } from '../shared/use-case';

export const AdminWorkDaySchema = z.object({ workDay: WorkDayWithCountsSchema, signups: z.array(WorkDaySignupSchema), form: WorkDayFormValuesSchema });
export type AdminWorkDay = z.infer<typeof AdminWorkDaySchema>;

export interface GetAdminWorkDayDeps {
  workDays: WorkDayRepository;
}

/** One work day (archived or not) for its roster and edit screens: counts, sign-ups, the form. */
export class GetAdminWorkDay extends UseCase<GetAdminWorkDayDeps> {
  async execute(admin: Admin, workDayId: string): Promise<AdminWorkDay> {
    const workDay = await permittedRecord(admin, 'workDays.read', () => this.deps.workDays.get(workDayId), WORK_DAY_MESSAGES.notFound);
    const signups = await this.deps.workDays.listSignups(workDay.id);
    return { workDay: withVolunteerCounts(workDay, signups), signups, form: workDayToFormValues(workDay) };
  }
}
