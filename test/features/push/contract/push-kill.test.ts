import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { SqlitePushOutbox } from '../../../../adapters/sqlite/sqlite-push-outbox';
import { SqlitePushSubscriptionRepository } from '../../../../adapters/sqlite/sqlite-push-subscription-repository';
import { generateVapidKeys, WebPushSender } from '../../../../adapters/web-push/web-push-sender';
import { CLAIM_LEASE_MS } from '../../../../core/mail/outbox';
import { DeliverPush } from '../../../../core/push/deliver-push';
import { announcementPush } from '../../../../core/push/push-notifications';
import { queuePush } from '../../../../core/push/queue-push';
import { startLocalPushService, type LocalPushService } from '../../../support/local-push-service';
import { tempSqlite } from '../../../support/temp-sqlite';
import { aDevice } from './push-storage.contract';

let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(async () => service.close());

describe('a push sender killed (kill -9) while sending', () => {
  it('leaves each notification delivered to each device once: the one it was sending goes again under the same tag and topic, the rest once', async () => {
    const sqlite = tempSqlite('kyc-push-kill-');
    try {
      const db = await sqlite.open();
      const pushSubscriptions = new SqlitePushSubscriptionRepository(db);
      const pushOutbox = new SqlitePushOutbox(db);
      const names = ['d1', 'd2', 'd3', 'd4', 'd5'];
      for (const name of names) {
        const device = service.device(name);
        await pushSubscriptions.save(aDevice({ id: name, endpoint: device.endpoint, keys: device.keys, kinds: ['announcement'] }));
      }
      const queuedAt = new Date();
      await queuePush(
        { pushSubscriptions, pushOutbox, clock: new FixedClock(queuedAt.toISOString()) },
        'member-1',
        'news-1',
        announcementPush({ id: 'regatta', title: 'Regatta' }, 'Briefing at 9'),
      );
      // The push service takes d1 and d2, then never answers d3: the sender is killed waiting for it.
      service.answer('d3', 'hold');
      const vapid = { ...generateVapidKeys(), subject: 'mailto:webmaster@kestrel-yc.example' };
      const worker = fileURLToPath(new URL('../../../support/contract/push-kill-worker.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', worker, sqlite.file, JSON.stringify(vapid)], { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await service.waitFor(3);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      expect(service.received.map((r) => r.device)).toEqual(['d1', 'd2', 'd3']);

      // Another instance's round after the dead sender's lease lapsed: d4 and d5, then d3 again (due once its claim lapsed).
      service.answer('d3', 201);
      const later = new FixedClock(new Date(Date.now() + 2 * CLAIM_LEASE_MS).toISOString());
      const round = await new DeliverPush({ pushOutbox, pushSubscriptions, pushSender: new WebPushSender(vapid), clock: later }).execute();
      expect(round).toMatchObject({ sent: 3, lost: 0 });
      expect(service.received.map((r) => r.device)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd3']);
      // The device shows a notification per tag (the delivery id): d3's two tries are one notification.
      const tags = service.received.map((r) => `${r.device}:${JSON.parse(r.payload).id}`);
      expect(new Set(tags).size).toBe(5);
      const [first, second] = service.received.filter((r) => r.device === 'd3');
      expect(second.headers.topic).toBe(first.headers.topic);
      expect(second.payload).toBe(first.payload);
      for (const name of names) expect((await pushOutbox.get(`news-1.${name}`))?.status).toBe('sent');
    } finally {
      await sqlite.close();
    }
  });
});
