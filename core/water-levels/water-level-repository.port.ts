import type { WaterLevelReading } from './water-level';
import type { WaterLevelSource } from './water-level-source.port';

/** Water-level readings kept in the database (the embedded default water-level source). */
export interface WaterLevelRepository extends WaterLevelSource {
  /**
   * Stores readings, replacing any stored reading of the same date (a later reading of a date in
   * the list wins). All or nothing: when any reading cannot be stored, none is.
   */
  putMany(readings: WaterLevelReading[]): Promise<void>;
  /** Stores a reading of a date that has none; false (nothing stored) when the date has one already. */
  add(reading: WaterLevelReading): Promise<boolean>;
  /** Removes the reading of a date; false when there was none. */
  delete(date: string): Promise<boolean>;
}
