import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { addEvent, startTestApp, type TestApp } from '../../support/api/test-app';
import { useTestApp } from '../../support/api/use-test-app';
import { aBookingForm } from '../../support/api/booking-form';

// A built web app as Vite writes it: index.html with the server's three marks, and the manifest
// naming each source module's chunk, what it imports and its style sheets.
const INDEX =
  '<!doctype html><html><head><title>Members Area</title><script type="module" src="/assets/index-1.js"></script></head><body><!--app-head--><div id="root"><!--app-html--></div><!--app-state--></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-2.js'] },
  '_shared-2.js': { file: 'assets/shared-2.js' },
  'src/features/events/components/calendar-page.tsx': {
    file: 'assets/calendar-page-3.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-2.js', '_dialog-4.js'],
    css: ['assets/calendar-5.css'],
  },
  '_dialog-4.js': { file: 'assets/dialog-4.js', imports: ['_shared-2.js'] },
  'src/features/bookings/components/event-booking-page.tsx': {
    file: 'assets/event-booking-page-6.js',
    isDynamicEntry: true,
    imports: ['index.html', '_dialog-4.js'],
  },
};

function writeBuild(dir: string, index = INDEX): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), index);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
}

const webRoot = mkdtempSync(join(tmpdir(), 'kyc-web-pages-'));
writeBuild(webRoot);

let app: TestApp;
useTestApp({ build: { webRoot } }, (started) => {
  app = started;
});
afterAll(() => {
  rmSync(webRoot, { recursive: true, force: true });
});

interface Dehydrated {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

/** The state the server put in the page for the app to hydrate it with, or null when none. */
function pageStateOf(html: string): { router: { loaderData: Record<string, unknown> }; queries: Dehydrated; origin: string } | null {
  const match = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]) : null;
}

/** The data of the query with `key` in the page's state. */
function queryData(html: string, key: unknown[]): unknown {
  return pageStateOf(html)?.queries.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state.data;
}

/** The `<link>` tags before the page's drawing, in order. */
function linksBeforePage(html: string): string[] {
  return html.slice(0, html.indexOf('<div id="root">')).match(/<link [^>]*>/g) ?? [];
}

/** The page's `<main>`, as drawn by the server. */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  return start === -1 ? '' : html.slice(start, html.indexOf('</main>') + 7);
}

const HOSTILE = '</script><script>alert(1)</script><!--app-state--> & "quotes"';
const HOSTILE_AS_HTML = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--app-state--&gt; &amp; &quot;quotes&quot;';

describe("a members' page comes drawn, with its data in it", () => {
  it('the booking page: the event drawn, and the answer GET /api/events/{id} gives in its state', async () => {
    const event = await addEvent(app, {
      id: 'summer-bbq',
      name: 'Summer BBQ',
      description: 'Burgers on the lawn.',
      longdescription: 'Burgers after racing.\n\nBring a chair.',
    });
    const res = await app.agent().get(`/event-booking?id=${event.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const main = mainOf(res.text);
    expect(main).toContain('<h1 id="event-name">Summer BBQ</h1>');
    expect(main).toContain('<p>Burgers after racing.</p><p>Bring a chair.</p>');
    // The booking form is drawn too, with its button as it works once the app runs.
    expect(main).toMatch(/<button[^>]*type="submit"[^>]*>/);
    const api = await app.agent().get(`/api/events/${event.id}`);
    expect(queryData(res.text, ['booking-event', event.id])).toEqual(api.body);
    // The club's settings come with every page, as GET /api/config gives them.
    expect(queryData(res.text, ['club-config'])).toEqual((await app.agent().get('/api/config')).body);
    // Its modules bring no style sheet of their own: nothing is named beyond index.html's, and no
    // script (the entry asks for the page's code once it runs: the page is drawn already).
    expect(linksBeforePage(res.text)).toEqual([]);
    expect(res.text).not.toMatch(/<!--app-(head|html|state)-->/);
  });

  it("the calendar: its events drawn, its answer in its state, its module's style sheet named", async () => {
    await addEvent(app, { id: 'laser-open', name: 'Laser Open', eventdatetime: '2026-07-11T09:00:00.000Z' });
    const res = await app.agent().get('/calendar');
    expect(mainOf(res.text)).toContain('<h2 class="event-title">Laser Open</h2>');
    const api = await app.agent().get('/api/events');
    expect(queryData(res.text, ['calendar'])).toEqual(api.body);
    expect(linksBeforePage(res.text)).toEqual(['<link rel="stylesheet" crossorigin href="/assets/calendar-5.css">']);
  });

  it('the news page: the stored campaigns drawn, the answer GET /api/campaigns gives in its state', async () => {
    await app.get('campaigns').put({ id: 'cmp-drawn', subject: 'Moorings reopen on Saturday', finished_at: '2025-05-01T09:00:00.000Z', preview_url: null });
    const res = await app.agent().get('/news');
    expect(mainOf(res.text)).toContain('Moorings reopen on Saturday');
    expect(mainOf(res.text)).not.toContain('Loading communications');
    const api = await app.agent().get('/api/campaigns');
    expect(queryData(res.text, ['campaigns'])).toEqual(api.body.campaigns);
  });

  it("keeps an event's text as text: nothing in it closes the page's elements or runs", async () => {
    // An app of its own: the calendar's answer is kept a while, and the other tests add events.
    const own = await startTestApp({ build: { webRoot } });
    try {
      await addEvent(own, { id: 'hostile', name: HOSTILE, description: HOSTILE, longdescription: '' });
      for (const path of ['/event-booking?id=hostile', '/calendar']) {
        const res = await own.agent().get(path);
        // The entry's script and the page's state, nothing else.
        expect(res.text.match(/<script/g), path).toHaveLength(2);
        expect(res.text, path).toContain(HOSTILE_AS_HTML);
        expect(JSON.stringify(pageStateOf(res.text))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
      }
    } finally {
      await own.dispose();
    }
  });

  it('an event id is only ever part of the address, whatever its characters', async () => {
    const res = await app.agent().get(`/event-booking?id=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(res.status).toBe(200);
    expect(res.text.match(/<script/g)).toHaveLength(2);
  });

  it('an event the club does not hold: drawn loading, nothing of it in the state, for the app to ask and say Event Not Found', async () => {
    const res = await app.agent().get('/event-booking?id=no-such-event');
    expect(res.status).toBe(200);
    expect(mainOf(res.text)).toContain('Loading event...');
    expect(queryData(res.text, ['booking-event', 'no-such-event'])).toBeUndefined();
  });

  it("a member's own booking, by the token of its manage link", async () => {
    const event = await addEvent(app, { name: 'Club Supper' });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...aBookingForm({ email: '' }) });
    expect(booked.status).toBe(201);
    const token = new URL(booked.body.managePath, 'http://x').searchParams.get('token')!;
    const res = await app.agent().get(`/my-booking?token=${encodeURIComponent(token)}`);
    expect(mainOf(res.text)).toContain('Club Supper');
    expect(mainOf(res.text)).toContain('Ada Lovelace');
    expect(queryData(res.text, ['my-booking', token])).toEqual((await app.agent().get('/api/my-booking').query({ token })).body);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('an address with no page: Page Not Found drawn, with status 404', async () => {
    const res = await app.agent().get('/no-such-page?id=open-regatta');
    expect(res.status).toBe(404);
    expect(mainOf(res.text)).toContain('<h1>Page Not Found</h1>');
  });

  it('the admin panel is drawn by the browser: no drawing, no state, for any Host', async () => {
    const res = await app.agent().get('/admin/events');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(pageStateOf(res.text)).toBeNull();
    const odd = await app.agent().get('/calendar').set('Host', 'not a host name');
    expect(odd.status).toBe(200);
    expect(pageStateOf(odd.text)?.origin).toBe('http://localhost');
  });
});

describe('a page is drawn once for what it is drawn from', () => {
  it('serves the same drawing while the address and the answers stay the same, and draws again when either changes', async () => {
    const event = await addEvent(app, { name: 'Laser Open', capacity: 10 });
    const page = `/event-booking?id=${event.id}`;
    const firstAnswer = await app.agent().get(page);
    const first = firstAnswer.text;
    expect(mainOf(first)).toContain('10 places left');
    // A browser that has this drawing is told so (304), not sent it again.
    const again = await app.agent().get(page).set('If-None-Match', firstAnswer.headers.etag);
    expect(again.status).toBe(304);
    await sleep(5);
    // The same drawing: made at the same moment, as its state says.
    expect((await app.agent().get(page)).text).toBe(first);
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...aBookingForm({ email: '' }) });
    expect(booked.status).toBe(201);
    const changed = (await app.agent().get(page)).text;
    expect(mainOf(changed)).toContain('8 places left');
    await sleep(5);
    const elsewhere = (await app.agent().get(`${page}&from=mail`)).text;
    expect(elsewhere).not.toBe(changed);
    expect(mainOf(elsewhere)).toBe(mainOf(changed));
  });

  it('sends a drawn page gzipped to a browser that accepts it, with a tag of its own, and plain to one that does not', async () => {
    const event = await addEvent(app, { name: 'Topper Open', capacity: 12 });
    const page = `/event-booking?id=${event.id}`;
    const plain = await app.agent().get(page).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(mainOf(plain.text)).toContain('12 places left');
    // Raw bytes as the wire carries them (supertest would unzip them).
    const zipped = await rawGet(`${app.baseUrl}${page}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(plain.text);
    expect(zipped.bytes.length).toBeLessThan(Buffer.byteLength(plain.text) / 2);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.agent().get(page).set('Accept-Encoding', 'gzip').set('If-None-Match', String(zipped.headers.etag));
    expect(again.status).toBe(304);
  });

  it('reads a new build without a restart, and draws pages without a manifest (no style sheets named)', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'kyc-web-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), INDEX);
      const other = await startTestApp({ build: { webRoot: bare } });
      try {
        const page = (await other.agent().get('/calendar')).text;
        expect(page).not.toContain('<link');
        expect(mainOf(page)).toContain('<h1>Upcoming Events</h1>');
        writeBuild(bare, INDEX.replace('Members Area', 'Members Area 2'));
        // The build is looked at again at most once a second.
        await sleep(1100);
        const rebuilt = (await other.agent().get('/calendar')).text;
        expect(rebuilt).toContain('Members Area 2');
        expect(rebuilt).toContain('<link rel="stylesheet" crossorigin href="/assets/calendar-5.css">');
      } finally {
        await other.dispose();
      }
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

/** One GET with its bytes as sent, not decoded. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
