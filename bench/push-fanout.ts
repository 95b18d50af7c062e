/**
 * An announcement's push fan-out (docs/notifications.md#delivery; docs/performance.md): one
 * notification queued for `BENCH_PUSH_DEVICES` devices (default 1,000, one member each) on a
 * SQLite file, then delivered by the server's round (claims, VAPID signature, RFC 8291 encryption,
 * POST, settle) to a local push service on 127.0.0.1. Before it, in the same run, the same number
 * of plain HTTP POSTs to the same service, one after another: what the network part alone costs.
 * Prints each one's wall time and the process's peak memory above where it started. Part of
 * `npm run bench`.
 */
import { request } from 'node:http';
import { SqlitePushOutbox } from '../adapters/sqlite/sqlite-push-outbox';
import { SqlitePushSubscriptionRepository } from '../adapters/sqlite/sqlite-push-subscription-repository';
import { SystemClock } from '../adapters/system/system-clock';
import { generateVapidKeys, WebPushSender } from '../adapters/web-push/web-push-sender';
import { DeliverPush } from '../core/push/deliver-push';
import { announcementPush } from '../core/push/push-notifications';
import { queuePush } from '../core/push/queue-push';
import { startLocalPushService } from '../test/support/local-push-service';
import { tempSqlite } from '../test/support/temp-sqlite';

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? '1000');

/** One POST with node:http's global agent (kept-alive connections), as the push sender posts. */
function plainPost(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST' }, (answer) => {
      answer.resume();
      answer.on('end', resolve);
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Runs `work`, sampling the resident memory every 5 ms: its wall time and the peak above the start, in MB. */
async function measured(work: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const began = performance.now();
  await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - start) / 1e6 };
}

const service = await startLocalPushService({ decrypt: false });
const sqlite = tempSqlite('kyc-bench-push-');
try {
  const db = await sqlite.open();
  const pushSubscriptions = new SqlitePushSubscriptionRepository(db);
  const pushOutbox = new SqlitePushOutbox(db);
  const clock = new SystemClock();
  const now = clock.now().toISOString();
  for (let i = 0; i < DEVICES; i++) {
    const { endpoint, keys } = service.device(`d${i}`);
    await pushSubscriptions.save({
      id: `d${i}`,
      memberId: `m${i}`,
      endpoint,
      keys,
      deviceLabel: 'Bench',
      kinds: ['announcement'],
      sessionHash: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  const deliver = new DeliverPush({
    pushOutbox,
    pushSubscriptions,
    pushSender: new WebPushSender({ ...generateVapidKeys(), subject: 'mailto:bench@example.org' }),
    clock,
  });
  const notification = announcementPush({ id: 'regatta', title: 'Summer Regatta' }, 'Launching from the south slip');

  const queued = await measured(async () => {
    for (let i = 0; i < DEVICES; i++) await queuePush({ pushSubscriptions, pushOutbox, clock }, `m${i}`, 'announcement-bench', notification);
  });
  // The plain posts first, with the client the sender uses (node:http): the first of the two to run
  // pays for the heap's growth to its working size, so it is the baseline, not the push.
  const plain = await measured(async () => {
    for (let i = 0; i < DEVICES; i++) await plainPost(`${service.url}/plain`, 'x'.repeat(200));
  });
  let sent = 0;
  const pushed = await measured(async () => {
    for (;;) {
      const round = await deliver.execute({ limit: 200 });
      sent += round.sent;
      if (round.sent + round.retrying + round.failed + round.gone + round.lost === 0) break;
    }
  });
  const row = (name: string, m: { ms: number; peakMb: number }) =>
    `${name.padEnd(44)} ${(m.ms / 1000).toFixed(2).padStart(7)} s ${(m.ms / DEVICES).toFixed(2).padStart(7)} ms each  peak +${m.peakMb.toFixed(1)} MB`;
  console.log(`Push fan-out to ${DEVICES} devices (SQLite, local push service on 127.0.0.1)`);
  console.log(row('queue (one row per device)', queued));
  console.log(row(`deliver (sign, encrypt, POST, settle): ${sent} sent`, pushed));
  console.log(row('plain HTTP POSTs, same count, same service', plain));
  console.log(`deliver / plain: ${(pushed.ms / plain.ms).toFixed(1)}x; pushes received ${service.received.length}, plain ${service.plain}`);
  if (sent !== DEVICES || service.received.length !== DEVICES) {
    console.log('FAIL: not every device got the notification once');
    process.exitCode = 1;
  }
} finally {
  await sqlite.close();
  await service.close();
}
