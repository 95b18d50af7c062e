import type { WorkDaySignup, WorkDayWithCounts } from '@core/entities/work-day';
import { adminRequest } from './admin-client';

export interface WorkDayWithSignups {
  workDay: WorkDayWithCounts;
  signups: WorkDaySignup[];
}

export async function listWorkDaySignups(): Promise<WorkDayWithSignups[]> {
  const { workDays } = await adminRequest<{ workDays: WorkDayWithSignups[] }>('GET', '/admin/work-days');
  return workDays;
}
