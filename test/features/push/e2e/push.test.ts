import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventChangePush } from '../../../../core/push/push-notifications';
import { queuePush } from '../../../../core/push/queue-push';
import { addCurrentMembers } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { startLocalPushService, type LocalPushService } from '../../../support/local-push-service';

// Push notifications in Chromium (docs/notifications.md#push): a member switches them on in My club
// (the browser's push service replaced by a local one: PushManager answers a subscription whose
// endpoint is the test's server, with keys the test made), the server delivers a notification to
// that endpoint, and DevTools delivers the decrypted payload to the service worker, which shows it.
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(async () => service?.close());

const world = useApp({ mail: true, browser: { serviceWorkers: 'allow' }, build: { pushRoundMs: 50 } });
const MEMBER = { id: 'member-e2e-push', name: 'Pippa Pushed', email: 'pippa.push@example.org' };

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER]);
});

describe('push notifications in Chromium', () => {
  it('a member switches them on, chooses a kind, and a notification sent to the device is shown with its page; axe clean at 375 px', async () => {
    const device = service.device('pippa-phone');
    await world.browser.context.grantPermissions(['notifications'], { origin: world.app.baseUrl });
    await world.browser.context.addInitScript(
      ({ endpoint, keys }) => {
        // The browser's push service, replaced: a subscription at the test's endpoint, kept across reloads.
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            localStorage.removeItem('test-push');
            return true;
          },
        };
        PushManager.prototype.subscribe = async function () {
          localStorage.setItem('test-push', 'on');
          return subscription as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return (localStorage.getItem('test-push') === 'on' ? subscription : null) as unknown as PushSubscription;
        };
      },
      { endpoint: device.endpoint, keys: device.keys },
    );
    const page = await memberOnPhone(world, MEMBER.email);
    const section = page.getByRole('region', { name: 'Notifications on this device' });
    await section.getByRole('button', { name: 'Switch notifications on' }).click();
    await section.getByText('Notifications are on for this device.').waitFor();
    const subscriptions = world.app.built.ports.get('pushSubscriptions');
    const [stored] = await subscriptions.listByMember(MEMBER.id);
    expect(stored).toMatchObject({ endpoint: device.endpoint, kinds: ['announcement', 'waiting-list-offer', 'duty-swap', 'event-change'] });
    await section.getByRole('checkbox', { name: 'The go/no-go of my event on the day' }).click();
    await expect.poll(async () => (await subscriptions.listByMember(MEMBER.id))[0].kinds).toContain('go-no-go');
    await expectAccessible(page, 'push-on-375');

    // The server queues and delivers a notification; the push service receives it encrypted for the device.
    const ports = world.app.built.ports;
    const notification = eventChangePush({ id: 'summer-regatta', title: 'Summer Regatta' }, { cancelled: false, whenText: 'Sunday 19 July' });
    await queuePush({ pushSubscriptions: subscriptions, pushOutbox: ports.get('pushOutbox'), clock: ports.get('clock') }, MEMBER.id, 'e2e-moved', notification);
    const [received] = await service.waitFor(1);
    expect(JSON.parse(received.payload)).toMatchObject({ title: 'Moved: Summer Regatta', url: '/event-booking?id=summer-regatta' });

    // DevTools hands that payload to the service worker as the push service would.
    const cdp = await world.browser.context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
    );
    await cdp.send('ServiceWorker.enable');
    const [registration] = (await registrations).filter((r) => r.scopeURL.startsWith(world.app.baseUrl));
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: world.app.baseUrl, registrationId: registration.registrationId, data: received.payload });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
      );
    await expect
      .poll(shown)
      .toEqual([
        {
          title: 'Moved: Summer Regatta',
          body: 'The event is now on Sunday 19 July.',
          tag: `e2e-moved.${stored.id}`,
          data: { url: '/event-booking?id=summer-regatta' },
        },
      ]);
    // The same delivery again (a sender that crashed and sent it twice) replaces it: still one notification.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: world.app.baseUrl, registrationId: registration.registrationId, data: received.payload });
    await expect.poll(async () => (await shown()).length).toBe(1);

    // Opening it: the page it names is the event's; that page opens (a tap on the system's
    // notification cannot be driven in headless Chromium, so the worker's target is followed here).
    const [{ data }] = await shown();
    await page.goto((data as { url: string }).url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).search).toBe('?id=summer-regatta');

    await page.goto('/my');
    await section.getByRole('button', { name: 'Switch notifications off' }).click();
    await section.getByRole('button', { name: 'Switch notifications on' }).waitFor();
    expect(await subscriptions.listByMember(MEMBER.id)).toEqual([]);
    await cdp.detach();
    await page.close();
  });
});
