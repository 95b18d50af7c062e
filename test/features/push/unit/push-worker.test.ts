import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The members' service worker's push handlers (web/public/push-sw.js, docs/notifications.md#push),
// run as the browser runs them: the file evaluated in a worker-like scope. Chromium cannot click a
// system notification, so what a click opens is checked here; the Chromium test (push/e2e) shows a
// delivered push becomes a notification.

const ORIGIN = 'https://members.example';
const SOURCE = readFileSync(join(__dirname, '../../../../web/public/push-sw.js'), 'utf8');

interface FakeClient {
  url: string;
  focused: boolean;
  navigatedTo: string | null;
  focus(): Promise<FakeClient>;
  navigate(url: string): Promise<FakeClient>;
}

function aTab(url: string): FakeClient {
  const tab: FakeClient = {
    url,
    focused: false,
    navigatedTo: null,
    focus: async () => {
      tab.focused = true;
      return tab;
    },
    navigate: async (to: string) => {
      tab.navigatedTo = to;
      return tab;
    },
  };
  return tab;
}

function worker(tabs: FakeClient[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { body: string; tag?: string; data: { url: string } } }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    registration: { showNotification: async (title: string, options: (typeof shown)[number]['options']) => void shown.push({ title, options }) },
    clients: { matchAll: async () => tabs, openWindow: async (url: string) => void opened.push(url) },
  };
  runInNewContext(SOURCE, { self, URL });
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  const push = (payload: unknown) => dispatch('push', { data: { json: () => payload } });
  const click = (url: string) => dispatch('notificationclick', { notification: { data: { url }, close: () => undefined } });
  return { shown, opened, push, click };
}

describe('the service worker and a push', () => {
  it('shows the notification with its text, tagged by its delivery id, keeping the page to open', async () => {
    const sw = worker();
    await sw.push({
      id: 'go-regatta-1.phone',
      kind: 'go-no-go',
      title: 'On today: Summer Regatta',
      body: 'Launching from the south slip',
      url: '/event-booking?id=regatta',
    });
    expect(sw.shown).toEqual([
      {
        title: 'On today: Summer Regatta',
        options: expect.objectContaining({ body: 'Launching from the south slip', tag: 'go-regatta-1.phone', data: { url: '/event-booking?id=regatta' } }),
      },
    ]);
  });

  it('never keeps a page of another site: such a url opens My club', async () => {
    const sw = worker();
    await sw.push({ id: 'x', title: 'Hello', body: '', url: '//evil.example/phish' });
    await sw.push({ id: 'y', title: 'Hello', body: '', url: 'https://evil.example/' });
    expect(sw.shown.map((s) => s.options.data.url)).toEqual(['/my', '/my']);
  });

  it('shows nothing for a push it cannot read', async () => {
    const sw = worker();
    await sw.push(null);
    await sw.push({ body: 'no title' });
    expect(sw.shown).toEqual([]);
  });
});

describe('the service worker and a click on a notification', () => {
  it('opens the page in a new tab when none of the site is open', async () => {
    const sw = worker();
    await sw.click('/event-booking?id=regatta');
    expect(sw.opened).toEqual([`${ORIGIN}/event-booking?id=regatta`]);
  });

  it('takes an open tab of the site to the page, and only focuses a tab already on it', async () => {
    const other = aTab(`${ORIGIN}/calendar`);
    const sw = worker([aTab('https://elsewhere.example/'), other]);
    await sw.click('/event-booking?id=regatta');
    expect(other).toMatchObject({ focused: true, navigatedTo: `${ORIGIN}/event-booking?id=regatta` });
    expect(sw.opened).toEqual([]);

    const there = aTab(`${ORIGIN}/event-booking?id=regatta`);
    const again = worker([other, there]);
    await again.click('/event-booking?id=regatta');
    expect(there).toMatchObject({ focused: true, navigatedTo: null });
    expect(again.opened).toEqual([]);
  });
});
