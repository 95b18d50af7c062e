import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * One hour of the forecast for the club's position: the hour starting at `time` (UTC), mean wind
 * and gusts at 10 m in knots, the direction the wind comes from in degrees (0 = north), and the
 * air temperature at 2 m in °C. A value the provider did not give is null.
 */
export const ForecastHourSchema = z.object({
  time: InstantSchema,
  windKn: z.number().min(0).max(500).nullable(),
  gustKn: z.number().min(0).max(500).nullable(),
  directionDeg: z.number().min(0).max(360).nullable(),
  temperatureC: z.number().min(-100).max(100).nullable(),
});
export type ForecastHour = z.infer<typeof ForecastHourSchema>;

/** A forecast as fetched: when, for where, and its hours in time order. */
export const ForecastSchema = z.object({
  fetchedAt: InstantSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  hours: z.array(ForecastHourSchema).max(24 * 16),
});
export type Forecast = z.infer<typeof ForecastSchema>;

/** The wind speed units a provider may answer in (Open-Meteo's `wind_speed_unit`, and its answers' `hourly_units`). */
export const WIND_UNITS = ['kn', 'kmh', 'ms', 'mph'] as const;
export type WindUnit = (typeof WIND_UNITS)[number];

/** How many knots one of each unit is: 1 kn = 1852 m per hour (exactly). */
const KNOTS_PER: Record<WindUnit, number> = { kn: 1, kmh: 1000 / 1852, ms: 3600 / 1852, mph: 1609.344 / 1852 };

/** A wind speed in knots, from a value in `unit`. */
export function toKnots(value: number, unit: WindUnit): number {
  return value * KNOTS_PER[unit];
}

/**
 * The unit a provider's unit label names ("kn", "km/h", "m/s", "mp/h", "mph"), or null for one
 * not known: such an answer cannot be read as wind speeds.
 */
export function windUnitOfLabel(label: string): WindUnit | null {
  const plain = label.trim().toLowerCase().replace(/\s+/g, '');
  if (plain === 'kn' || plain === 'kt' || plain === 'kts' || plain === 'knots') return 'kn';
  if (plain === 'km/h' || plain === 'kmh') return 'kmh';
  if (plain === 'm/s' || plain === 'ms') return 'ms';
  if (plain === 'mp/h' || plain === 'mph') return 'mph';
  return null;
}

/** The 16-point compass name of a direction in degrees ("SW" for 225). */
export function compassPoint(degrees: number): string {
  const points = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];
  const index = Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16;
  return points[index];
}
