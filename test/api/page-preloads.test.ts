import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHtml } from '../../server/http/page-preloads';
import { addEvent, startTestApp, type TestApp } from './support/test-app';

// A built web app as the build writes it: index.html, and page-preloads.json naming each page's
// own code (scripts/page-preloads.ts).
const webRoot = mkdtempSync(join(tmpdir(), 'kyc-web-preloads-'));
mkdirSync(join(webRoot, 'assets'));
const INDEX =
  '<!doctype html><html><head><title>Members Area</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"><div class="site"><header></header><!--first-paint--></div></div></body></html>';
writeFileSync(join(webRoot, 'index.html'), INDEX);
writeFileSync(
  join(webRoot, 'page-preloads.json'),
  JSON.stringify({
    pages: {
      '/calendar': { scripts: ['/assets/calendar-page-1.js', '/assets/schemas-2.js'], styles: ['/assets/button-3.css'] },
      '/event-booking': { scripts: ['/assets/event-booking-page-4.js', '/assets/schemas-2.js'], styles: [] },
    },
  }),
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ build: { webRoot } });
});
afterAll(async () => {
  await app.dispose();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The tags of the answer's head, one per line, as the browser reads them. */
async function headOf(path: string): Promise<{ status: number; links: string[]; text: string }> {
  const res = await app.agent().get(path);
  const text = res.text;
  const head = text.slice(0, text.indexOf('</head>'));
  return { status: res.status, links: head.match(/<link [^>]*>/g) ?? [], text };
}

describe("a members' page names its own code and first API read in its head", () => {
  it("the booking page of an event the server does not hold: its API answer as a fetch preload, then its modules", async () => {
    const { status, links } = await headOf('/event-booking?id=open-regatta&booked=abc');
    expect(status).toBe(200);
    expect(links).toEqual([
      '<link rel="preload" href="/api/events/open-regatta" as="fetch" crossorigin="anonymous">',
      '<link rel="modulepreload" crossorigin href="/assets/event-booking-page-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/schemas-2.js">',
    ]);
  });

  it('an empty calendar (as the router reads its address): its answer in the page, nothing drawn, its style sheet and modules named', async () => {
    // An app of its own: the calendar's answer is shared for a while, and the other tests add events.
    const empty = await startTestApp({ build: { webRoot } });
    try {
      const text = (await empty.agent().get('/Calendar/')).text;
      const head = text.slice(0, text.indexOf('</head>'));
      expect(head.match(/<link [^>]*>/g)).toEqual([
        '<link rel="stylesheet" crossorigin href="/assets/button-3.css">',
        '<link rel="modulepreload" crossorigin href="/assets/calendar-page-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/schemas-2.js">',
      ]);
      // The app says "No Upcoming Events" from the answer in the page, as from the API's.
      expect(firstReadsOf(text)).toEqual({ '/api/events': { events: [], workDays: [] } });
      expect(text).not.toContain('<main');
    } finally {
      await empty.dispose();
    }
  });

  it('an event id is only ever part of the address, whatever its characters', async () => {
    const { links, text } = await headOf(`/event-booking?id=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(links[0]).toBe('<link rel="preload" href="/api/events/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E" as="fetch" crossorigin="anonymous">');
    expect(text.match(/<script/g)).toHaveLength(1);
  });

  it('names no read for a booking page without an event, and nothing for an unknown address (404)', async () => {
    expect((await headOf('/event-booking')).links).toEqual(['<link rel="modulepreload" crossorigin href="/assets/event-booking-page-4.js">', '<link rel="modulepreload" crossorigin href="/assets/schemas-2.js">']);
    const unknown = await app.agent().get('/no-such-page?id=open-regatta');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(INDEX);
  });

  it('reads a new build without a restart, and still names the first read when the build has no list', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'kyc-web-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), INDEX);
      const other = await startTestApp({ build: { webRoot: bare } });
      try {
        const page = '/event-booking?id=no-such-event';
        expect((await other.agent().get(page)).text).toContain('<link rel="preload" href="/api/events/no-such-event" as="fetch" crossorigin="anonymous">\n');
        expect((await other.agent().get(page)).text).not.toContain('modulepreload');
        writeFileSync(join(bare, 'page-preloads.json'), JSON.stringify({ pages: { '/event-booking': { scripts: ['/assets/b-9.js'], styles: [] } } }));
        writeFileSync(join(bare, 'index.html'), INDEX.replace('Members Area', 'Members Area 2'));
        const rebuilt = (await other.agent().get(page)).text;
        expect(rebuilt).toContain('Members Area 2');
        expect(rebuilt).toContain('<link rel="modulepreload" crossorigin href="/assets/b-9.js">');
        // A list naming anything but the build's own files is not used.
        writeFileSync(join(bare, 'page-preloads.json'), JSON.stringify({ pages: { '/event-booking': { scripts: ['https://elsewhere.example/x.js'], styles: [] } } }));
        writeFileSync(join(bare, 'index.html'), INDEX.replace('Members Area', 'Members Area 3'));
        expect((await other.agent().get(page)).text).not.toContain('elsewhere');
      } finally {
        await other.dispose();
      }
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

/** An event's text that would close the page's elements, or stand for the drawing's marker, were it not kept as text. */
const HOSTILE = '</script><script>alert(1)</script><!--first-paint--> & "quotes"';
const HOSTILE_AS_HTML = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--first-paint--&gt; &amp; &quot;quotes&quot;';

/** HTML text (no elements) as the browser reads it: React escapes only these. */
function textOfHtml(html: string): string {
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&amp;': '&' };
  return html.replace(/&(lt|gt|quot|#x27|amp);/g, (entity) => entities[entity]);
}

/** The answers the server put inside the page, by address, as the app reads them. */
function firstReadsOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

describe("the booking page carries its event and draws it before the app's script runs", () => {
  it('holds the answer GET /api/events/{id} gives (no request for it), and the event drawn in its first screen', async () => {
    const event = await addEvent(app, {
      id: 'summer-bbq',
      name: 'Summer BBQ',
      description: 'Burgers on the lawn.',
      longdescription: 'Burgers on the lawn after racing.\n\nBring a chair.',
    });
    const res = await app.agent().get(`/event-booking?id=${event.id}`);
    expect(res.status).toBe(200);
    const api = await app.agent().get(`/api/events/${event.id}`);
    expect(firstReadsOf(res.text)).toEqual({ [`/api/events/${event.id}`]: api.body });
    // Neither the event (it is in the page) nor the page's own code (the app's entry asks for it
    // once the first screen is up, ADR 23) is named in the head.
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).not.toContain('rel="preload"');
    expect(head).not.toContain('modulepreload');
    const main = res.text.slice(res.text.indexOf('<main'), res.text.indexOf('</main>') + 7);
    expect(main).toMatch(/^<main id="main" class="container site-main" tabindex="-1"><div class="page booking-page"><section class="card event-summary"/);
    expect(main).toContain('<h1 id="event-name">Summer BBQ</h1>');
    expect(main).toContain('<p>Burgers on the lawn after racing.</p><p>Bring a chair.</p>');
    expect(res.text).not.toContain('<!--first-paint-->');
  });

  it("keeps an event's text as text: nothing in it can close the page's elements or run", async () => {
    await addEvent(app, { id: 'hostile', name: HOSTILE, description: HOSTILE, longdescription: '' });
    const res = await app.agent().get('/event-booking?id=hostile');
    expect(res.text.match(/<script/g)).toHaveLength(2);
    expect(res.text).toContain(`<h1 id="event-name">${HOSTILE_AS_HTML}</h1>`);
    const answer = firstReadsOf(res.text)?.['/api/events/hostile'] as { event: { name: string } };
    expect(answer.event.name).toBe(HOSTILE);
  });

  it("draws no first screen for a booking's receipt, and leaves an unknown event to the app (a preload; it shows Event Not Found)", async () => {
    await addEvent(app, { id: 'receipt-event', name: 'Receipt Event' });
    const receipt = await app.agent().get('/event-booking?id=receipt-event&booked=abc');
    expect(receipt.text).not.toContain('<main');
    expect(firstReadsOf(receipt.text)).toHaveProperty(['/api/events/receipt-event']);
    const unknown = await app.agent().get('/event-booking?id=no-such-event');
    expect(unknown.status).toBe(200);
    expect(firstReadsOf(unknown.text)).toBeNull();
    expect(unknown.text).not.toContain('<main');
    expect(unknown.text).toContain('<link rel="preload" href="/api/events/no-such-event" as="fetch" crossorigin="anonymous">');
  });
});

describe("Home carries the club's settings and draws its welcome before the app's script runs", () => {
  it('holds the answer GET /api/config gives, asks for it nowhere else, and draws the welcome with it', async () => {
    const res = await app.agent().get('/');
    expect(res.status).toBe(200);
    const config = (await app.agent().get('/api/config')).body as { clubName: string; feedbackEmail: string };
    expect(firstReadsOf(res.text)).toEqual({ '/api/config': config });
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).not.toContain('<link');
    const main = res.text.slice(res.text.indexOf('<main'), res.text.indexOf('</main>') + 7);
    expect(main).toMatch(/^<main id="main" class="container site-main" tabindex="-1"><div class="page home-page"><section class="hero"><h1>Welcome to the Members Area<\/h1>/);
    expect(main).toContain(`<p class="lead">Events, news, documents and bookings for members of ${config.clubName}.</p>`);
    expect(main).toContain(`<a href="mailto:${config.feedbackEmail}">`);
    expect(main).toContain('<a class="btn btn-primary" href="/calendar" data-discover="true">View Events Calendar</a>');
    expect(res.text).not.toContain('<!--first-paint-->');
  });

  it("takes index.html's own preload of the settings out of Home, and leaves it on the other pages", async () => {
    const built = mkdtempSync(join(tmpdir(), 'kyc-web-config-'));
    try {
      const preload = '<link rel="preload" href="/api/config" as="fetch" crossorigin="anonymous" />';
      writeFileSync(join(built, 'index.html'), INDEX.replace('<title>Members Area</title>', `<title>Members Area</title>\n    ${preload}`));
      const other = await startTestApp({ build: { webRoot: built } });
      try {
        const home = (await other.agent().get('/')).text;
        expect(home).not.toContain('rel="preload"');
        expect(firstReadsOf(home)).toHaveProperty(['/api/config']);
        const news = (await other.agent().get('/news')).text;
        expect(news.match(/rel="preload"/g)).toHaveLength(1);
        expect(news).toContain(preload);
      } finally {
        await other.dispose();
      }
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });
});

describe("the calendar carries its events and draws its list before the app's script runs", () => {
  it('holds the answer GET /api/events gives (no request for it, nor for its code), and the events drawn in its first screen', async () => {
    await addEvent(app, { id: 'laser-open', name: 'Laser Open', description: 'Two races for Lasers.', longdescription: 'Two races for Lasers.\n\nBring your own boat.' });
    const res = await app.agent().get('/calendar');
    expect(res.status).toBe(200);
    const api = await app.agent().get('/api/events');
    expect(firstReadsOf(res.text)).toEqual({ '/api/events': api.body });
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).not.toContain('rel="preload"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/button-3.css">');
    const main = res.text.slice(res.text.indexOf('<main'), res.text.indexOf('</main>') + 7);
    expect(main).toMatch(/^<main id="main" class="container site-main" tabindex="-1"><div class="page"><h1>Upcoming Events<\/h1><ul class="event-list">/);
    // Every event the API lists, in its order.
    const names = [...main.matchAll(/<h2 class="event-title"[^>]*>([^<]*)<\/h2>/g)].map((match) => textOfHtml(match[1]));
    expect(names).toEqual((api.body as { events: { name: string }[] }).events.map((event) => event.name));
    expect(main).toContain('<h2 class="event-title">Laser Open</h2>');
    // Its links are plain links to the booking page; its buttons are disabled until the app's replace them.
    expect(main).toContain('href="/event-booking?id=laser-open"');
    expect(main).toMatch(/<button[^>]*disabled=""[^>]*>Show more<\/button>/);
    expect(main).toMatch(/<button[^>]*disabled=""[^>]*>Add to My Calendar<\/button>/);
    expect(main).not.toMatch(/<button(?![^>]*disabled)[^>]*>/);
    expect(res.text).not.toContain('<!--first-paint-->');
  });

  it("keeps an event's text as text on the calendar too", async () => {
    await addEvent(app, { id: 'hostile-calendar', name: HOSTILE, description: HOSTILE, longdescription: '' });
    const res = await app.agent().get('/calendar');
    expect(res.text.match(/<script/g)).toHaveLength(2);
    expect(res.text).toContain(`<h2 class="event-title">${HOSTILE_AS_HTML}</h2>`);
    const answer = firstReadsOf(res.text)?.['/api/events'] as { events: { name: string }[] };
    expect(answer.events.map((event) => event.name)).toContain(HOSTILE);
  });
});

describe('a first screen is drawn once for what it is drawn from', () => {
  it('serves the same drawing while the answers and the address stay the same, and draws again when either changes', async () => {
    let events = [{ name: 'Laser Open' }];
    const drawn: string[] = [];
    const page = pageHtml(webRoot, {
      answer: async (path) => (path === '/api/events' ? { events } : path === '/api/events/a' ? { event: { name: 'A' } } : undefined),
      draw: async (pathname, query, answers) => {
        drawn.push(`${pathname}?${query.toString()}`);
        return query.has('booked') ? null : `<main>${JSON.stringify([...answers.values()])}</main>`;
      },
    });
    const calendar = await page('/calendar', new URLSearchParams());
    expect(calendar).toContain('<main>[{"events":[{"name":"Laser Open"}]}]</main>');
    expect(await page('/Calendar/', new URLSearchParams())).toBe(calendar);
    expect(drawn).toEqual(['/calendar?']);

    events = [{ name: 'Laser Open' }, { name: 'Topper Open' }];
    expect(await page('/calendar', new URLSearchParams())).toContain('{"name":"Topper Open"}]}]</main>');
    expect(drawn).toHaveLength(2);

    // The same answer at another address of the page (a receipt) is drawn for that address.
    expect(await page('/event-booking', new URLSearchParams({ id: 'a' }))).toContain('<main>[{"event":{"name":"A"}}]</main>');
    expect(await page('/event-booking', new URLSearchParams({ id: 'a', booked: 't' }))).not.toContain('<main>');
    expect(await page('/event-booking', new URLSearchParams({ id: 'a', booked: 't' }))).not.toContain('<main>');
    expect(drawn).toEqual(['/calendar?', '/calendar?', '/event-booking?id=a', '/event-booking?id=a&booked=t']);
  });
});
