import type { SearchRecord } from './search-hit';

// What every feature's search record (events/event-search-record.ts, ...) is written with.

/** An instant as the whole seconds since 1970 that search records sort and filter dates by. */
export function epochSeconds(instant: string | null): number | undefined {
  if (instant === null) return undefined;
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** Drops undefined keys so a record reads the same after a round trip through JSON or zod. */
export function compact(record: SearchRecord): SearchRecord {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as SearchRecord;
}
