import type { Forecast } from './forecast';
import type { ForecastState } from './conditions-schema';

/** A forecast older than this was not refreshed at the last rounds: the provider is out of reach. */
export const STALE_AFTER_MS = 2 * 3_600_000;
/** The forecast is fetched at most this often (all instances together: it is stored). */
export const FORECAST_EVERY_MS = 3_600_000;

/** The stored forecast's age as shown: none, fresh, or stale (the last one, with its age). */
export function forecastState(forecast: Pick<Forecast, 'fetchedAt'> | null, now: Date): ForecastState {
  if (!forecast) return { fetchedAt: null, ageMinutes: null, stale: false };
  const ageMs = Math.max(0, now.getTime() - Date.parse(forecast.fetchedAt));
  return { fetchedAt: forecast.fetchedAt, ageMinutes: Math.floor(ageMs / 60_000), stale: ageMs > STALE_AFTER_MS };
}

/** Whether a forecast fetched at `fetchedAt` is due to be fetched again at `now` (a minute's slack for the rounds' drift). */
export function forecastDue(forecast: Pick<Forecast, 'fetchedAt'> | null, now: Date): boolean {
  return forecast === null || now.getTime() - Date.parse(forecast.fetchedAt) >= FORECAST_EVERY_MS - 60_000;
}

/** The words that credit Open-Meteo's data (CC BY 4.0), shown wherever its forecast is. */
export const OPEN_METEO_ATTRIBUTION = 'Weather data by Open-Meteo.com (CC BY 4.0)';
