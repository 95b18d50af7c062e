import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushSection } from '../../../../web/src/features/my-club/components/push-section';
import { json, renderAt, serveForm, type FakeServer } from '../../../support/component/render';

const ENDPOINT = 'https://push.example.net/device-1';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
const DEVICE = { endpoint: ENDPOINT, deviceLabel: 'Chrome on Android', kinds: ['announcement', 'event-change'], createdAt: '2026-06-01T09:00:00.000Z' };

/** The browser's push side: permission, and a push manager holding `subscribed` (or subscribing on request). */
function browser({ permission = 'default', grant = 'granted', subscribed = false, supported = true } = {}) {
  let current = subscribed;
  const subscription = { endpoint: ENDPOINT, toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }), unsubscribe: vi.fn(async () => ((current = false), true)) };
  const pushManager = { getSubscription: vi.fn(async () => (current ? subscription : null)), subscribe: vi.fn(async () => ((current = true), subscription)) };
  if (supported) {
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => grant) });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  } else {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  }
  return { pushManager, subscription };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

function renderSection(write: FakeServer, devices: () => object[] = () => []) {
  const { calls, bodies } = serveForm(write, (request) =>
    request.path === '/api/my/push'
      ? json(200, { publicKey: 'B'.repeat(87), defaultKinds: ['announcement'], devices: devices() })
      : json(404, { error: 'Not found' }),
  );
  renderAt('/my', <PushSection />);
  return { calls, bodies, section: () => within(screen.getByRole('region', { name: 'Notifications on this device' })) };
}

describe('Notifications on this device', () => {
  it('says when this browser cannot show notifications', async () => {
    browser({ supported: false });
    renderSection(() => json(500, {}));
    expect(await screen.findByText(/This browser cannot show notifications from the club/)).toBeTruthy();
  });

  it('says how to unblock them when the browser blocked the site', async () => {
    browser({ permission: 'denied' });
    renderSection(() => json(500, {}));
    expect(await screen.findByText(/blocked in this browser’s settings/)).toBeTruthy();
  });

  it('switches on: asks permission, subscribes and sends the subscription; then shows the kinds', async () => {
    const { pushManager } = browser();
    let devices: object[] = [];
    const { bodies } = renderSection(
      (request) => {
        devices = [DEVICE];
        return request.path === '/api/my/push/subscriptions' ? json(201, { device: DEVICE }) : json(404, { error: 'Not found' });
      },
      () => devices,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Switch notifications on' }));
    expect(await screen.findByText('Notifications are on for this device.')).toBeTruthy();
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(bodies[0]).toMatchObject({ endpoint: ENDPOINT, keys: KEYS });
    expect((screen.getByRole('checkbox', { name: 'My event postponed or cancelled' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Membership renewal reminders' }) as HTMLInputElement).checked).toBe(false);
  });

  it('tells the member when the browser refused permission, sending nothing', async () => {
    browser({ grant: 'denied' });
    const { bodies } = renderSection(() => json(500, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Switch notifications on' }));
    expect(await screen.findByText(/This browser did not allow notifications/)).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('saves a kind ticked on this device, and says when saving failed', async () => {
    browser({ subscribed: true });
    let fail = false;
    const { bodies } = renderSection(
      () => (fail ? json(500, { error: 'Boom' }) : json(200, { device: DEVICE })),
      () => [DEVICE],
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Membership renewal reminders' }));
    expect(bodies.at(-1)).toEqual({ endpoint: ENDPOINT, kinds: ['announcement', 'event-change', 'renewal-reminder'] });
    fail = true;
    await userEvent.click(screen.getByRole('checkbox', { name: 'News of events I booked' }));
    expect(await screen.findByText('Saving your choice failed. Please try again.')).toBeTruthy();
  });
});
