import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, disabledOf, eventually, textOf, visibleOf } from '../../../support/e2e/eventually';

const world = useApp();

/** Every public screen and state, with a text that shows it has finished loading. */
const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: 'Latest reading' },
  { name: 'news', path: '/news', ready: 'Open Regatta entries are now open' },
  { name: 'news-email', path: '/news/cmp-regatta-entries', ready: 'Portsmouth Yardstick' },
  { name: 'news-email-not-found', path: '/news/no-such-email', ready: 'Page Not Found' },
  { name: 'calendar', path: '/calendar', ready: 'Kestrel Open Regatta' },
  { name: 'documents', path: '/documents', ready: 'Members Handbook' },
  { name: 'information', path: '/information', ready: 'Latest reading' },
  { name: 'beginners', path: '/beginners', ready: 'Latest reading' },
  { name: 'event-booking', path: '/event-booking?id=wednesday-evening-series', ready: 'Lead Member First Name *' },
  { name: 'event-booking-paid', path: '/event-booking?id=midsummer-barbecue', ready: 'per adult' },
  { name: 'event-booking-closed', path: '/event-booking?id=laying-up-supper', ready: 'Booking Closed' },
  { name: 'event-booking-no-id', path: '/event-booking', ready: 'No event ID provided' },
  { name: 'event-booking-not-found', path: '/event-booking?id=no-such-event', ready: 'Event Not Found' },
  { name: 'work-day', path: '/work-day-booking?id=spring-work-day', ready: 'Pontoon repairs' },
  { name: 'work-day-none', path: '/work-day-booking', ready: 'No work day specified' },
  { name: 'work-day-not-found', path: '/work-day-booking?id=no-such-day', ready: 'Work Day Not Found' },
  { name: 'not-found', path: '/no-such-page', ready: 'Page Not Found' },
];

async function open(path: string, ready: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await world.browser.newPage(viewport);
  await page.goto(path);
  await page.getByText(ready).first().waitFor();
  return page;
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${label}\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * The tab the screens are checked in, each loaded afresh at each size. One tab for them all rather
 * than a new one per load: its renderer stays warm, and axe-core (650 kB) compiles faster in it,
 * which halved these loads' time (ADR 82).
 */
let screensTab: Page | undefined;

async function loadInScreensTab(path: string, ready: string, viewport: { width: number; height: number }): Promise<Page> {
  // As in a new tab: nothing kept for this tab from the screen before.
  if (screensTab) await screensTab.evaluate(() => sessionStorage.clear());
  else screensTab = await world.browser.newPage(viewport);
  await screensTab.setViewportSize(viewport);
  await screensTab.goto(path);
  await screensTab.getByText(ready).first().waitFor();
  return screensTab;
}

describe('every public screen', () => {
  afterAll(async () => {
    await screensTab?.close();
    screensTab = undefined;
  });

  for (const screen of SCREENS) {
    it(`${screen.name}: no serious accessibility violations at 375 and 1280 px, with screenshots`, async () => {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await loadInScreensTab(screen.path, screen.ready, viewport);
        // Nothing may be wider than the screen (no sideways scrolling on a phone).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.name} at ${viewport.width}px scrolls sideways`).toBeLessThanOrEqual(0);
        await screenshot(page, `${screen.name}-${viewport.width}`);
        await expectNoSeriousViolations(page, `${screen.name} at ${viewport.width}px`);
      }
    });
  }

  it('the search dialog and the Add to My Calendar dialog have no serious violations when open', async () => {
    const page = await open('/', 'Latest reading', PHONE);
    await page.getByRole('button', { name: 'Search Members Area' }).click();
    await page.getByRole('combobox').fill('regatta');
    await page.getByText(/\d+ results found/).waitFor();
    await screenshot(page, 'search-dialog-375');
    await expectNoSeriousViolations(page, 'search dialog');
    await page.keyboard.press('Escape');

    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Add to My Calendar' }).first().click();
    await page.getByRole('dialog', { name: 'Add to My Calendar' }).waitFor();
    await screenshot(page, 'add-to-calendar-375');
    await expectNoSeriousViolations(page, 'add to calendar dialog');
    await page.close();
  });

  it('shows no script errors or Content-Security-Policy complaints on any screen', () => {
    // The not-found screens are drawn from the API’s 404 answers (and /no-such-page is itself a 404), which Chromium logs.
    const expected =
      /(id=no-such-event|id=no-such-day|no-such-page|no-such-email): console: Failed to load resource: the server responded with a status of 404/;
    expect(world.browser.errors.filter((line) => !expected.test(line))).toEqual([]);
  });
});

describe('header', () => {
  it('shows the club logo linking to the public site, Members Area and a button out to the website', async () => {
    const page = await open('/', 'Welcome to the Members Area');
    const header = page.getByRole('banner');
    await visibleOf(header.getByText('Members Area', { exact: true })).toBe(true);
    const logo = header.getByRole('link', { name: `${world.app.config.clubName} public website` });
    await attributeOf(logo, 'href').toBe(world.app.config.publicSiteUrl);
    await attributeOf(header.getByRole('link', { name: /Club Website/ }), 'href').toBe(world.app.config.publicSiteUrl);
    await page.close();
  });

  it('opens the Information dropdown on hover and by keyboard, and Escape closes it', async () => {
    const page = await open('/', 'Welcome to the Members Area');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const toggle = nav.getByRole('button', { name: 'Information' });
    const documentsLink = nav.getByRole('link', { name: 'Documents & Files' });
    await visibleOf(documentsLink).toBe(false);

    await toggle.hover();
    await documentsLink.waitFor();
    await attributeOf(toggle, 'aria-expanded').toBe('true');
    await page.mouse.move(5, 600);
    await documentsLink.waitFor({ state: 'hidden' });

    await toggle.focus();
    await page.keyboard.press('Enter');
    await documentsLink.waitFor();
    await page.keyboard.press('ArrowDown');
    await eventually(() => documentsLink.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await eventually(() => nav.getByRole('link', { name: 'Club Information' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await documentsLink.waitFor({ state: 'hidden' });
    await eventually(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { name: 'Documents & Files' }).waitFor();
    await page.close();
  });

  it('on a 375 px phone: MENU opens the grouped list (Member Documents), and choosing a link closes it', async () => {
    const page = await open('/', 'Welcome to the Members Area', PHONE);
    await visibleOf(page.getByRole('navigation', { name: 'Main navigation' })).toBe(false);
    const menuButton = page.getByRole('button', { name: 'MENU' });
    await attributeOf(menuButton, 'aria-expanded').toBe('false');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile navigation' });
    await visibleOf(mobileNav).toBe(false);

    await menuButton.click();
    await mobileNav.waitFor();
    await attributeOf(menuButton, 'aria-expanded').toBe('true');
    const labels = await mobileNav.getByRole('link').allInnerTexts();
    // The members' sign-in closes the list (docs/member-sign-in.md).
    expect(labels).toEqual(['Members Home', 'News', 'Calendar', 'Member Documents', 'Club Information', 'Beginner Sailing Tips', 'Sign in']);
    await countOf(mobileNav.getByRole('list', { name: 'Information' }).getByRole('link')).toBe(3);
    await screenshot(page, 'mobile-menu-open-375');

    await mobileNav.getByRole('link', { name: 'Member Documents' }).click();
    await page.waitForURL('**/documents');
    await mobileNav.waitFor({ state: 'hidden' });
    await attributeOf(menuButton, 'aria-expanded').toBe('false');

    // Choosing the page already shown closes the menu too.
    await menuButton.click();
    await mobileNav.getByRole('link', { name: 'Member Documents' }).click();
    await mobileNav.waitFor({ state: 'hidden' });

    // Opened on one page, left by Back: closed there, and still closed on Forward to the page it was opened on.
    await menuButton.click();
    await mobileNav.waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await mobileNav.waitFor({ state: 'hidden' });
    await page.goForward();
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { level: 1, name: 'Documents & Files' }).waitFor();
    await visibleOf(mobileNav).toBe(false);
    await attributeOf(menuButton, 'aria-expanded').toBe('false');
    await page.close();
  });
});

/**
 * The home page's photo panel, on a fake clock stopped so that only runFor moves it (installed
 * fake time still flows on its own), showing its first photo; the caption to watch.
 */
async function firstPhotoOnStoppedClock(page: Page, reducedMotion: 'reduce' | 'no-preference') {
  await page.emulateMedia({ reducedMotion });
  await page.goto('/');
  await page.locator('.photo-panel').waitFor();
  // The server draws the panel still (it cannot know the member's motion setting), and so does the
  // render that hydrates it; the browser's answer comes in a later render, which starts the
  // rotation's timer. Wait for it, so the timer is set before the clock stops.
  await page.getByRole('button', { name: reducedMotion === 'reduce' ? 'Play rotation' : 'Pause rotation' }).waitFor();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  const caption = page.locator('.photo-panel figcaption strong');
  await textOf(caption).toBe('Evening sail on the reservoir.');
  return caption;
}

/**
 * page.clock belongs to the whole browser context: resume real time afterwards, or every later
 * page would wait forever on timers.
 */
async function withFakeClock(run: (page: Page) => Promise<void>) {
  const page = await world.browser.newPage();
  try {
    await page.clock.install();
    await run(page);
  } finally {
    await page.clock.resume().catch(() => undefined);
    await page.close();
  }
}

describe('home', () => {
  it('has the welcome, feedback link, search button, links to the calendar and news, water level, photos and water safety', async () => {
    const page = await open('/', 'Latest reading');
    await page.getByRole('heading', { name: 'Welcome to the Members Area', level: 1 }).waitFor();
    await attributeOf(page.getByRole('link', { name: world.app.config.feedbackEmail }), 'href').toBe(`mailto:${world.app.config.feedbackEmail}`);
    await attributeOf(page.getByRole('link', { name: 'View Events Calendar' }), 'href').toBe('/calendar');
    await attributeOf(page.getByRole('link', { name: 'Recent News' }), 'href').toBe('/news');
    await attributeOf(page.getByRole('link', { name: /water authority/ }), 'href').toBe(world.app.config.waterLevelUrl);
    await attributeOf(page.getByRole('link', { name: /water safety campaign/ }), 'href').toBe(world.app.config.waterSafetyUrl);
    await attributeOf(page.getByRole('link', { name: world.app.config.photosEmail }), 'href').toBe(`mailto:${world.app.config.photosEmail}`);
    await page.close();
  });

  it('draws the water level as a chart with a text summary and a table of the readings', async () => {
    const readings = (await (await fetch(`${world.app.baseUrl}/api/water-levels`)).json()) as { readings: { date: string; percentFull: number }[] };
    const latest = readings.readings.at(-1)!;
    const page = await open('/', 'Latest reading');
    const chart = page.getByRole('img', { name: /Reservoir level, percent full/ });
    await expect(chart.evaluate((el) => el.tagName.toLowerCase())).resolves.toBe('svg');
    await page.getByText(`Latest reading: ${Math.round(latest.percentFull)}% full`).waitFor();
    await page.getByText('Show the readings as a table').click();
    const table = page.getByRole('table', { name: /Reservoir level by month/ });
    await table.waitFor();
    await countOf(table.getByRole('row')).toBeGreaterThanOrEqual(12);
    await page.close();
  });

  it('rotates the member photos, and the pause button stops the rotation', () =>
    withFakeClock(async (page) => {
      const caption = await firstPhotoOnStoppedClock(page, 'no-preference');
      await page.clock.runFor(6_500);
      await textOf(caption).toBe('Saturday club racing.');
      await page.getByRole('button', { name: 'Pause rotation' }).click();
      await page.clock.runFor(20_000);
      await textOf(caption).toBe('Saturday club racing.');
      await page.getByRole('button', { name: 'Play rotation' }).waitFor();
    }));

  it('does not rotate the photos for someone who asks for reduced motion', () =>
    withFakeClock(async (page) => {
      const caption = await firstPhotoOnStoppedClock(page, 'reduce');
      await page.clock.runFor(20_000);
      await textOf(caption).toBe('Evening sail on the reservoir.');
      await page.getByRole('button', { name: 'Play rotation' }).waitFor();
      await page.getByRole('button', { name: /Next/ }).click();
      await textOf(caption).toBe('Saturday club racing.');
    }));

  it('for someone who asks for reduced motion, a control takes its new colours at once, with no transition', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    // A button of the site's own style, turned disabled: its colours as the very next read gives them.
    const colours = await page.evaluate(() => {
      const button = document.body.appendChild(document.createElement('button'));
      button.className = 'btn btn-primary';
      button.textContent = 'Save';
      const before = getComputedStyle(button).backgroundColor;
      button.disabled = true;
      const style = getComputedStyle(button);
      return { before, after: style.backgroundColor, text: style.color, transition: style.transitionProperty };
    });
    expect(colours).toEqual({ before: 'rgb(11, 61, 92)', after: 'rgb(227, 232, 236)', text: 'rgb(77, 86, 96)', transition: 'none' });
    await page.close();
  });
});

describe('news', () => {
  it('lists the e-mails newest first with relative times, Read Email opening the e-mail in the app, or a disabled Preview Unavailable', async () => {
    const page = await open('/news', 'Open Regatta entries are now open');
    await page.getByRole('heading', { name: 'Recent Emails', level: 1 }).waitFor();
    const subjects = await page.locator('.news-subject').allInnerTexts();
    expect(subjects.slice(0, 3)).toEqual([
      'Open Regatta entries are now open',
      'Spring Work Day: volunteers wanted',
      'Reservoir level update and launching advice',
    ]);
    const items = page.locator('.news-item');
    await textOf(items.nth(0).locator('.news-time')).toBe('Yesterday');
    await textOf(items.nth(1).locator('.news-time')).toBe('3 days ago');
    await textOf(items.nth(2).locator('.news-time')).toBe('2 weeks ago');

    const unavailable = items.nth(2).getByRole('button', { name: 'Preview Unavailable' });
    await disabledOf(unavailable).toBe(true);
    await countOf(items.nth(2).getByRole('link')).toBe(0);

    // The demo's campaigns are stored with their text: Read Email opens it here, in this tab.
    const read = items.nth(0).getByRole('link', { name: /Read Email/ });
    await attributeOf(read, 'href').toBe('/news/cmp-regatta-entries');
    await attributeOf(read, 'target').toBe(null);
    await read.click();
    await page.waitForURL('**/news/cmp-regatta-entries');
    await page.getByRole('heading', { level: 1, name: 'Open Regatta entries are now open' }).waitFor();
    const body = page.locator('.news-body');
    await body.getByRole('heading', { level: 2, name: 'What to bring' }).waitFor();
    await textOf(body.locator('strong').first()).toBe('Kestrel Open Regatta');
    await textOf(page.locator('.news-article .news-time')).toBe('Yesterday');
    await expectNoSeriousViolations(page, 'news e-mail page');
    await page.getByRole('link', { name: '← All news' }).click();
    await page.getByRole('heading', { name: 'Recent Emails', level: 1 }).waitFor();
    await page.close();
  });

  it('shows the e-mail page at 375 px, its text already in the server’s HTML', async () => {
    const page = await open('/news/cmp-new-rescue-boat', '60 hp outboard', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Our new rescue boat has arrived' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, 'news e-mail page at 375 px');
    // The server's HTML already holds the e-mail (no script needed to read it).
    const html = await (await fetch(`${world.app.baseUrl}/news/cmp-new-rescue-boat`)).text();
    expect(html).toContain('60 hp outboard');
    await page.close();
  });

  it('says so, with Try Again, when an e-mail cannot be loaded', async () => {
    const page = await world.browser.newPage();
    let fail = true;
    await page.route('**/api/news/cmp-agm-notice', async (route) => {
      if (fail) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' });
      else await route.continue();
    });
    await page.goto('/news');
    await page.getByRole('heading', { name: 'Notice of the Annual General Meeting' }).waitFor();
    await page.getByRole('link', { name: /Read Email.*Notice of the Annual General Meeting/ }).click();
    await page.getByText('Failed to load this news item').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 2, name: 'Agenda' }).waitFor();
    await page.close();
  });

  // Opened by its address, the news list comes inside the page (ADR 29); these states come from
  // the API, which the app asks when a member goes to News from another page.
  async function openNewsFromHome(page: Page): Promise<void> {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'News', exact: true }).first().click();
    await page.waitForURL('**/news');
  }

  it('shows the error with Try Again, which loads the e-mails once the server answers', async () => {
    const page = await world.browser.newPage();
    let fail = true;
    await page.route('**/api/campaigns', async (route) => {
      if (fail) {
        await route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Failed to fetch communications: Bad Gateway' }) });
      } else {
        await route.continue();
      }
    });
    await openNewsFromHome(page);
    await page.getByText('Failed to fetch communications: Bad Gateway').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Open Regatta entries are now open' }).waitFor();
    await page.close();
  });

  it('says No Recent Communications when there are none', async () => {
    const page = await world.browser.newPage();
    await page.route('**/api/campaigns', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"campaigns":[]}' }));
    await openNewsFromHome(page);
    await page.getByRole('heading', { name: 'No Recent Communications' }).waitFor();
    await page.close();
  });
});

describe('documents', () => {
  it('shows a card per document, each opening its PDF from /api/documents/{id}/file', async () => {
    const page = await open('/documents', 'Members Handbook');
    const titles = await page.locator('.document-title').allInnerTexts();
    expect(titles).toEqual(
      expect.arrayContaining([
        'Club Constitution',
        'Members Handbook',
        'Water Authority Rules',
        'Disciplinary and Grievance Procedure',
        'Membership Fees',
        'Payment Instructions',
        'Overnight Moorings Map',
      ]),
    );
    const link = page.locator('.document-card', { hasText: 'Members Handbook' }).getByRole('link', { name: /Open PDF/ });
    await attributeOf(link, 'href').toBe('/api/documents/members-handbook/file');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    const response = await page.request.get(`${world.app.baseUrl}/api/documents/members-handbook/file`);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.close();
    await page.close();
  });
});

describe('beginners and information', () => {
  it('beginners: radio channels, tips, lingo, the hull speed formula, the water level and links to news and calendar', async () => {
    const page = await open('/beginners', 'Latest reading');
    const text = await page.locator('main').innerText();
    expect(text).toContain('Channel 16 is for emergencies only');
    expect(text).toMatch(/club on channel 8/);
    expect(text).toMatch(/water authority on channel 77/);
    expect(text).toContain('Hull speed ≈ 1.34 × √(waterline length in feet) knots');
    expect(text).toContain('Port and starboard');
    expect(text).toContain('trip slip');
    await attributeOf(page.locator('main').getByRole('link', { name: 'events calendar' }), 'href').toBe('/calendar');
    await attributeOf(page.locator('main').getByRole('link', { name: 'news page' }), 'href').toBe('/news');
    await page.getByRole('img', { name: /Reservoir level/ }).waitFor();
    await page.close();
  });

  it('information: noticeboard, trip slips, radio channels, the water level and links to news and calendar', async () => {
    const page = await open('/information', 'Latest reading');
    await page.getByRole('heading', { name: 'The noticeboard' }).waitFor();
    await page.getByRole('heading', { name: 'Trip slips' }).waitFor();
    // The radio channels' table, now written in Markdown: its rows as before.
    const channels = page.getByRole('main').getByRole('table');
    await countOf(channels.getByRole('row', { name: /16 Emergencies only/ })).toBe(1);
    await countOf(channels.getByRole('row', { name: /^8 / })).toBe(1);
    await countOf(channels.getByRole('row', { name: /^77 / })).toBe(1);
    await attributeOf(page.locator('main').getByRole('link', { name: 'news page' }), 'href').toBe('/news');
    await attributeOf(page.locator('main').getByRole('link', { name: 'events calendar' }), 'href').toBe('/calendar');
    await page.close();
  });
});
