import type { WorkDay, WorkDayJobWithCount, WorkDaySignup, WorkDaySignupForm, WorkDayWithCounts } from './work-day';
import { BOOKING_MESSAGES, emailSchema } from '../bookings/booking-validation';

export const WORK_DAY_MESSAGES = {
  jobRequired: "Please select at least one job you'd like to help with",
  nameRequired: 'Please enter your first and last name',
  submitFailed: 'Failed to submit your booking. Please try again.',
  notSpecified: 'No work day specified',
  notFound: 'Work Day Not Found',
  /** Beyond the spec: only a stale page or an API client can name a job the day does not have. */
  unknownJob: 'Unknown job',
  /** Beyond the spec: a job takes no more volunteers than it needs (docs/product.md#work-days). */
  jobsFull: (titles: readonly string[]) =>
    titles.length === 1
      ? `Sorry, the job "${titles[0]}" is already full. Please choose another job.`
      : `Sorry, these jobs are already full: ${titles.map((t) => `"${t}"`).join(', ')}. Please choose other jobs.`,
  /** Beyond the spec: an admin closed the job (work-day-form.ts); it takes no more volunteers. */
  jobsClosed: (titles: readonly string[]) =>
    titles.length === 1
      ? `Sorry, the job "${titles[0]}" is closed and takes no more volunteers. Please choose another job.`
      : `Sorry, these jobs are closed and take no more volunteers: ${titles.map((t) => `"${t}"`).join(', ')}. Please choose other jobs.`,
  /** Beyond the spec: one name signs up once per work day (docs/product.md#work-days). */
  /** Beyond the spec: the optional e-mail is checked as the booking form checks it. */
  emailInvalid: BOOKING_MESSAGES.emailInvalid,
  alreadySignedUp: (name: string) => `${name} has already signed up for this work day. One sign-up per person: it can list several jobs.`,
} as const;

export type ValidWorkDaySignup = Omit<WorkDaySignup, 'id' | 'workDayId' | 'submittedAt'>;

/**
 * Checks a sign-up in the order the page asks: a job first, then the names, then the optional
 * e-mail (blank: none). Text is trimmed, a job ticked twice counts once, and the food tick is
 * dropped when the day offers no food.
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
  const email = form.email.trim();
  if (email !== '' && !emailSchema.safeParse(email).success) return { ok: false, message: WORK_DAY_MESSAGES.emailInvalid };
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
      email: email === '' ? null : email,
    },
  };
}

/** Each job with the number of sign-ups for this work day that chose it. */
export function withVolunteerCounts(workDay: WorkDay, signups: Pick<WorkDaySignup, 'workDayId' | 'selectedJobs'>[]): WorkDayWithCounts {
  const counts = new Map<string, number>();
  for (const s of signups) {
    if (s.workDayId !== workDay.id) continue;
    for (const id of new Set(s.selectedJobs)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const jobs: WorkDayJobWithCount[] = workDay.jobs.map((job) => ({ ...job, currentVolunteers: counts.get(job.id) ?? 0 }));
  return { ...workDay, jobs };
}

/** The titles of the jobs a sign-up ticked (a job since deleted by its id), then its written-in other job. */
export function signupJobTitles(signup: Pick<WorkDaySignup, 'selectedJobs' | 'otherJob'>, workDay: Pick<WorkDay, 'jobs'>): string[] {
  const titles = signup.selectedJobs.map((id) => workDay.jobs.find((job) => job.id === id)?.title ?? id);
  return signup.otherJob.trim() === '' ? titles : [...titles, signup.otherJob.trim()];
}

/** What the confirmation page counts: the jobs ticked, plus one for a written-in other job. */
export function jobsChosen(signup: Pick<WorkDaySignup, 'selectedJobs' | 'otherJob'>): number {
  return signup.selectedJobs.length + (signup.otherJob.trim() === '' ? 0 : 1);
}

/** A job is full once it has as many volunteers as it needs (a job needing none is full at once). */
export function isJobFull(job: Pick<WorkDayJobWithCount, 'volunteersNeeded' | 'currentVolunteers'>): boolean {
  return job.currentVolunteers >= job.volunteersNeeded;
}

/**
 * A name as the duplicate rule compares it: Unicode-normalised, spaces trimmed and collapsed,
 * case ignored, so "ann  sailor" and "Ann Sailor" are one person.
 */
export function volunteerNameKey(signup: Pick<WorkDaySignup, 'firstName' | 'lastName'>): string {
  return `${signup.firstName} ${signup.lastName}`.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');
}

/** Whether members see the work day at all (list, page, search): active and not archived. */
export function isOpenToMembers(workDay: Pick<WorkDay, 'active' | 'archived'>): boolean {
  return workDay.active && workDay.archived !== true;
}

export type SignupRefusal =
  | { reason: 'duplicate'; message: string }
  | { reason: 'unknown'; message: string }
  | { reason: 'closed'; message: string; closedJobs: string[] }
  | { reason: 'full'; message: string; fullJobs: string[] };

/**
 * Whether a (validated) sign-up may join the work day's stored sign-ups: refused when the same
 * name has signed up for this day already, when a job it chose is no longer on the day (an admin
 * removed it meanwhile), is closed, or is full. The repository asks
 * this inside the one transaction (or optimistic commit) that stores the sign-up, so concurrent
 * sign-ups never overfill a job nor store one name twice.
 */
export function signupRefusal(
  workDay: WorkDay,
  existing: readonly Pick<WorkDaySignup, 'workDayId' | 'firstName' | 'lastName' | 'selectedJobs'>[],
  signup: Pick<WorkDaySignup, 'firstName' | 'lastName' | 'selectedJobs'>,
): SignupRefusal | null {
  const sameDay = existing.filter((s) => s.workDayId === workDay.id);
  const name = volunteerNameKey(signup);
  if (sameDay.some((s) => volunteerNameKey(s) === name)) {
    return { reason: 'duplicate', message: WORK_DAY_MESSAGES.alreadySignedUp(`${signup.firstName.trim()} ${signup.lastName.trim()}`) };
  }
  const chosen = new Set(signup.selectedJobs);
  const known = new Set(workDay.jobs.map((job) => job.id));
  if ([...chosen].some((id) => !known.has(id))) return { reason: 'unknown', message: WORK_DAY_MESSAGES.unknownJob };
  const closed = workDay.jobs.filter((job) => chosen.has(job.id) && job.closed === true);
  if (closed.length > 0) return { reason: 'closed', message: WORK_DAY_MESSAGES.jobsClosed(closed.map((j) => j.title)), closedJobs: closed.map((j) => j.id) };
  const full = withVolunteerCounts(workDay, sameDay).jobs.filter((job) => chosen.has(job.id) && isJobFull(job));
  if (full.length > 0) return { reason: 'full', message: WORK_DAY_MESSAGES.jobsFull(full.map((j) => j.title)), fullJobs: full.map((j) => j.id) };
  return null;
}
