import type { WaterLevelReading } from './water-level';

/**
 * Readings oldest first ('yyyy-MM-dd' sorts as text: no locale collation, whose first use is slow
 * in a browser, ADR 24). On its own, with nothing else imported: the members' routes use it.
 */
export function inDateOrder(readings: readonly WaterLevelReading[]): WaterLevelReading[] {
  return [...readings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
