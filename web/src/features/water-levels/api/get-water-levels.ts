import { inDateOrder } from '@core/water-levels/reading-order';
import { apiQuery, useRead } from '../../../lib/reads';

/**
 * The last 365 days of readings, oldest first (GET /api/water-levels): a page read, so the home
 * page carries them and the chart is drawn with them on the server. Its schema is loaded only
 * when an answer is read in the browser.
 */
export const waterLevelsRead = apiQuery(
  ['water-levels'],
  '/api/water-levels',
  async () => (await import('@core/water-levels/water-levels-schema')).WaterLevelsResponseSchema,
  (answer) => inDateOrder(answer.readings),
);

/** The readings the water-level chart draws. */
export function useWaterLevels() {
  return useRead(waterLevelsRead);
}
