import type { WaterLevelReading } from '../entities/water-level';
import type { WaterLevelSource } from './water-level-source';

/** Water-level readings kept in the database (the embedded default water-level source). */
export interface WaterLevelRepository extends WaterLevelSource {
  /** Stores readings, replacing any stored reading of the same date. */
  putMany(readings: WaterLevelReading[]): Promise<void>;
}
