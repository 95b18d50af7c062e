import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_KINDS } from '../../../../core/push/push';
import { queuePush } from '../../../../core/push/queue-push';
import { PUSH_MESSAGES } from '../../../../core/push/my-push';
import { announcementPush } from '../../../../core/push/push-notifications';
import { addEvent, FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { aBooking } from '../../../support/entities';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { startLocalPushService, type LocalPushService } from '../../../support/local-push-service';

let app: TestApp;
let service: LocalPushService;

beforeAll(async () => {
  app = await startTestApp();
  service = await startLocalPushService();
});
afterAll(async () => {
  await app.dispose();
  await service.close();
});

function subscription(name: string) {
  const { endpoint, keys } = service.device(name);
  return { endpoint, keys };
}

async function aMember(name: string) {
  const member = await addListedMember(app, { name, email: `${name.split(' ')[0].toLowerCase()}@example.org` });
  return { member, agent: await signedInMember(app, member) };
}

describe('push notifications on My club', () => {
  it('gives the VAPID public key made once and kept in DATA_DIR', async () => {
    const res = await app.agent().get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    await app.restart();
    expect((await app.agent().get('/api/push/public-key')).body.publicKey).toBe(res.body.publicKey);
  });

  it('subscribes this device with the default kinds, changes its kinds, and unsubscribes it', async () => {
    const { agent, member } = await aMember('Ann Subscriber');
    const device = subscription('ann-phone');
    const made = await agent
      .post('/api/my/push/subscriptions')
      .set(FETCH)
      .send({ ...device, deviceLabel: 'Ann’s phone' });
    expect(made.status).toBe(201);
    expect(made.body.device).toMatchObject({ endpoint: device.endpoint, deviceLabel: 'Ann’s phone', kinds: [...DEFAULT_PUSH_KINDS] });
    const listed = await agent.get('/api/my/push');
    expect(listed.body).toMatchObject({ publicKey: expect.any(String), defaultKinds: [...DEFAULT_PUSH_KINDS], devices: [made.body.device] });

    const changed = await agent
      .put('/api/my/push')
      .set(FETCH)
      .send({ endpoint: device.endpoint, kinds: ['go-no-go', 'announcement', 'go-no-go'] });
    expect(changed.status).toBe(200);
    expect(changed.body.device.kinds).toEqual(['announcement', 'go-no-go']);
    expect((await app.get('pushSubscriptions').listByMember(member.id))[0].kinds).toEqual(['announcement', 'go-no-go']);

    const removed = await agent.delete(`/api/my/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`).set(FETCH);
    expect(removed.status).toBe(204);
    expect(await app.get('pushSubscriptions').listByMember(member.id)).toEqual([]);
  });

  it('refuses a subscription naming another host than the push services: the server never posts to it', async () => {
    const { agent, member } = await aMember('Ivy Inside');
    const { keys } = subscription('ivy-phone');
    for (const endpoint of ['https://intranet.club.example/admin', 'https://fcm.googleapis.com.evil.example/x', 'http://10.0.0.5/push']) {
      const refused = await agent.post('/api/my/push/subscriptions').set(FETCH).send({ endpoint, keys });
      expect(refused.status, endpoint).toBe(400);
    }
    const named = await agent.post('/api/my/push/subscriptions').set(FETCH).send({ endpoint: 'https://intranet.club.example/admin', keys });
    expect(named.body.error).toBe(PUSH_MESSAGES.serviceNotAllowed);
    expect(await app.get('pushSubscriptions').listByMember(member.id)).toEqual([]);
  });

  it("never lets a member change or remove another member's device: 404, and it stays as it was", async () => {
    const ann = await aMember('Annie Owner');
    const bob = await aMember('Bob Other');
    const device = subscription('annie-phone');
    await ann.agent.post('/api/my/push/subscriptions').set(FETCH).send(device);
    const put = await bob.agent.put('/api/my/push').set(FETCH).send({ endpoint: device.endpoint, kinds: [] });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('This device does not take notifications: switch them on first');
    const del = await bob.agent.delete(`/api/my/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`).set(FETCH);
    expect(del.status).toBe(404);
    expect((await app.get('pushSubscriptions').listByMember(ann.member.id)).map((d) => d.kinds)).toEqual([[...DEFAULT_PUSH_KINDS]]);
    expect((await bob.agent.get('/api/my/push')).body.devices).toEqual([]);
  });

  it("signing out removes the device subscribed in that session, and no other member's or session's", async () => {
    const ann = await aMember('Anita Leaving');
    const laptop = await signedInMember(app, ann.member);
    await ann.agent.post('/api/my/push/subscriptions').set(FETCH).send(subscription('anita-phone'));
    await laptop.post('/api/my/push/subscriptions').set(FETCH).send(subscription('anita-laptop'));
    expect((await ann.agent.post('/api/member/sign-out').set(FETCH).send()).status).toBe(204);
    expect((await app.get('pushSubscriptions').listByMember(ann.member.id)).map((d) => d.endpoint)).toEqual([subscription('anita-laptop').endpoint]);
    expect((await laptop.post('/api/member/sign-out-everywhere').set(FETCH).send()).status).toBe(204);
    expect(await app.get('pushSubscriptions').listByMember(ann.member.id)).toEqual([]);
  });

  it("erasing a member's data removes their devices and the notifications waiting for them", async () => {
    const ann = await aMember('Annabel Erased');
    await ann.agent.post('/api/my/push/subscriptions').set(FETCH).send(subscription('annabel-phone'));
    const deps = { pushSubscriptions: app.get('pushSubscriptions'), pushOutbox: app.get('pushOutbox'), clock: app.clock };
    expect(await queuePush(deps, ann.member.id, 'news-1', announcementPush({ id: 'regatta', title: 'Regatta' }, 'Briefing at 9'))).toBe(1);
    const [device] = await app.get('pushSubscriptions').listByMember(ann.member.id);
    expect(await app.get('pushOutbox').get(`news-1.${device.id}`)).not.toBeNull();
    expect((await ann.agent.post('/api/my/erase').set(FETCH).send({ confirm: true })).status).toBe(200);
    expect(await app.get('pushSubscriptions').listByMember(ann.member.id)).toEqual([]);
    expect(await app.get('pushOutbox').get(`news-1.${device.id}`)).toBeNull();
  });

  it('an announcement queues one push per device of each member it told that chose announcements, however often it is sent', async () => {
    const ann = await aMember('Arwen Booked');
    const quiet = await aMember('Quinn Quiet');
    await ann.agent.post('/api/my/push/subscriptions').set(FETCH).send(subscription('arwen-phone'));
    await quiet.agent
      .post('/api/my/push/subscriptions')
      .set(FETCH)
      .send({ ...subscription('quinn-phone'), kinds: ['go-no-go'] });
    const event = await addEvent(app, { id: 'push-race', name: 'Push race' });
    for (const [id, m] of [
      ['bk-arwen', ann.member],
      ['bk-quinn', quiet.member],
    ] as const)
      await app
        .get('bookings')
        .addIfPlacesRemain(aBooking({ id, eventId: event.id, eventName: event.name, userEmail: m.email, memberId: m.id }), {
          capacity: null,
          now: new Date(app.clock.now()),
        });
    const admin = await signedInAdmin(app, 'push-admin@example.org', ['events:read', 'events:write']);
    const body = { id: '6f1c2a3e-1111-4a4a-9b9b-222233334444', audiences: ['booked'], subject: 'Launching from the south slip', text: 'Briefing at 9.' };
    for (let i = 0; i < 2; i++) expect((await admin.post(`/api/admin/events/${event.id}/announcements`).set(FETCH).send(body)).status).toBeLessThan(300);
    const [phone] = await app.get('pushSubscriptions').listByMember(ann.member.id);
    const [quinnPhone] = await app.get('pushSubscriptions').listByMember(quiet.member.id);
    const queued = await app.get('pushOutbox').get(`announcement-${body.id}.${phone.id}`);
    expect(queued?.notification).toEqual({
      kind: 'announcement',
      title: 'Push race',
      text: 'Launching from the south slip',
      url: '/event-booking?id=push-race',
    });
    expect(await app.get('pushOutbox').get(`announcement-${body.id}.${quinnPhone.id}`)).toBeNull();
  });

  it("an announcement's push is written with its e-mails: a push outbox that fails on its own loses nothing", async () => {
    const ann = await aMember('Ariel Atomic');
    await ann.agent.post('/api/my/push/subscriptions').set(FETCH).send(subscription('ariel-phone'));
    const event = await addEvent(app, { id: 'atomic-race', name: 'Atomic race' });
    await app
      .get('bookings')
      .addIfPlacesRemain(aBooking({ id: 'bk-ariel', eventId: event.id, eventName: event.name, userEmail: ann.member.email, memberId: ann.member.id }), {
        capacity: null,
        now: new Date(app.clock.now()),
      });
    const admin = await signedInAdmin(app, 'atomic-admin@example.org', ['events:read', 'events:write']);
    const body = { id: '6f1c2a3e-5555-4a4a-9b9b-222233334444', audiences: ['booked'], subject: 'All at once', text: 'Briefing at 9.' };
    // A write to the push outbox apart from the announcement's (a crash after the e-mails) fails.
    const pushOutbox = app.get('pushOutbox');
    const addOnce = pushOutbox.addOnce.bind(pushOutbox);
    pushOutbox.addOnce = () => Promise.reject(new Error('crashed before the push was queued'));
    try {
      expect((await admin.post(`/api/admin/events/${event.id}/announcements`).set(FETCH).send(body)).status).toBe(200);
    } finally {
      pushOutbox.addOnce = addOnce;
    }
    const [phone] = await app.get('pushSubscriptions').listByMember(ann.member.id);
    expect((await app.get('pushOutbox').get(`announcement-${body.id}.${phone.id}`))?.notification.text).toBe('All at once');
    expect(await app.get('outbox').list({ recordId: body.id })).toHaveLength(1);
  });

  it('refuses a subscription that is not a push subscription with a clear message, storing nothing', async () => {
    const ann = await aMember('Ada Careful');
    const bad = [
      { endpoint: 'ftp://push.example.net/x', keys: subscription('ada').keys },
      { endpoint: 'https://push.example.net/x', keys: { p256dh: 'short', auth: 'short' } },
      { endpoint: 'https://push.example.net/x', keys: subscription('ada').keys, kinds: ['everything'] },
    ];
    for (const body of bad) {
      const res = await ann.agent.post('/api/my/push/subscriptions').set(FETCH).send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await app.get('pushSubscriptions').listByMember(ann.member.id)).toEqual([]);
  });
});
