import type { WorkDay } from './work-day';
import { workDaySearchId, workDaySearchRecord } from './work-day-search-record';
import { removeInStep, upsertInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';

/**
 * Puts a changed work day into the search as members may now find it: its record when it is open
 * to members (active, not archived), otherwise no record at all.
 */
export async function keepWorkDayInStep(deps: SearchIndexingDeps, workDay: WorkDay): Promise<void> {
  const record = workDaySearchRecord(workDay);
  await (record === null ? removeInStep(deps, 'events', [workDaySearchId(workDay.id)]) : upsertInStep(deps, 'events', [record]));
}
