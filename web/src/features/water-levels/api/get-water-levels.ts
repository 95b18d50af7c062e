import { inDateOrder } from '@core/domain/water-levels';
import type { WaterLevelReading } from '@core/entities/water-level';
import { WaterLevelsResponseSchema } from '@core/use-cases/water-levels-schema';
import { apiGet } from '../../../lib/api';

/** The last 365 days of readings, oldest first. */
export async function getWaterLevels(signal?: AbortSignal): Promise<WaterLevelReading[]> {
  const answer = await apiGet('/api/water-levels', WaterLevelsResponseSchema, { signal });
  return inDateOrder(answer.readings);
}
