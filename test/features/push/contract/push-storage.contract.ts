import fc from 'fast-check';
import { expect, it } from 'vitest';
import { newPushDelivery, pushGone, pushRefused, pushSent, type PushDelivery, type PushNotification, type PushSubscription } from '../../../../core/push/push';
import type { PushOutbox } from '../../../../core/push/push-outbox.port';
import type { PushSubscriptionRepository } from '../../../../core/push/push-subscription-repository.port';
import { queuePush } from '../../../../core/push/queue-push';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { describeContract, itAnswers, itHandsAnUnsettledClaimOn, type AdapterFactory } from '../../../support/contract/storage-fixtures';

/** The two push ports of one storage, as the server uses them together. */
export interface PushStorage {
  pushSubscriptions: PushSubscriptionRepository;
  pushOutbox: PushOutbox;
}

const NOW = new Date('2026-06-01T09:00:00.000Z');
const LEASE = 60_000;

/** A device of a member; its id stands for the endpoint's hash. */
export function aDevice(overrides: Partial<PushSubscription> = {}): PushSubscription {
  const id = overrides.id ?? 'device-1';
  return {
    id,
    memberId: 'member-1',
    endpoint: `https://push.example.net/send/${id}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    deviceLabel: 'Phone',
    kinds: ['announcement', 'waiting-list-offer', 'duty-swap', 'event-change'],
    sessionHash: 'session-1',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...overrides,
  };
}

export const A_NOTIFICATION: PushNotification = {
  kind: 'event-change',
  title: 'Moved: Summer Regatta',
  text: 'The event is now on Sunday.',
  url: '/event-booking?id=summer-regatta',
};

function aDelivery(key: string, device = aDevice()): PushDelivery {
  return newPushDelivery(key, device, A_NOTIFICATION, NOW);
}

/**
 * The contract of PushSubscriptionRepository and PushOutbox (core/push/*.port.ts): every sentence
 * of their TSDoc, on one storage.
 */
export function describePushStorageContract(name: string, makeAdapter: AdapterFactory<PushStorage>, options: { runs: number }): void {
  describeContract('push storage', name, makeAdapter, (store) => {
    itAnswers(
      'an empty storage holds no devices and no deliveries',
      [() => store().pushSubscriptions.get('device-1'), null],
      [() => store().pushSubscriptions.listByMember('member-1'), []],
      [() => store().pushOutbox.get('x.device-1'), null],
      [() => store().pushOutbox.claimDue(NOW, LEASE, 5), []],
    );

    it("saves a device, replaces it by id (another member takes it over) and lists a member's devices oldest first", async () => {
      const { pushSubscriptions } = store();
      await pushSubscriptions.save(aDevice({ id: 'b', createdAt: '2026-06-02T09:00:00.000Z' }));
      await pushSubscriptions.save(aDevice({ id: 'a' }));
      await pushSubscriptions.save(aDevice({ id: 'c', memberId: 'member-2' }));
      expect((await pushSubscriptions.listByMember('member-1')).map((d) => d.id)).toEqual(['a', 'b']);
      await pushSubscriptions.save(aDevice({ id: 'b', memberId: 'member-2', kinds: ['go-no-go'] }));
      expect((await pushSubscriptions.listByMember('member-1')).map((d) => d.id)).toEqual(['a']);
      expect(await pushSubscriptions.get('b')).toEqual(aDevice({ id: 'b', memberId: 'member-2', kinds: ['go-no-go'] }));
    });

    it('removes one device, those of a session, and those of a member, saying how many', async () => {
      const { pushSubscriptions } = store();
      await pushSubscriptions.save(aDevice({ id: 'a', sessionHash: 's1' }));
      await pushSubscriptions.save(aDevice({ id: 'b', sessionHash: 's1' }));
      await pushSubscriptions.save(aDevice({ id: 'c', sessionHash: 's2' }));
      await pushSubscriptions.save(aDevice({ id: 'd', memberId: 'member-2', sessionHash: 's3' }));
      expect(await pushSubscriptions.remove('c')).toBe(true);
      expect(await pushSubscriptions.remove('c')).toBe(false);
      expect(await pushSubscriptions.removeBySession('s1')).toBe(2);
      expect(await pushSubscriptions.listByMember('member-1')).toEqual([]);
      expect(await pushSubscriptions.removeByMember('member-2')).toBe(1);
      expect(await pushSubscriptions.get('d')).toBeNull();
    });

    it('writes a delivery once: a second addOnce of the same id writes nothing and leaves the first as it is', async () => {
      const { pushOutbox } = store();
      const first = aDelivery('n1');
      expect(await pushOutbox.addOnce([first])).toBe(1);
      const [claim] = await pushOutbox.claimDue(NOW, LEASE, 5);
      await pushOutbox.settle(claim, pushSent(claim.delivery, NOW));
      expect(await pushOutbox.addOnce([first, aDelivery('n2')])).toBe(1);
      expect((await pushOutbox.get(first.id))?.status).toBe('sent');
    });

    it('claims the due deliveries earliest first, none twice; a refused one is due again after the back-off; gone and sent ones never', async () => {
      const { pushOutbox } = store();
      const later = { ...aDelivery('later'), nextAttemptAt: '2026-06-01T09:01:30.000Z' };
      await pushOutbox.addOnce([later, aDelivery('n1'), aDelivery('n2'), aDelivery('n3')]);
      const claims = await pushOutbox.claimDue(NOW, LEASE, 10);
      expect(claims.map((c) => c.delivery.id).sort()).toEqual(['n1.device-1', 'n2.device-1', 'n3.device-1']);
      expect(await pushOutbox.claimDue(NOW, LEASE, 10)).toEqual([]);
      const [a, b, c] = claims;
      expect(await pushOutbox.settle(a, pushSent(a.delivery, NOW))).toBe(true);
      expect(await pushOutbox.settle(b, pushGone(b.delivery, '410 Gone'))).toBe(true);
      const refused = pushRefused(c.delivery, NOW, '503 Service Unavailable');
      expect(await pushOutbox.settle(c, refused)).toBe(true);
      expect(await pushOutbox.get(c.delivery.id)).toEqual(refused);
      const afterBackOff = new Date(Date.parse(refused.nextAttemptAt ?? '') + LEASE);
      expect((await pushOutbox.claimDue(afterBackOff, LEASE, 10)).map((x) => x.delivery.id).sort()).toEqual(['later.device-1', 'n3.device-1']);
    });

    it('renews a claim while held and refuses a renewal of a settled one', async () => {
      const { pushOutbox } = store();
      await pushOutbox.addOnce([aDelivery('n1')]);
      const [claim] = await pushOutbox.claimDue(NOW, LEASE, 1);
      expect(await pushOutbox.renew(claim, new Date(NOW.getTime() + LEASE / 2), LEASE)).toBe(true);
      expect(await pushOutbox.claimDue(new Date(NOW.getTime() + LEASE), LEASE, 1)).toEqual([]);
      await pushOutbox.settle(claim, pushSent(claim.delivery, NOW));
      expect(await pushOutbox.renew(claim, NOW, LEASE)).toBe(false);
    });

    itHandsAnUnsettledClaimOn('hands a delivery whose sender died on after the lease, and refuses the dead sender’s outcome', () => store().pushOutbox, {
      add: (items) => store().pushOutbox.addOnce(items),
      itemOf: (claim) => claim.delivery,
      item: aDelivery('n1'),
      leaseMs: LEASE,
      waiting: 'queued',
      settled: (item, at) => pushSent(item, at),
      start: NOW,
      end: new Date(NOW.getTime() + 2 * LEASE),
    });

    it("removes a member's deliveries, whatever their state", async () => {
      const { pushOutbox } = store();
      await pushOutbox.addOnce([aDelivery('n1'), aDelivery('n2'), aDelivery('n3', aDevice({ id: 'other', memberId: 'member-2' }))]);
      await pushOutbox.claimDue(NOW, LEASE, 1);
      expect(await pushOutbox.removeByMember('member-1')).toBe(2);
      expect(await pushOutbox.get('n1.device-1')).toBeNull();
      expect(await pushOutbox.get('n3.other')).not.toBeNull();
    });

    it('queues a notification once per device that chose its kind, however often it is queued (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.subarray(['announcement', 'event-change', 'go-no-go'] as const), { minLength: 1, maxLength: 4 }),
          fc.integer({ min: 1, max: 3 }),
          fc.string({ minLength: 1, maxLength: 12 }).map((s) => `k${s.replace(/[^A-Za-z0-9]/g, '')}`),
          async (deviceKinds, times, key) => {
            const { pushSubscriptions, pushOutbox } = store();
            const member = `m-${key}`;
            const devices = deviceKinds.map((kinds, i) => aDevice({ id: `${key}-d${i}`, memberId: member, kinds: [...kinds] }));
            for (const device of devices) await pushSubscriptions.save(device);
            const deps = { pushSubscriptions, pushOutbox, clock: new FixedClock(NOW.toISOString()) };
            const choosing = devices.filter((d) => d.kinds.includes('event-change'));
            let written = 0;
            for (let i = 0; i < times; i++) written += await queuePush(deps, member, key, A_NOTIFICATION);
            expect(written).toBe(choosing.length);
            for (const device of devices) {
              const stored = await pushOutbox.get(`${key}.${device.id}`);
              expect(stored !== null).toBe(device.kinds.includes('event-change'));
            }
            await pushOutbox.removeByMember(member);
            await pushSubscriptions.removeByMember(member);
          },
        ),
        { numRuns: options.runs },
      );
    });
  });
}
