import { z } from 'zod';
import { WaterLevelReadingSchema, type WaterLevelReading } from '@core/entities/water-level';
import { apiGet } from '../../../lib/api';

const WaterLevelsAnswerSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });

/** The last 365 days of readings, oldest first. */
export async function getWaterLevels(signal?: AbortSignal): Promise<WaterLevelReading[]> {
  const answer = await apiGet('/api/water-levels', WaterLevelsAnswerSchema, { signal });
  // 'yyyy-MM-dd' sorts as text; no locale collation (a phone's first Intl call is slow, ADR 24).
  return [...answer.readings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
