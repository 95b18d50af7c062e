import type {
  WorkDay,
  WorkDayJobWithCount,
  WorkDaySignup,
  WorkDaySignupForm,
  WorkDayWithCounts,
} from '../entities/work-day';

export const WORK_DAY_MESSAGES = {
  jobRequired: "Please select at least one job you'd like to help with",
  nameRequired: 'Please enter your first and last name',
  submitFailed: 'Failed to submit your booking. Please try again.',
  notSpecified: 'No work day specified',
  notFound: 'Work Day Not Found',
  /** Beyond the spec: only a stale page or an API client can name a job the day does not have. */
  unknownJob: 'Unknown job',
} as const;

export type ValidWorkDaySignup = Omit<WorkDaySignup, 'id' | 'workDayId' | 'submittedAt'>;

/**
 * Checks a sign-up in the order the page asks: a job first, then the names. Text is trimmed, a
 * job ticked twice counts once, and the food tick is dropped when the day offers no food.
 */
export function validateWorkDaySignup(
  form: WorkDaySignupForm,
  workDay: Pick<WorkDay, 'jobs' | 'foodAvailable'>,
): { ok: true; value: ValidWorkDaySignup } | { ok: false; message: string } {
  const selectedJobs = [...new Set(form.selectedJobs)];
  const otherJob = form.otherJob.trim();
  if (selectedJobs.length === 0 && otherJob === '') return { ok: false, message: WORK_DAY_MESSAGES.jobRequired };
  const known = new Set(workDay.jobs.map((j) => j.id));
  if (selectedJobs.some((id) => !known.has(id))) return { ok: false, message: WORK_DAY_MESSAGES.unknownJob };
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  if (firstName === '' || lastName === '') return { ok: false, message: WORK_DAY_MESSAGES.nameRequired };
  return {
    ok: true,
    value: {
      firstName,
      lastName,
      selectedJobs,
      otherJob,
      notes: form.notes.trim(),
      bringingTools: form.bringingTools,
      wantsFood: workDay.foodAvailable && form.wantsFood,
    },
  };
}

/** Each job with the number of sign-ups for this work day that chose it. */
export function withVolunteerCounts(
  workDay: WorkDay,
  signups: Pick<WorkDaySignup, 'workDayId' | 'selectedJobs'>[],
): WorkDayWithCounts {
  const counts = new Map<string, number>();
  for (const s of signups) {
    if (s.workDayId !== workDay.id) continue;
    for (const id of new Set(s.selectedJobs)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const jobs: WorkDayJobWithCount[] = workDay.jobs.map((job) => ({ ...job, currentVolunteers: counts.get(job.id) ?? 0 }));
  return { ...workDay, jobs };
}

/** What the confirmation page counts: the jobs ticked, plus one for a written-in other job. */
export function jobsChosen(signup: Pick<WorkDaySignup, 'selectedJobs' | 'otherJob'>): number {
  return signup.selectedJobs.length + (signup.otherJob.trim() === '' ? 0 : 1);
}
