import { z } from 'zod';
import type { ConditionsSource } from '../../core/conditions/conditions-source.port';
import { ForecastSchema, toKnots, windUnitOfLabel, type Forecast, type ForecastHour } from '../../core/conditions/forecast';
import type { Clock } from '../../core/shared/clock.port';
import { UnavailableError } from '../../core/shared/errors';

// node:http by getBuiltinModule: an ES import of it loads undici at start (ADR 0078).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

export const OPEN_METEO_API_URL = 'https://api.open-meteo.com';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Days of forecast asked for: a week covers the 48-hour alerts and the events members look at. */
export const DEFAULT_FORECAST_DAYS = 7;
/** The hourly variables asked for (names from openapi/forecast.yml of open-meteo/open-meteo). */
export const HOURLY_VARIABLES = ['wind_speed_10m', 'wind_gusts_10m', 'wind_direction_10m', 'temperature_2m'] as const;

export interface OpenMeteoConditionsSourceOptions {
  latitude: number;
  longitude: number;
  /** https://api.open-meteo.com unless a test, a proxy or a commercial customer-api.open-meteo.com says otherwise. */
  baseUrl?: string;
  /** Commercial subscriptions only (the `apikey` parameter). */
  apiKey?: string;
  timeoutMs?: number;
  forecastDays?: number;
  clock: Clock;
  fetch?: typeof fetch;
}

const FAILED = 'Forecast not available';

const Values = z.array(z.number().nullable());
/** Only what we read is checked; Open-Meteo adds fields freely (elevation, generationtime_ms…). */
const AnswerSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  hourly_units: z.object({ wind_speed_10m: z.string(), wind_gusts_10m: z.string(), temperature_2m: z.string().optional() }).passthrough(),
  hourly: z
    .object({ time: z.array(z.number().int()), wind_speed_10m: Values, wind_gusts_10m: Values, wind_direction_10m: Values, temperature_2m: Values })
    .passthrough(),
});
const ErrorSchema = z.object({ error: z.literal(true), reason: z.string() });

/**
 * The hourly forecast from Open-Meteo's forecast API (GET /v1/forecast), for the club's position:
 * wind and gusts at 10 m in knots (`wind_speed_unit=kn`), direction, temperature at 2 m in °C,
 * times as UNIX seconds in UTC (`timeformat=unixtime`, `timezone=GMT`). Every failure is an
 * UnavailableError saying why; the caller keeps the last forecast it stored.
 */
export class OpenMeteoConditionsSource implements ConditionsSource {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: OpenMeteoConditionsSourceOptions) {
    if (!(Math.abs(options.latitude) <= 90) || !(Math.abs(options.longitude) <= 180))
      throw new Error('OpenMeteoConditionsSource needs a latitude (-90..90) and a longitude (-180..180)');
    this.baseUrl = (options.baseUrl ?? OPEN_METEO_API_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The request's address, with every parameter as the published description names it. */
  requestUrl(): URL {
    const url = new URL(`${this.baseUrl}/v1/forecast`);
    url.searchParams.set('latitude', String(this.options.latitude));
    url.searchParams.set('longitude', String(this.options.longitude));
    url.searchParams.set('hourly', HOURLY_VARIABLES.join(','));
    url.searchParams.set('wind_speed_unit', 'kn');
    url.searchParams.set('temperature_unit', 'celsius');
    url.searchParams.set('timeformat', 'unixtime');
    url.searchParams.set('timezone', 'GMT');
    url.searchParams.set('forecast_days', String(this.options.forecastDays ?? DEFAULT_FORECAST_DAYS));
    if (this.options.apiKey) url.searchParams.set('apikey', this.options.apiKey);
    return url;
  }

  async fetchForecast(): Promise<Forecast> {
    const fetchedAt = this.options.clock.now().toISOString();
    let response: Response;
    try {
      response = await this.fetch(this.requestUrl(), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new UnavailableError(`${FAILED}: ${timedOut(error) ? 'Timed out' : 'Service unreachable'}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (!response.ok) throw new UnavailableError(`${FAILED}: ${statusText(response)}`);
      throw new UnavailableError(`${FAILED}: ${timedOut(error) ? 'Timed out' : 'Invalid response'}`);
    }
    if (!response.ok) {
      // Open-Meteo says what it refused in `reason` (a 400: "Latitude must be in range of -90 to 90°…").
      const refused = ErrorSchema.safeParse(body);
      throw new UnavailableError(`${FAILED}: ${statusText(response)}${refused.success ? ` (${refused.data.reason.slice(0, 200)})` : ''}`);
    }
    const answer = AnswerSchema.safeParse(body);
    if (!answer.success) throw new UnavailableError(`${FAILED}: Invalid response`);
    const forecast = toForecast(answer.data, fetchedAt);
    if (!forecast) throw new UnavailableError(`${FAILED}: Invalid response`);
    return forecast;
  }
}

/** The answer as a Forecast, the speeds in knots whatever unit it names; null when it cannot be read. */
function toForecast(answer: z.infer<typeof AnswerSchema>, fetchedAt: string): Forecast | null {
  const windUnit = windUnitOfLabel(answer.hourly_units.wind_speed_10m);
  const gustUnit = windUnitOfLabel(answer.hourly_units.wind_gusts_10m);
  if (!windUnit || !gustUnit) return null;
  if (answer.hourly_units.temperature_2m !== undefined && !/°?C$/.test(answer.hourly_units.temperature_2m.trim())) return null;
  const { time, wind_speed_10m: wind, wind_gusts_10m: gusts, wind_direction_10m: direction, temperature_2m: temperature } = answer.hourly;
  if (![wind, gusts, direction, temperature].every((values) => values.length === time.length)) return null;
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  const hours: ForecastHour[] = time.map((seconds, i) => ({
    time: new Date(seconds * 1000).toISOString(),
    windKn: round(wind[i] === null ? null : toKnots(wind[i], windUnit)),
    gustKn: round(gusts[i] === null ? null : toKnots(gusts[i], gustUnit)),
    directionDeg: direction[i],
    temperatureC: temperature[i],
  }));
  const parsed = ForecastSchema.safeParse({
    fetchedAt,
    latitude: answer.latitude,
    longitude: answer.longitude,
    hours: hours.sort((a, b) => Date.parse(a.time) - Date.parse(b.time)),
  });
  return parsed.success ? parsed.data : null;
}

function timedOut(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function statusText(response: Response): string {
  return response.statusText || STATUS_CODES[response.status] || `HTTP ${response.status}`;
}
