import { z } from 'zod';
import { inDateOrder } from '@core/domain/water-levels';
import { WaterLevelReadingSchema, type WaterLevelReading } from '@core/entities/water-level';
import { apiGet } from '../../../lib/api';

const WaterLevelsAnswerSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });

/** The last 365 days of readings, oldest first. */
export async function getWaterLevels(signal?: AbortSignal): Promise<WaterLevelReading[]> {
  const answer = await apiGet('/api/water-levels', WaterLevelsAnswerSchema, { signal });
  return inDateOrder(answer.readings);
}
