import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from '../../support/e2e/axe';
import { DESKTOP, PHONE, phoneWithoutBrowserRestoration, type BrowserSession } from '../../support/e2e/browser';
import { backAt, phoneOn, scrollFarDownTo } from '../../support/e2e/scroll';
import { useApp } from '../../support/e2e/use-app';
import { attributeOf, countOf, visibleOf } from '../../support/e2e/eventually';

let touch: BrowserSession;

/** A tablet held upright: wide enough for the desktop bar, driven by a finger. */
const TABLET = { width: 820, height: 1100 } as const;

const world = useApp();

// A second Chromium on the same app, closed with it.
beforeAll(async () => {
  touch = await world.launchBrowser({ hasTouch: true });
});

async function home(session: BrowserSession, viewport: { width: number; height: number }): Promise<Page> {
  const page = await session.newPage(viewport);
  await page.goto('/');
  await page.getByText('Welcome to the Members Area').waitFor();
  return page;
}

function informationMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  return { toggle: nav.getByRole('button', { name: 'Information' }), documents: nav.getByRole('link', { name: 'Documents & Files' }) };
}

describe('the Information dropdown', () => {
  it('on a desktop: a click after hovering keeps it open (the next click closes it), and hover alone still works', async () => {
    const page = await home(world.browser, DESKTOP);
    const { toggle, documents } = informationMenu(page);

    await toggle.hover();
    await documents.waitFor();
    // The click that follows the hover is the member asking for the menu: it stays open.
    await toggle.click();
    await attributeOf(toggle, 'aria-expanded').toBe('true');
    await visibleOf(documents).toBe(true);
    // Opened by a click, it does not vanish when the mouse moves down towards a link and away.
    await page.mouse.move(5, 600);
    await visibleOf(documents).toBe(true);
    await toggle.click();
    await documents.waitFor({ state: 'hidden' });
    await attributeOf(toggle, 'aria-expanded').toBe('false');

    // Hover alone opens it and leaving closes it, as before.
    await page.mouse.move(5, 600);
    await toggle.hover();
    await documents.waitFor();
    await page.mouse.move(5, 600);
    await documents.waitFor({ state: 'hidden' });

    // A click elsewhere closes a menu opened by a click.
    await toggle.click();
    await documents.waitFor();
    await page.mouse.click(640, 700);
    await documents.waitFor({ state: 'hidden' });

    // Choosing a link goes there and closes the menu.
    await toggle.click();
    await documents.click();
    await page.waitForURL('**/documents');
    await documents.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('on a touch tablet (desktop bar): the first tap opens it, the next closes it, a tap on a link follows it', async () => {
    const page = await home(touch, TABLET);
    const { toggle, documents } = informationMenu(page);
    await visibleOf(toggle).toBe(true);

    await toggle.tap();
    await documents.waitFor();
    await attributeOf(toggle, 'aria-expanded').toBe('true');
    expect(await seriousAxeViolations(page), 'open menu').toEqual([]);

    await toggle.tap();
    await documents.waitFor({ state: 'hidden' });
    await attributeOf(toggle, 'aria-expanded').toBe('false');

    await toggle.tap();
    await documents.waitFor();
    // A tap outside closes it too.
    await page.touchscreen.tap(TABLET.width / 2, TABLET.height - 40);
    await documents.waitFor({ state: 'hidden' });

    await toggle.tap();
    await documents.tap();
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { level: 1, name: 'Documents & Files' }).waitFor();
    await page.close();
  });
});

describe('scroll position', () => {
  it('Back to the calendar from a booking page returns to where the member was; a new page starts at its top', async () => {
    const { page, cards } = await phoneOn(world.browser, '/calendar', '.event-card');
    await cards.first().waitFor();
    const book = page.getByRole('link', { name: /^Book Event/ }).last();
    const left = await scrollFarDownTo(book, 'the last Book Event');

    await book.click();
    await page.waitForURL('**/event-booking?id=*');
    await page.getByLabel('Lead Member First Name *').waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    await page.goBack();
    await page.waitForURL('**/calendar');
    await cards.first().waitFor();
    await backAt(page, left);

    // Forward returns to the top of the booking page, where it was left.
    await page.goForward();
    await page.getByLabel('Lead Member First Name *').waitFor();
    await page.waitForFunction(() => window.scrollY === 0);

    await page.close();
  });
});

describe('scroll position on a reload', () => {
  // A reload returning to the position is page-load.test.ts's 'scroll position across a reload'.
  it('the same address opened anew starts at its top, without reading the kept positions', async () => {
    const { page, cards } = await phoneOn(world.browser, '/calendar', '.event-card');
    await cards.last().waitFor();
    await expect(
      page.evaluate(() => window.scrollY),
      'a first visit has no position to go back to',
    ).resolves.toBe(0);
    await scrollFarDownTo(cards.last(), 'the last event');

    // Typed again (or followed from elsewhere): a new visit, not a return, though leaving the page
    // kept its position in session storage.
    await page.goto('/calendar');
    await cards.last().waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.evaluate(() => Object.keys(JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}')).length)).resolves.toBeGreaterThan(
      0,
    );
    await page.close();
  });
});

describe('scroll position after booking', () => {
  it('Back from a short receipt page still returns the calendar to where the member was', async () => {
    const page = await phoneWithoutBrowserRestoration(world.browser);
    await page.goto('/calendar');
    await page.locator('.event-card').first().waitFor();
    const book = page
      .locator('.event-card')
      .filter({ has: page.getByRole('heading', { name: 'Push the Boat Out Open Day', exact: true }) })
      .getByRole('link', { name: /^Book Event/ });
    await book.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const left = await page.evaluate(() => window.scrollY);
    expect(left, 'the open day is far down the phone screen').toBeGreaterThan(1000);

    await book.click();
    await page.getByLabel('Lead Member First Name *', { exact: true }).fill('Ben');
    await page.getByLabel('Lead Member Last Name *', { exact: true }).fill('Ainslie');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Submitted Successfully' }).waitFor();
    // The receipt is shorter than the calendar was scrolled: a restore clamped to it would fall short.
    const receiptRoom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(receiptRoom).toBeLessThan(left);

    await page.goBack();
    await page.waitForURL('**/calendar');
    await page.locator('.event-card').first().waitFor();
    await backAt(page, left);
    await page.close();
  });
});

describe('addresses without a page', () => {
  it('answer 404 with the app, which shows Page Not Found; known pages answer 200', async () => {
    const page = await world.browser.newPage(PHONE);
    const missing = await page.goto('/no-such-page/here');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole('link', { name: 'Members Home' }).last().click();
    await page.getByText('Welcome to the Members Area').waitFor();

    for (const path of ['/calendar', '/event-booking?id=open-regatta', '/my-booking?token=x', '/admin/login']) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
    await page.close();
  });

  it('/index.html is not a dead page: it opens the home page', async () => {
    const page = await world.browser.newPage();
    const answer = await page.goto('/index.html');
    expect(answer?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Welcome to the Members Area').waitFor();
    await countOf(page.getByRole('heading', { name: 'Page Not Found' })).toBe(0);
    await page.close();
  });

  it('raise no script errors beyond the 404s themselves', () => {
    // Besides the 404s, the admin sign-in page's own look for a session, answered 401 when there is
    // none (the page now waits for the app to run, so that answer comes before the tab closes).
    const expected = /(no-such-page|token=x).*status of 404|\/admin\/login: console: .*status of 401/;
    expect([...world.browser.errors, ...touch.errors].filter((line) => !expected.test(line))).toEqual([]);
  });
});
