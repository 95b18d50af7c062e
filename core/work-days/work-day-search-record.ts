import type { WorkDay } from './work-day';
import { isOpenToMembers } from './work-days';
import { workDayPath } from '../shared/paths';
import { compact, epochSeconds } from '../search/search-records';
import type { SearchRecord } from '../search/search-hit';

/** What a work day's search record is filed under, and its tag. */
export const WORK_DAY_CATEGORY = 'work day';

export const WORK_DAY_TAG = 'Work day';

/**
 * The search record of a work day, or null for an inactive or archived one (members cannot open it). Work
 * days go into the events index as events, so they rank with the club's other dated events and
 * the answer's shape is unchanged; the objectID is prefixed so it can never be an event's id.
 * The jobs are searchable: "pontoon" finds the work day that repairs it.
 */
export function workDaySearchRecord(workDay: WorkDay): SearchRecord | null {
  if (!isOpenToMembers(workDay)) return null;
  const jobs = workDay.jobs.map((job) => (job.description.trim() === '' ? job.title : `${job.title}: ${job.description}`));
  return compact({
    objectID: workDaySearchId(workDay.id),
    type: 'event',
    category: WORK_DAY_CATEGORY,
    name: workDay.name,
    description: workDay.description,
    longdescription: jobs.join(' '),
    eventDate: epochSeconds(workDay.date),
    bookingUrl: workDayPath(workDay.id),
    tags: [WORK_DAY_TAG],
  });
}

/** The objectID of a work day's search record. */
export function workDaySearchId(workDayId: string): string {
  return `work-day:${workDayId}`;
}
