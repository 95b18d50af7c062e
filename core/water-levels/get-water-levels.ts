import { z } from 'zod';
import { addDaysToDate, londonDate } from '../shared/london-time';
import type { WaterLevelReading } from './water-level';
import { ValidationError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { WaterLevelRepository } from './water-level-repository.port';
import { parseInput } from '../shared/parse-input';

/** At most ten years at once: a chart needs no more, and the answer stays small. */
export const MAX_WATER_LEVEL_DAYS = 3660;
/** Without dates: the year up to today, as the chart shows it. */
export const DEFAULT_WATER_LEVEL_DAYS = 365;

export const WaterLevelsQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
});

export interface GetWaterLevelsDeps {
  waterLevels: WaterLevelRepository;
  clock: Clock;
}

/** The reservoir's daily readings between two London dates (by default the last 365 days), oldest first. */
export class GetWaterLevels {
  constructor(private readonly deps: GetWaterLevelsDeps) {}

  async execute(query: z.input<typeof WaterLevelsQuerySchema>): Promise<WaterLevelReading[]> {
    const { from: askedFrom, to: askedTo } = parseInput(WaterLevelsQuerySchema, query, 'query');
    const to = askedTo ?? londonDate(this.deps.clock.now());
    const from = askedFrom ?? addDaysToDate(to, -(DEFAULT_WATER_LEVEL_DAYS - 1));
    if (from > to) throw new ValidationError('from must not be after to', { from: 'from must not be after to' });
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (days > MAX_WATER_LEVEL_DAYS) {
      throw new ValidationError(`Ask for at most ${MAX_WATER_LEVEL_DAYS} days at once`, { from: 'The range is too long' });
    }
    return this.deps.waterLevels.readings(from, to);
  }
}
