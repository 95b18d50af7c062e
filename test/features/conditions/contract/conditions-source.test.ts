import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { OpenMeteoConditionsSource } from '../../../../adapters/open-meteo/open-meteo-conditions-source';
import { NoConditionsSource } from '../../../../adapters/system/no-conditions-source';
import { UnavailableError } from '../../../../core/shared/errors';
import { rejectionOf } from '../../../support/contract/storage-fixtures';
import { startFakeOpenMeteoServer, steadyHours, type FakeOpenMeteoServer } from '../../../support/fake-open-meteo-server';

describe('NoConditionsSource (the embedded default)', () => {
  it('gives no forecast and asks nobody', async () => {
    expect(await new NoConditionsSource().fetchForecast()).toBeNull();
  });
});

describe('OpenMeteoConditionsSource (ConditionsSource contract, against a local server answering as openapi/forecast.yml says)', () => {
  let server: FakeOpenMeteoServer;
  const clock = new FixedClock('2026-06-05T08:10:00.000Z');
  const source = (options: { timeoutMs?: number; apiKey?: string } = {}) =>
    new OpenMeteoConditionsSource({
      latitude: 51.4912,
      longitude: -1.2345,
      baseUrl: server.baseUrl,
      clock,
      timeoutMs: options.timeoutMs ?? 2000,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    });

  beforeEach(async () => {
    server = await startFakeOpenMeteoServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('reads a good answer: hours in time order, wind and gusts in knots, direction, temperature, the time it was fetched', async () => {
    server.hours.push(...steadyHours('2026-06-05T08:00:00.000Z', 3, 14.3, 22.9, 240));
    server.hours[1] = { ...server.hours[1], windKn: null, gustKn: 30 };
    const forecast = await source().fetchForecast();
    expect(forecast).toEqual({
      fetchedAt: '2026-06-05T08:10:00.000Z',
      latitude: 51.49,
      longitude: -1.23,
      hours: [
        { time: '2026-06-05T08:00:00.000Z', windKn: 14.3, gustKn: 22.9, directionDeg: 240, temperatureC: 11.5 },
        { time: '2026-06-05T09:00:00.000Z', windKn: null, gustKn: 30, directionDeg: 240, temperatureC: 11.5 },
        { time: '2026-06-05T10:00:00.000Z', windKn: 14.3, gustKn: 22.9, directionDeg: 240, temperatureC: 11.5 },
      ],
    });
  });

  it('sends only requests that validate against the published description, asking knots, UTC and unix times', async () => {
    await source({ apiKey: 'commercial-key' }).fetchForecast();
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.problems).toEqual([]);
    expect(request.path).toBe('/v1/forecast');
    expect(Object.fromEntries(request.query)).toEqual({
      latitude: '51.4912',
      longitude: '-1.2345',
      hourly: 'wind_speed_10m,wind_gusts_10m,wind_direction_10m,temperature_2m',
      wind_speed_unit: 'kn',
      temperature_unit: 'celsius',
      timeformat: 'unixtime',
      timezone: 'GMT',
      forecast_days: '7',
      apikey: 'commercial-key',
    });
  });

  it('a provider error is UnavailableError with its status and reason', async () => {
    server.failWith({ kind: 'status', status: 400, body: { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 91.0.' } });
    const error = await rejectionOf(source().fetchForecast());
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe('Forecast not available: Bad Request (Latitude must be in range of -90 to 90°. Given: 91.0.)');
    server.failWith({ kind: 'status', status: 503, body: 'down' });
    expect(((await rejectionOf(source().fetchForecast())) as Error).message).toBe('Forecast not available: Service Unavailable');
  });

  it('a provider that does not answer in time is UnavailableError "Timed out"', async () => {
    server.failWith({ kind: 'slow', delayMs: 5000 });
    const error = await rejectionOf(source({ timeoutMs: 200 }).fetchForecast());
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe('Forecast not available: Timed out');
  });

  it('malformed JSON, or JSON of another shape, is UnavailableError "Invalid response"', async () => {
    for (const body of [
      '{"latitude": 51.5, "hourly": {',
      '<html>Maintenance</html>',
      '{"latitude": 51.5}',
      JSON.stringify({
        latitude: 1,
        longitude: 1,
        hourly_units: { wind_speed_10m: 'furlongs/fortnight', wind_gusts_10m: 'kn' },
        hourly: { time: [], wind_speed_10m: [], wind_gusts_10m: [], wind_direction_10m: [], temperature_2m: [] },
      }),
      JSON.stringify({
        latitude: 1,
        longitude: 1,
        hourly_units: { wind_speed_10m: 'kn', wind_gusts_10m: 'kn' },
        hourly: { time: [1], wind_speed_10m: [], wind_gusts_10m: [], wind_direction_10m: [], temperature_2m: [] },
      }),
    ]) {
      server.failWith({ kind: 'not-json', body });
      const error = await rejectionOf(source().fetchForecast());
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as Error).message).toBe('Forecast not available: Invalid response');
    }
  });

  it('a server out of reach is UnavailableError "Service unreachable"', async () => {
    const gone = server.baseUrl;
    await server.close();
    const error = await rejectionOf(new OpenMeteoConditionsSource({ latitude: 51.5, longitude: 0, baseUrl: gone, clock, timeoutMs: 2000 }).fetchForecast());
    expect((error as Error).message).toBe('Forecast not available: Service unreachable');
    server = await startFakeOpenMeteoServer();
  });

  it('converts to knots when the answer names another unit (km/h)', async () => {
    server.hours.push(...steadyHours('2026-06-05T08:00:00.000Z', 1, 10, 20));
    const kmh = new OpenMeteoConditionsSource({ latitude: 51.5, longitude: 0, baseUrl: server.baseUrl, clock });
    // The fake answers in the unit asked for; force km/h by asking through a subclass's URL.
    kmh.requestUrl = function (this: OpenMeteoConditionsSource) {
      const url = OpenMeteoConditionsSource.prototype.requestUrl.call(this);
      url.searchParams.set('wind_speed_unit', 'kmh');
      return url;
    };
    const forecast = await kmh.fetchForecast();
    expect(forecast.hours[0]).toMatchObject({ windKn: 10, gustKn: 20 });
    expect(server.requests.at(-1)?.problems).toEqual([]);
  });

  it('the fake itself refuses a request that breaks the description', async () => {
    const res = await fetch(`${server.baseUrl}/v1/forecast?latitude=51&hourly=wind_speed_10m,not_a_variable&wind_speed_unit=knots`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: boolean; reason: string };
    expect(body.error).toBe(true);
    expect(body.reason).toContain('longitude is required');
    expect(body.reason).toContain('not_a_variable');
    expect(body.reason).toContain('wind_speed_unit=knots');
  });
});
