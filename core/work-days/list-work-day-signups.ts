import type { Admin } from '../admins/admin';
import type { WorkDaySignup, WorkDayWithCounts } from './work-day';
import { requirePermission } from '../admins/permissions';
import { withVolunteerCounts } from './work-days';
import type { WorkDayRepository } from './work-day-repository.port';

export interface ListWorkDaySignupsDeps {
  workDays: WorkDayRepository;
}

/** The admin view of every work day (active or not) with who signed up. */
export class ListWorkDaySignups {
  constructor(private readonly deps: ListWorkDaySignupsDeps) {}

  async execute(admin: Admin): Promise<{ workDay: WorkDayWithCounts; signups: WorkDaySignup[] }[]> {
    requirePermission(admin, 'workDays.read');
    const workDays = await this.deps.workDays.list();
    return Promise.all(
      workDays.map(async (workDay) => {
        const signups = await this.deps.workDays.listSignups(workDay.id);
        return { workDay: withVolunteerCounts(workDay, signups), signups };
      }),
    );
  }
}
