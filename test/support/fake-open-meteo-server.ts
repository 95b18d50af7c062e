import { createServer, type ServerResponse } from 'node:http';
import { closeFakeServer, listenOnLoopback } from './fake-server-lifecycle';
import { forecastRequestProblems } from './open-meteo-forecast-description';

/** One hour as the fake answers it, in knots and °C (the fake converts when asked in other units). */
export interface FakeHour {
  /** The hour's start, UTC. */
  time: string;
  windKn: number | null;
  gustKn: number | null;
  directionDeg: number | null;
  temperatureC: number | null;
}

export type FakeOpenMeteoFailure = { kind: 'status'; status: number; body?: unknown } | { kind: 'slow'; delayMs: number } | { kind: 'not-json'; body: string };

export interface FakeOpenMeteoServer {
  baseUrl: string;
  hours: FakeHour[];
  requests: { method: string; path: string; query: URLSearchParams; problems: string[] }[];
  failWith(failure: FakeOpenMeteoFailure | null): void;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
const PER_KNOT: Record<string, [number, string]> = { kn: [1, 'kn'], kmh: [1.852, 'km/h'], ms: [1852 / 3600, 'm/s'], mph: [1852 / 1609.344, 'mp/h'] };

/**
 * A local stand-in for Open-Meteo's forecast API (GET /v1/forecast), answering as its published
 * description (openapi/forecast.yml) says: a request that breaks the description is a 400
 * `{"error": true, "reason": …}`; otherwise 200 with latitude, longitude, utc_offset_seconds,
 * timezone, hourly_units and hourly (time and each variable asked for), in the units and time
 * format asked for.
 */
export async function startFakeOpenMeteoServer(): Promise<FakeOpenMeteoServer> {
  const hours: FakeHour[] = [];
  const requests: FakeOpenMeteoServer['requests'] = [];
  let failure: FakeOpenMeteoFailure | null = null;
  const pending = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, STATUS_TEXT[status] ?? 'OK', { 'content-type': 'application/json; charset=utf-8' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const problems = forecastRequestProblems(req.method ?? '', url.pathname, url.searchParams);
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, problems });
    if (failure?.kind === 'slow') {
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!res.destroyed) send(res, 200, {});
      }, failure.delayMs);
      pending.add(timer);
      return;
    }
    if (failure?.kind === 'status') return send(res, failure.status, failure.body ?? { error: true, reason: 'Internal error' });
    if (failure?.kind === 'not-json') {
      res.writeHead(200, 'OK', { 'content-type': 'application/json' });
      res.end(failure.body);
      return;
    }
    if (problems.length > 0) return send(res, 400, { error: true, reason: problems.join('; ') });
    const q = url.searchParams;
    const [factor, label] = PER_KNOT[q.get('wind_speed_unit') ?? 'kmh'];
    const unix = q.get('timeformat') === 'unixtime';
    const asked = (q.get('hourly') ?? '').split(',').filter(Boolean);
    const hourly: Record<string, unknown[]> = { time: hours.map((h) => (unix ? Date.parse(h.time) / 1000 : h.time.slice(0, 16))) };
    const units: Record<string, string> = { time: unix ? 'unixtime' : 'iso8601' };
    for (const name of asked) {
      if (name === 'wind_speed_10m') hourly[name] = hours.map((h) => (h.windKn === null ? null : Math.round(h.windKn * factor * 10) / 10));
      if (name === 'wind_gusts_10m') hourly[name] = hours.map((h) => (h.gustKn === null ? null : Math.round(h.gustKn * factor * 10) / 10));
      if (name === 'wind_direction_10m') hourly[name] = hours.map((h) => h.directionDeg);
      if (name === 'temperature_2m') hourly[name] = hours.map((h) => h.temperatureC);
      units[name] = name.startsWith('wind_direction') ? '°' : name.startsWith('temperature') ? '°C' : label;
    }
    send(res, 200, {
      latitude: Math.round(Number(q.get('latitude')) * 100) / 100,
      longitude: Math.round(Number(q.get('longitude')) * 100) / 100,
      generationtime_ms: 0.1,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      timezone_abbreviation: 'GMT',
      elevation: 12,
      hourly_units: units,
      hourly,
    });
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hours,
    requests,
    failWith(next) {
      failure = next;
    },
    close: () => closeFakeServer(server, pending),
  };
}

/** `count` hours from `from` (a whole UTC hour), each with this wind and gust. */
export function steadyHours(from: string, count: number, windKn: number, gustKn: number, directionDeg = 225): FakeHour[] {
  const start = Date.parse(from);
  return Array.from({ length: count }, (_, i) => ({ time: new Date(start + i * 3_600_000).toISOString(), windKn, gustKn, directionDeg, temperatureC: 11.5 }));
}
