import { z } from 'zod';
import { formCheck } from '../shared/form-check';
import type { WorkDay, WorkDayJob, WorkDaySignup } from './work-day';
import { instantToLondonWallClock } from '../shared/date-text';
import { wallClockToInstant } from '../shared/london-time';

/**
 * One job row of the admin's work-day form as the browser sends it: `id` empty for a new job,
 * else the stored job's id; "volunteers needed" as the text typed. Strings are only bounded here
 * (to refuse absurd payloads); validateWorkDayForm gives the friendly messages.
 */
export const WorkDayJobFormSchema = z.object({
  id: z.string().max(100).default(''),
  title: z.string().max(1000).default(''),
  description: z.string().max(10000).default(''),
  volunteersNeeded: z.string().max(100).default(''),
  closed: z.boolean().default(false),
});
export type WorkDayJobFormValues = z.infer<typeof WorkDayJobFormSchema>;

/** The admin's work-day form (create and edit); the date is London wall-clock text ('YYYY-MM-DDTHH:mm', empty: Date TBC). */
export const WorkDayFormValuesSchema = z.object({
  name: z.string().max(1000).default(''),
  description: z.string().max(20000).default(''),
  date: z.string().max(100).default(''),
  foodAvailable: z.boolean().default(false),
  active: z.boolean().default(false),
  tools: z.string().max(5000).default(''),
  notes: z.string().max(10000).default(''),
  jobs: z.array(WorkDayJobFormSchema).max(100).default([]),
});
export type WorkDayFormValues = z.infer<typeof WorkDayFormValuesSchema>;

/** Field names of the form's messages: the day's fields, 'jobs', and `jobs.<row>.<field>`. */
export type WorkDayFormErrors = Record<string, string>;

export const WORK_DAY_LIMITS = {
  name: 200,
  description: 5000,
  tools: 1000,
  notes: 2000,
  jobTitle: 200,
  jobDescription: 1000,
  jobs: 30,
  volunteers: 500,
} as const;

export const WORK_DAY_FORM_MESSAGES = {
  nameRequired: 'Work day name is required',
  nameTooLong: `Work day name must be at most ${WORK_DAY_LIMITS.name} characters`,
  descriptionTooLong: `Description must be at most ${WORK_DAY_LIMITS.description} characters`,
  toolsTooLong: `Tools must be at most ${WORK_DAY_LIMITS.tools} characters`,
  notesTooLong: `Notes must be at most ${WORK_DAY_LIMITS.notes} characters`,
  dateInvalid: 'Enter a valid date and time',
  tooManyJobs: `A work day can have at most ${WORK_DAY_LIMITS.jobs} jobs`,
  jobTwice: 'This job is listed twice',
  jobTitleRequired: 'Job title is required',
  jobTitleTooLong: `Job title must be at most ${WORK_DAY_LIMITS.jobTitle} characters`,
  jobDescriptionTooLong: `Job description must be at most ${WORK_DAY_LIMITS.jobDescription} characters`,
  volunteersInvalid: `Volunteers needed must be a whole number from 1 to ${WORK_DAY_LIMITS.volunteers}`,
  /** The form named a job the stored day no longer has (another admin removed it meanwhile). */
  jobGone: 'This job is no longer on the work day. Please reload the page.',
  /** A job with sign-ups is never deleted: its volunteers would lose what they signed up for. */
  jobHasVolunteers: (title: string, count: number) =>
    `The job "${title}" has ${count === 1 ? '1 volunteer' : `${count} volunteers`} signed up and cannot be deleted. Close it instead: a closed job takes no more sign-ups.`,
  /** Lowering the number needed below the sign-ups is refused rather than turning volunteers away. */
  fewerThanSignedUp: (title: string, count: number) =>
    `The job "${title}" has ${count === 1 ? '1 volunteer' : `${count} volunteers`} signed up: volunteers needed cannot be fewer than ${count}. Remove sign-ups first, or close the job.`,
} as const;

/** A checked job row: `id` null for a new job. */
export interface WorkDayJobFields {
  id: string | null;
  title: string;
  description: string;
  volunteersNeeded: number;
  closed: boolean;
}

/** What a valid form stores on the work day (its id and archived flag are not the form's). */
export interface WorkDayFields {
  name: string;
  description: string;
  date: string | null;
  foodAvailable: boolean;
  active: boolean;
  tools: string;
  notes: string;
  jobs: WorkDayJobFields[];
}

/**
 * Checks the admin's form and turns it into stored fields: the date typed as London wall-clock
 * time becomes an instant (empty: no date yet, shown as Date TBC), text is trimmed, "volunteers
 * needed" a whole number from 1 to 500. Every message names its field, job rows by position.
 */
export function validateWorkDayForm(values: WorkDayFormValues): { ok: true; value: WorkDayFields } | { ok: false; errors: WorkDayFormErrors } {
  const errors: WorkDayFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = WORK_DAY_FORM_MESSAGES.nameRequired;
  else if (name.length > WORK_DAY_LIMITS.name) errors.name = WORK_DAY_FORM_MESSAGES.nameTooLong;
  const description = values.description.trim();
  if (description.length > WORK_DAY_LIMITS.description) errors.description = WORK_DAY_FORM_MESSAGES.descriptionTooLong;
  const tools = values.tools.trim();
  if (tools.length > WORK_DAY_LIMITS.tools) errors.tools = WORK_DAY_FORM_MESSAGES.toolsTooLong;
  const notes = values.notes.trim();
  if (notes.length > WORK_DAY_LIMITS.notes) errors.notes = WORK_DAY_FORM_MESSAGES.notesTooLong;

  let date: string | null = null;
  if (values.date.trim() !== '') {
    const instant = wallClockToInstant(values.date);
    if (instant === null) errors.date = WORK_DAY_FORM_MESSAGES.dateInvalid;
    else date = instant.toISOString();
  }

  if (values.jobs.length > WORK_DAY_LIMITS.jobs) errors.jobs = WORK_DAY_FORM_MESSAGES.tooManyJobs;
  const seen = new Set<string>();
  const jobs: WorkDayJobFields[] = values.jobs.map((job, i) => {
    const id = job.id.trim();
    const title = job.title.trim();
    const jobDescription = job.description.trim();
    if (id !== '' && seen.has(id)) errors[`jobs.${i}.title`] = WORK_DAY_FORM_MESSAGES.jobTwice;
    seen.add(id);
    if (title === '') errors[`jobs.${i}.title`] ??= WORK_DAY_FORM_MESSAGES.jobTitleRequired;
    else if (title.length > WORK_DAY_LIMITS.jobTitle) errors[`jobs.${i}.title`] ??= WORK_DAY_FORM_MESSAGES.jobTitleTooLong;
    if (jobDescription.length > WORK_DAY_LIMITS.jobDescription) errors[`jobs.${i}.description`] = WORK_DAY_FORM_MESSAGES.jobDescriptionTooLong;
    const text = job.volunteersNeeded.trim();
    const needed = /^\d{1,4}$/.test(text) ? Number(text) : 0;
    if (needed < 1 || needed > WORK_DAY_LIMITS.volunteers) errors[`jobs.${i}.volunteersNeeded`] = WORK_DAY_FORM_MESSAGES.volunteersInvalid;
    return { id: id === '' ? null : id, title, description: jobDescription, volunteersNeeded: needed, closed: job.closed };
  });

  return formCheck(errors, () => ({ name, description, date, foodAvailable: values.foodAvailable, active: values.active, tools, notes, jobs }));
}

/** A new work day's form: inactive until an admin ticks Active, so a half-written day is never shown. */
export function emptyWorkDayForm(): WorkDayFormValues {
  return { name: '', description: '', date: '', foodAvailable: false, active: false, tools: '', notes: '', jobs: [emptyJobRow()] };
}

export function emptyJobRow(): WorkDayJobFormValues {
  return { id: '', title: '', description: '', volunteersNeeded: '1', closed: false };
}

/** The form as the edit screen opens it. */
export function workDayToFormValues(workDay: WorkDay): WorkDayFormValues {
  return {
    name: workDay.name,
    description: workDay.description,
    date: instantToLondonWallClock(workDay.date),
    foodAvailable: workDay.foodAvailable,
    active: workDay.active,
    tools: workDay.tools,
    notes: workDay.notes,
    jobs: workDay.jobs.map((job) => ({
      id: job.id,
      title: job.title,
      description: job.description,
      volunteersNeeded: String(job.volunteersNeeded),
      closed: job.closed === true,
    })),
  };
}

function toJob(fields: WorkDayJobFields, id: string): WorkDayJob {
  // `closed` is stored only when set, so a day saved with all jobs open reads back as created.
  return { id, title: fields.title, description: fields.description, volunteersNeeded: fields.volunteersNeeded, ...(fields.closed ? { closed: true } : {}) };
}

/** A new work day from a checked form; `newJobId(row)` names each job. */
export function newWorkDay(id: string, fields: WorkDayFields, newJobId: (row: number) => string): WorkDay {
  return {
    id,
    name: fields.name,
    description: fields.description,
    date: fields.date,
    foodAvailable: fields.foodAvailable,
    active: fields.active,
    tools: fields.tools,
    notes: fields.notes,
    jobs: fields.jobs.map((job, row) => toJob(job, newJobId(row))),
  };
}

/**
 * The stored work day changed as the form says: jobs named by id keep their id, rows without one
 * are new jobs (`newJobId(row)`), stored jobs missing from the form are deleted (which
 * workDayChangeRefusal allows only without sign-ups). A row naming a job the day no longer has is
 * refused. Its id and archived flag stay as stored.
 */
export function applyWorkDayForm(
  current: WorkDay,
  fields: WorkDayFields,
  newJobId: (row: number) => string,
): { ok: true; workDay: WorkDay } | { ok: false; errors: WorkDayFormErrors } {
  const stored = new Set(current.jobs.map((job) => job.id));
  const errors: WorkDayFormErrors = {};
  fields.jobs.forEach((job, row) => {
    if (job.id !== null && !stored.has(job.id)) errors[`jobs.${row}.title`] = WORK_DAY_FORM_MESSAGES.jobGone;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const { id, archived } = current;
  return {
    ok: true,
    workDay: {
      ...newWorkDay(id, fields, newJobId),
      jobs: fields.jobs.map((job, row) => toJob(job, job.id ?? newJobId(row))),
      ...(archived === undefined ? {} : { archived }),
    },
  };
}

/** How many of these sign-ups chose the job. */
export function signupsFor(jobId: string, signups: readonly Pick<WorkDaySignup, 'selectedJobs'>[]): number {
  return signups.filter((s) => s.selectedJobs.includes(jobId)).length;
}

/**
 * Whether a work day may change from `before` to `after` given its stored sign-ups: a job that
 * has sign-ups cannot be deleted (only closed), and no job may need fewer volunteers than have
 * signed up for it. The repository asks this in the same atomic step that stores the change, so
 * a sign-up arriving meanwhile is counted. The field is where the form shows the message.
 */
export function workDayChangeRefusal(
  before: Pick<WorkDay, 'jobs'>,
  after: Pick<WorkDay, 'jobs'>,
  signups: readonly Pick<WorkDaySignup, 'selectedJobs'>[],
): { message: string; field: string } | null {
  const kept = new Set(after.jobs.map((job) => job.id));
  for (const job of before.jobs) {
    const count = signupsFor(job.id, signups);
    if (!kept.has(job.id) && count > 0) return { message: WORK_DAY_FORM_MESSAGES.jobHasVolunteers(job.title, count), field: 'jobs' };
  }
  for (const [row, job] of after.jobs.entries()) {
    const count = signupsFor(job.id, signups);
    if (count > job.volunteersNeeded) return { message: WORK_DAY_FORM_MESSAGES.fewerThanSignedUp(job.title, count), field: `jobs.${row}.volunteersNeeded` };
  }
  return null;
}

/** Whether the job may be deleted from the form: only while nobody has signed up for it. */
export function mayDeleteJob(jobId: string, signups: readonly Pick<WorkDaySignup, 'selectedJobs'>[]): boolean {
  return signupsFor(jobId, signups) === 0;
}
