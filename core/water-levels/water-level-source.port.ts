import type { WaterLevelReading } from './water-level';

export interface WaterLevelSource {
  /** Daily readings from `from` to `to` (inclusive ISO dates), oldest first. */
  readings(from: string, to: string): Promise<WaterLevelReading[]>;
}
