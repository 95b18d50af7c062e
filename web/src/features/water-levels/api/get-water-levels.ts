import { queryOptions } from '@tanstack/react-query';
import { inDateOrder } from '@core/water-levels/water-levels';
import type { WaterLevelReading } from '@core/water-levels/water-level';
import { WaterLevelsResponseSchema } from '@core/water-levels/water-levels-schema';
import { apiGet } from '../../../lib/api';
import { useQueryState } from '../../../lib/query';

/** The last 365 days of readings, oldest first (GET /api/water-levels). */
export async function getWaterLevels(signal?: AbortSignal): Promise<WaterLevelReading[]> {
  const answer = await apiGet('/api/water-levels', WaterLevelsResponseSchema, { signal });
  return inDateOrder(answer.readings);
}

export function waterLevelsQueryOptions() {
  return queryOptions({ queryKey: ['water-levels'], queryFn: ({ signal }) => getWaterLevels(signal) });
}

/** The readings the water-level chart draws. */
export function useWaterLevels() {
  return useQueryState(waterLevelsQueryOptions());
}
