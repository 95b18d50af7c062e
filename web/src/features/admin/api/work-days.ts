import { z } from 'zod';
import { WorkDaySignupSchema, WorkDayWithCountsSchema, type WorkDaySignup, type WorkDayWithCounts } from '@core/entities/work-day';
import { apiGet } from '../../../lib/api';

export interface WorkDayWithSignups {
  workDay: WorkDayWithCounts;
  signups: WorkDaySignup[];
}

const WorkDaysAnswer = z.object({ workDays: z.array(z.object({ workDay: WorkDayWithCountsSchema, signups: z.array(WorkDaySignupSchema) })) });

export async function listWorkDaySignups(): Promise<WorkDayWithSignups[]> {
  return (await apiGet('/api/admin/work-days', WorkDaysAnswer)).workDays;
}
