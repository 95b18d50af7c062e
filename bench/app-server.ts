/**
 * The real app, run in its own process for the benchmark so that the load generator does not
 * share its event loop. Started by bench/run.ts with an IPC channel; not meant to be run alone.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { SEARCH_INDEXES } from '../core/entities/search-hit';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { benchSearchRecords } from './search-corpus';

export type AppServerRequest =
  | { type: 'stats' }
  | { type: 'cpu' }
  /** Starts a V8 CPU profile of the server (for one scenario). */
  | { type: 'startProfile' }
  /** Stops the profile and writes it to `file` (open it in Chrome DevTools or speedscope). */
  | { type: 'stopProfile'; file: string }
  | { type: 'startLoadWindow' }
  | { type: 'verifyBookings'; ids: string[]; eventId: string }
  | { type: 'stop' };

export type AppServerMessage =
  | { type: 'ready'; port: number; searchRecords: number; setupMs: number }
  | { type: 'stats'; rss: number; peakRss: number; peakRssDuringLoad: number; heapUsed: number }
  /** CPU time used by the server process so far, in microseconds (user + system). */
  | { type: 'cpu'; micros: number }
  | { type: 'profiled'; file: string | null }
  | { type: 'verified'; requested: number; stored: number; missing: string[]; storedForEvent: number }
  | { type: 'error'; message: string };

const send = (message: AppServerMessage) => process.send?.(message);

let peakRss = process.memoryUsage().rss;
let peakRssDuringLoad = 0;
let inLoadWindow = false;
let profiler: Session | null = null;
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  if (inLoadWindow) peakRssDuringLoad = Math.max(peakRssDuringLoad, rss);
}, 50);

async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    SEED_DEMO_DATA: 'true',
    INITIAL_ADMIN_PASSWORD: 'bench-only-password',
  });
  const built = await buildApp(config);

  const count = Number(process.env.BENCH_SEARCH_RECORDS ?? '10000');
  const search = built.ports.get('search');
  const generated = benchSearchRecords(count);
  for (const index of SEARCH_INDEXES) {
    const records = generated.filter((g) => g.index === index).map((g) => g.record);
    for (let i = 0; i < records.length; i += 1000) await search.upsert(index, records.slice(i, i + 1000));
  }

  const server = built.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  send({ type: 'ready', port, searchRecords: generated.length, setupMs: Date.now() - started });

  process.on('message', async (message: AppServerRequest) => {
    try {
      if (message.type === 'stats') {
        const usage = process.memoryUsage();
        send({ type: 'stats', rss: usage.rss, peakRss, peakRssDuringLoad, heapUsed: usage.heapUsed });
      } else if (message.type === 'cpu') {
        const usage = process.cpuUsage();
        send({ type: 'cpu', micros: usage.user + usage.system });
      } else if (message.type === 'startProfile') {
        profiler ??= new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.post('Profiler.start');
      } else if (message.type === 'stopProfile') {
        if (!profiler) {
          send({ type: 'profiled', file: null });
          return;
        }
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        writeFileSync(message.file, JSON.stringify(profile));
        send({ type: 'profiled', file: message.file });
      } else if (message.type === 'startLoadWindow') {
        inLoadWindow = true;
      } else if (message.type === 'verifyBookings') {
        const bookings = built.ports.get('bookings');
        const missing: string[] = [];
        for (const id of message.ids) {
          const booking = await bookings.get(id);
          if (!booking || booking.eventId !== message.eventId) missing.push(id);
        }
        const storedForEvent = await bookings.countByEvent(message.eventId);
        send({ type: 'verified', requested: message.ids.length, stored: message.ids.length - missing.length, missing: missing.slice(0, 20), storedForEvent });
      } else if (message.type === 'stop') {
        clearInterval(sampler);
        server.closeAllConnections();
        server.close();
        await built.close();
        process.exit(0);
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
  });
}

process.on('disconnect', () => process.exit(0));
main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.stack ?? error.message : String(error) });
  process.exit(1);
});
