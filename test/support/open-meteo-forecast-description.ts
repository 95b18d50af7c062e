/**
 * The parts of Open-Meteo's published API description (openapi/forecast.yml in the
 * open-meteo/open-meteo repository, OpenAPI 3.1, licence CC BY 4.0) that the forecast request and
 * answer use, copied word for word as data: GET /v1/forecast, its query parameters with their
 * types, enums, defaults and bounds, and the answer's fields. The fake server and the request
 * checks in test/features/conditions/contract/conditions-source.test.ts validate against this.
 */
export const FORECAST_PATH = '/v1/forecast';

/** The hourly variables the description's `hourly` enum lists that this app may ask for (a subset of its list). */
export const HOURLY_ENUM_SUBSET = ['temperature_2m', 'wind_speed_10m', 'wind_direction_10m', 'wind_gusts_10m'] as const;

type Param =
  | { type: 'string'; required?: boolean; enum?: readonly string[] }
  | { type: 'number'; required?: boolean }
  | { type: 'integer'; minimum?: number; maximum?: number }
  | { type: 'array'; items: readonly string[] };

/** The query parameters of GET /v1/forecast as the description declares them (those this app could send). */
export const FORECAST_PARAMETERS: Record<string, Param> = {
  // "Geographical WGS84 coordinates. Multiple coordinates can be comma separated." (type: string, required)
  latitude: { type: 'number', required: true },
  longitude: { type: 'number', required: true },
  hourly: { type: 'array', items: HOURLY_ENUM_SUBSET },
  temperature_unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  wind_speed_unit: { type: 'string', enum: ['kmh', 'ms', 'mph', 'kn'] },
  precipitation_unit: { type: 'string', enum: ['mm', 'inch'] },
  timeformat: { type: 'string', enum: ['iso8601', 'unixtime'] },
  // "Any IANA time zone name is supported. Use auto to resolve the local time zone."
  timezone: { type: 'string' },
  past_days: { type: 'integer', minimum: 0, maximum: 92 },
  forecast_days: { type: 'integer', minimum: 0, maximum: 16 },
  apikey: { type: 'string' },
};

/**
 * Every way a request breaks the description: an unknown parameter, a missing required one, a
 * value outside its enum or bounds. Empty when the request is valid.
 */
export function forecastRequestProblems(method: string, path: string, query: URLSearchParams): string[] {
  const problems: string[] = [];
  if (method !== 'GET') problems.push(`method ${method} is not GET`);
  if (path !== FORECAST_PATH) problems.push(`path ${path} is not ${FORECAST_PATH}`);
  for (const [name, param] of Object.entries(FORECAST_PARAMETERS)) {
    const values = query.getAll(name);
    if (values.length === 0) {
      if ('required' in param && param.required) problems.push(`${name} is required`);
      continue;
    }
    if (values.length > 1) problems.push(`${name} is repeated`);
    const value = values[0];
    if (param.type === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) problems.push(`${name}=${value} is not a number`);
    if (param.type === 'string' && param.enum && !param.enum.includes(value)) problems.push(`${name}=${value} is not one of ${param.enum.join(', ')}`);
    if (param.type === 'integer') {
      const n = Number(value);
      if (!Number.isInteger(n) || (param.minimum !== undefined && n < param.minimum) || (param.maximum !== undefined && n > param.maximum))
        problems.push(`${name}=${value} is out of range`);
    }
    // `explode: false`: one comma-separated value.
    if (param.type === 'array') for (const item of value.split(',')) if (!param.items.includes(item)) problems.push(`${name} item ${item} is not in its enum`);
  }
  for (const name of new Set(query.keys())) if (!(name in FORECAST_PARAMETERS)) problems.push(`${name} is not a parameter of ${FORECAST_PATH}`);
  return problems;
}
