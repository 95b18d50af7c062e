import { WaterLevelReadingSchema, type WaterLevelReading } from '../../core/water-levels/water-level';
import type { WaterLevelRepository } from '../../core/water-levels/water-level-repository.port';

export class MemoryWaterLevelRepository implements WaterLevelRepository {
  private readonly byDate = new Map<string, number>();

  async readings(from: string, to: string): Promise<WaterLevelReading[]> {
    // ISO dates (YYYY-MM-DD) order as text in date order.
    return [...this.byDate.entries()]
      .filter(([date]) => date >= from && date <= to)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, percentFull]) => ({ date, percentFull }));
  }

  async putMany(readings: WaterLevelReading[]): Promise<void> {
    // Checked first, so that a reading that cannot be stored leaves every reading as it was.
    const valid = readings.map((reading) => WaterLevelReadingSchema.parse(reading));
    for (const reading of valid) this.byDate.set(reading.date, reading.percentFull);
  }

  async add(reading: WaterLevelReading): Promise<boolean> {
    const valid = WaterLevelReadingSchema.parse(reading);
    if (this.byDate.has(valid.date)) return false;
    this.byDate.set(valid.date, valid.percentFull);
    return true;
  }

  async delete(date: string): Promise<boolean> {
    return this.byDate.delete(date);
  }
}
