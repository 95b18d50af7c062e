import type { WaterLevelReading } from '../../core/entities/water-level';
import type { WaterLevelRepository } from '../../core/ports/water-level-repository';

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
    for (const reading of readings) this.byDate.set(reading.date, reading.percentFull);
  }
}
