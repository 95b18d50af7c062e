import { z } from 'zod';

/** One daily reading of the reservoir, as a percentage of full. */
export const WaterLevelReadingSchema = z.object({ date: z.iso.date(), percentFull: z.number().min(0).max(100) });
export type WaterLevelReading = z.infer<typeof WaterLevelReadingSchema>;
