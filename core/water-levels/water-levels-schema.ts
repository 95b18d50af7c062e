import { z } from 'zod';
import { WaterLevelReadingSchema } from './water-level';

/** GET /api/water-levels's answer (the readings, oldest first), declared once for the API and the water-levels page. */
export const WaterLevelsResponseSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });
export type WaterLevelsResponse = z.infer<typeof WaterLevelsResponseSchema>;
