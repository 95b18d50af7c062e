import type { WorkDay, WorkDayJobWithCount, WorkDaySignup, WorkDayWithCounts } from './work-day';
import type { AuditValue } from '../audit/audit';
import { csvCell } from '../shared/csv';
import { londonWallClock, parseInstant } from '../shared/london-time';
import { isOpenToMembers } from './work-days';

/**
 * How many more volunteers an open job needs; a closed job needs none (an admin closed it, so it
 * takes no more sign-ups whatever its count).
 */
export function jobShortfall(job: Pick<WorkDayJobWithCount, 'volunteersNeeded' | 'currentVolunteers' | 'closed'>): number {
  return job.closed === true ? 0 : Math.max(0, job.volunteersNeeded - job.currentVolunteers);
}

/** The volunteers a work day still needs, over all its open jobs; > 0 means "short of volunteers". */
export function volunteersShort(workDay: Pick<WorkDayWithCounts, 'jobs'>): number {
  return workDay.jobs.reduce((sum, job) => sum + jobShortfall(job), 0);
}

export interface ShortWorkDay {
  id: string;
  name: string;
  date: string;
  /** Volunteers still needed over its open jobs. */
  short: number;
}

export const DASHBOARD_SHORT_WORK_DAYS = 3;

/**
 * The dashboard's "short of volunteers": the next work days members can sign up for (active, not
 * archived, dated now or later) that still need volunteers, soonest first, at most `limit`.
 */
export function nextShortWorkDays(workDays: readonly WorkDayWithCounts[], now: Date, limit = DASHBOARD_SHORT_WORK_DAYS): ShortWorkDay[] {
  return workDays
    .filter((w) => isOpenToMembers(w) && w.date !== null && Date.parse(w.date) >= now.getTime() && volunteersShort(w) > 0)
    .sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((w) => ({ id: w.id, name: w.name, date: w.date!, short: volunteersShort(w) }));
}

export const WORK_DAY_CSV_HEADER = ['Signed Up', 'First Name', 'Last Name', 'Email', 'Jobs', 'Other Job', 'Notes', 'Bringing Tools', 'Wants Food'] as const;

/**
 * The CSV download of a work day's sign-ups, oldest first: times in London, the e-mail address
 * (empty when none was given), the jobs by title.
 * Every cell goes through the bookings CSV's `csvCell`, so a volunteer cannot plant a formula in
 * an admin's spreadsheet through the sign-up form.
 */
export function workDaySignupsCsv(workDay: Pick<WorkDay, 'jobs'>, signups: readonly WorkDaySignup[]): string {
  const titles = new Map(workDay.jobs.map((job) => [job.id, job.title]));
  const lines = [WORK_DAY_CSV_HEADER.map(csvCell).join(',')];
  for (const s of signups) {
    const at = parseInstant(s.submittedAt);
    lines.push(
      [
        at === null ? s.submittedAt : londonWallClock(at).replace('T', ' '),
        s.firstName,
        s.lastName,
        s.email ?? '',
        s.selectedJobs.map((id) => titles.get(id) ?? id).join('; '),
        s.otherJob,
        s.notes,
        s.bringingTools ? 'Yes' : 'No',
        s.wantsFood ? 'Yes' : 'No',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The download's file name: the day's name in lower case, other characters as '_'. */
export function workDayCsvFileName(workDay: Pick<WorkDay, 'name'>): string {
  const base =
    workDay.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'work_day';
  return `${base}_signups.csv`;
}

/**
 * A work day's fields as the audit log records them: one field per job ("Paint the hut · 2
 * needed · closed"), so closing, renaming, adding or deleting a job shows as that job's change.
 */
export function workDayAuditFields(workDay: WorkDay | null): Record<string, AuditValue> {
  if (workDay === null) return {};
  const out: Record<string, AuditValue> = {
    name: workDay.name,
    description: workDay.description,
    date: workDay.date,
    foodAvailable: workDay.foodAvailable,
    active: workDay.active,
    archived: workDay.archived === true,
    tools: workDay.tools,
    notes: workDay.notes,
  };
  for (const job of workDay.jobs) {
    out[`job ${job.id}`] =
      `${job.title} · ${job.volunteersNeeded} needed${job.closed === true ? ' · closed' : ''}${job.description === '' ? '' : ` · ${job.description}`}`;
  }
  return out;
}

/** A sign-up as the audit log records its removal. */
export function signupAuditFields(signup: WorkDaySignup | null, workDay: Pick<WorkDay, 'jobs'>): Record<string, AuditValue> {
  if (signup === null) return {};
  const titles = new Map(workDay.jobs.map((job) => [job.id, job.title]));
  return {
    volunteer: `${signup.firstName} ${signup.lastName}`,
    jobs: signup.selectedJobs.map((id) => titles.get(id) ?? id).join('; '),
    otherJob: signup.otherJob,
  };
}
