import type { WorkDay } from './work-day';
import { workDaySearchId, workDaySearchRecord } from '../search/search-records';
import type { SearchIndex } from '../search/search-index.port';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';

/**
 * Puts a changed work day into the search as members may now find it: its record when it is open
 * to members (active, not archived), otherwise no record at all.
 */
export async function keepWorkDayInStep(deps: { search: SearchIndex; reportSearchIndexError: SearchIndexErrorReporter }, workDay: WorkDay): Promise<void> {
  const record = workDaySearchRecord(workDay);
  await keepIndexInStep(
    () => (record === null ? deps.search.remove('events', [workDaySearchId(workDay.id)]) : deps.search.upsert('events', [record])),
    deps.reportSearchIndexError,
  );
}
