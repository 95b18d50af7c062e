import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryPushOutbox } from '../../../../adapters/memory/memory-push-outbox';
import { MemoryPushSubscriptionRepository } from '../../../../adapters/memory/memory-push-subscription-repository';
import { generateVapidKeys, pushTopic, WebPushSender } from '../../../../adapters/web-push/web-push-sender';
import { DeliverPush } from '../../../../core/push/deliver-push';
import { queuePush } from '../../../../core/push/queue-push';
import { eventChangePush } from '../../../../core/push/push-notifications';
import { startLocalPushService, type LocalPushService } from '../../../support/local-push-service';
import { aDevice } from './push-storage.contract';

let service: LocalPushService;
const vapid = { ...generateVapidKeys(), subject: 'mailto:webmaster@kestrel-yc.example' };

beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(async () => service.close());
beforeEach(() => {
  service.received.length = 0;
});

/** A member's device subscribed on the local push service, with keys the test made. */
function subscribed(name: string, memberId = 'member-1') {
  const device = service.device(name);
  return aDevice({ id: name, memberId, endpoint: device.endpoint, keys: device.keys, kinds: ['event-change'] });
}

function wired() {
  return wiredWith(vapid);
}

function wiredWith(keys: typeof vapid) {
  const clock = new FixedClock('2026-06-01T09:00:00.000Z');
  const pushSubscriptions = new MemoryPushSubscriptionRepository();
  const pushOutbox = new MemoryPushOutbox();
  const deliver = new DeliverPush({ pushOutbox, pushSubscriptions, pushSender: new WebPushSender(keys), clock });
  return { clock, pushSubscriptions, pushOutbox, deliver, queue: { pushSubscriptions, pushOutbox, clock } };
}

const MOVED = eventChangePush({ id: 'summer-regatta', title: 'Summer Regatta' }, { cancelled: false, whenText: 'Sunday 19 July' });

describe('the web-push sender against a local push service', () => {
  it('sends a payload the device decrypts (RFC 8291) to the notification, signed with the VAPID key, under a stable topic', async () => {
    const { deliver, pushSubscriptions, queue } = wired();
    await pushSubscriptions.save(subscribed('phone'));
    await queuePush(queue, 'member-1', 'event-change-b1-2', MOVED);
    expect(await deliver.execute()).toMatchObject({ sent: 1, retrying: 0, gone: 0 });
    const [push] = service.received;
    expect(JSON.parse(push.payload)).toEqual({
      id: 'event-change-b1-2.phone',
      kind: 'event-change',
      title: 'Moved: Summer Regatta',
      body: 'The event is now on Sunday 19 July.',
      url: '/event-booking?id=summer-regatta',
    });
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`));
    expect(push.headers.topic).toBe(pushTopic('event-change-b1-2.phone'));
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it.each([404, 410])('removes a subscription the push service answers %i for, and sends it nothing more', async (status) => {
    const { deliver, pushSubscriptions, pushOutbox, queue } = wired();
    service.answer(`gone-${status}`, status);
    await pushSubscriptions.save(subscribed(`gone-${status}`));
    await queuePush(queue, 'member-1', 'n1', MOVED);
    expect(await deliver.execute()).toMatchObject({ sent: 0, gone: 1 });
    expect(await pushSubscriptions.get(`gone-${status}`)).toBeNull();
    expect((await pushOutbox.get(`n1.gone-${status}`))?.status).toBe('gone');
    await queuePush(queue, 'member-1', 'n2', MOVED);
    expect(await pushOutbox.get(`n2.gone-${status}`)).toBeNull();
  });

  it.each([503, 429])('tries again after the back-off when the push service answers %i, and sends it then', async (status) => {
    const { deliver, pushSubscriptions, pushOutbox, queue, clock } = wired();
    const name = `busy-${status}`;
    service.answer(name, status);
    await pushSubscriptions.save(subscribed(name));
    await queuePush(queue, 'member-1', 'n1', MOVED);
    expect(await deliver.execute()).toMatchObject({ sent: 0, retrying: 1 });
    const waiting = await pushOutbox.get(`n1.${name}`);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining(String(status)) });
    expect(await deliver.execute()).toMatchObject({ sent: 0, retrying: 0 });
    service.answer(name, 201);
    clock.advance(60_000);
    expect(await deliver.execute()).toMatchObject({ sent: 1 });
    expect(await pushSubscriptions.get(name)).not.toBeNull();
  });

  it('signs with a key pair a push service can check: the VAPID token verifies against the public key it names', async () => {
    const pair = generateVapidKeys();
    expect(Buffer.from(pair.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(pair.publicKey, 'base64url')[0]).toBe(0x04);
    expect(Buffer.from(pair.privateKey, 'base64url')).toHaveLength(32);
    const { deliver, pushSubscriptions, queue } = wiredWith({ ...pair, subject: 'mailto:webmaster@kestrel-yc.example' });
    await pushSubscriptions.save(subscribed('tablet'));
    await queuePush(queue, 'member-1', 'event-change-b1-3', MOVED);
    expect(await deliver.execute()).toMatchObject({ sent: 1 });
    const found = /^vapid t=([^,]+), k=(.+)$/.exec(service.received[0].headers.authorization ?? '');
    expect(found?.[2]).toBe(pair.publicKey);
    const [header, claims, signature] = found![1].split('.');
    const point = Buffer.from(pair.publicKey, 'base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${claims}`);
    expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ sub: 'mailto:webmaster@kestrel-yc.example' });
  });

  it('tries again later when the push service holds the request past the timeout, or cannot be reached', async () => {
    const device = subscribed('silent');
    service.answer('silent', 'hold');
    const held = await new WebPushSender(vapid, 50).send(device, '{"title":"x"}', 'n1');
    expect(held).toEqual({ outcome: 'retry', answer: expect.stringContaining('Could not reach the push service') });
    const closed = await startLocalPushService();
    const away = closed.device('away');
    await closed.close();
    const refused = await new WebPushSender(vapid).send({ endpoint: away.endpoint, keys: away.keys }, '{"title":"x"}', 'n2');
    expect(refused).toEqual({ outcome: 'retry', answer: expect.stringContaining('Could not reach the push service') });
  });

  it('tries again later when the push service cuts its answer off mid-way', async () => {
    const cutting = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(201, { 'content-length': '100' });
        res.write('partial', () => res.socket?.destroy());
      });
    });
    await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
    try {
      const device = subscribed('cut');
      const endpoint = `http://127.0.0.1:${(cutting.address() as AddressInfo).port}/push/cut`;
      const result = await new WebPushSender(vapid).send({ endpoint, keys: device.keys }, '{"title":"x"}', 'n1');
      expect(result).toEqual({ outcome: 'retry', answer: expect.stringContaining('Could not reach the push service') });
    } finally {
      await new Promise((resolve) => cutting.close(resolve));
    }
  });

  it("keeps the start of a refusing push service's answer, its status and reason", async () => {
    const { deliver, pushSubscriptions, pushOutbox, queue } = wired();
    service.answer('refusing', 400);
    await pushSubscriptions.save(subscribed('refusing'));
    await queuePush(queue, 'member-1', 'n1', MOVED);
    expect(await deliver.execute()).toMatchObject({ sent: 0, retrying: 1 });
    expect((await pushOutbox.get('n1.refusing'))?.lastError).toMatch(/^400 Bad Request/);
  });
});
