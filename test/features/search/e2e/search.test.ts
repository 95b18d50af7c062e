import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { formatEpochDate, hitLink, hitTags } from '../../../../core/search/search-display';
import type { SearchHit } from '../../../../core/search/search-hit';
import { createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { DESKTOP, PHONE, SCREENSHOT_DIR, SCREENSHOTS } from '../../../support/e2e/browser';
import { seriousAxeViolations } from '../../../support/e2e/axe';
import { useApp } from '../../../support/e2e/use-app';
import { warmTab } from '../../../support/e2e/warm-tab';
import { attributeOf, countOf, eventually, textContentOf, textOf, textsOf } from '../../../support/e2e/eventually';

let provider = '';

const world = useApp();
/** The tab the dialog's tests take in turn, each opening its page afresh (test/support/e2e/warm-tab.ts). */
const tab = warmTab(() => world.browser);

beforeAll(async () => {
  provider = ((await (await fetch(`${world.app.baseUrl}/api/config`)).json()) as { searchProvider: string }).searchProvider;
});

async function apiSearch(q: string): Promise<SearchHit[]> {
  const answer = (await (await fetch(`${world.app.baseUrl}/api/search?q=${encodeURIComponent(q)}`)).json()) as { hits: SearchHit[] };
  return answer.hits;
}

/** The home page, loaded afresh in the file's shared tab. */
async function home(): Promise<Page> {
  const page = await tab.open();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome to the Members Area' }).waitFor();
  return page;
}

/** The home page, its search opened and this typed in. */
async function searchFromHome(query: string): Promise<Page> {
  const page = await home();
  await page.getByRole('button', { name: 'Search Members Area' }).click();
  await page.getByRole('combobox').fill(query);
  return page;
}

const isSearchBoxFocused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role') === 'combobox');

describe('search dialog', () => {
  it('keyboard only: Ctrl+K, type, Up/Down, Enter opens the chosen result', async () => {
    const hits = await apiSearch('regatta');
    expect(hits.length).toBeGreaterThan(1);
    const page = await home();

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the Members Area' });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    const box = page.getByRole('combobox');
    await attributeOf(box, 'placeholder').toBe('Search events, documents, news...');
    await dialog.getByText('Start typing to search across all KYC content').waitFor();
    await dialog.getByText('Use ↑↓ to navigate, ↵ to select, esc to close').waitFor();
    await textOf(dialog.locator('.search-footer')).toContain(`Powered by ${provider}`);

    await page.keyboard.type('regatta');
    await dialog.getByText(`${hits.length} results found`).waitFor();
    const options = dialog.getByRole('option');
    await countOf(options).toBe(hits.length);
    const marks = await options.first().locator('mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toContain('regatta');

    await attributeOf(options.nth(0), 'aria-selected').toBe('true');
    await page.keyboard.press('ArrowDown');
    await attributeOf(options.nth(1), 'aria-selected').toBe('true');
    await attributeOf(box, 'aria-activedescendant').toBe(await options.nth(1).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await attributeOf(options.nth(0), 'aria-selected').toBe('true');

    const target = hitLink(hits[0]);
    expect(target.newTab).toBe(false);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.search}` === target.href);
    await dialog.waitFor({ state: 'detached' });
  });

  it('waits 100 ms before focusing the search box when opened by the shortcut (Cmd+K too)', async () => {
    const page = await world.browser.newPage();
    // page.clock belongs to the whole browser context: real time resumes in the finally below.
    try {
      await page.clock.install();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome to the Members Area' }).waitFor();
      // Open and close it once first: React needs timers to show a lazily loaded component, and
      // they stop below. Installed fake time still flows on its own; pause it so only runFor moves it.
      await page.getByRole('button', { name: 'Search Members Area' }).click();
      await page.getByRole('combobox').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('combobox').waitFor({ state: 'detached' });
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await page.keyboard.press('Meta+k');
      await page.getByRole('combobox').waitFor();
      await eventually(() => isSearchBoxFocused(page)).toBe(false);
      await page.clock.runFor(90);
      await eventually(() => isSearchBoxFocused(page)).toBe(false);
      await page.clock.runFor(20);
      await eventually(() => isSearchBoxFocused(page)).toBe(true);
    } finally {
      await page.clock.resume().catch(() => undefined);
      await page.close();
    }
  });

  it('the button opens it with the box focused; Escape, the close button and the backdrop close it', async () => {
    const page = await home();
    const button = page.getByRole('button', { name: 'Search Members Area' });
    const dialog = page.getByRole('dialog', { name: 'Search the Members Area' });

    await button.click();
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await button.click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
  });

  it('each result shows its icon, highlighted title and description, the event date, a category badge and up to 3 tags', async () => {
    const hits = await apiSearch('regatta');
    const page = await searchFromHome('regatta');
    await page.getByText(`${hits.length} results found`).waitFor();
    const options = page.getByRole('option');
    for (let i = 0; i < hits.length; i += 1) {
      const hit = hits[i];
      const option = options.nth(i);
      await attributeOf(option.locator('.search-hit-icon'), 'data-type').toBe(hit.type);
      await countOf(option.locator('.search-hit-icon svg')).toBe(1);
      await textContentOf(option.locator('.badge')).toBe(hit.category);
      const tags = await option.locator('.tag').allTextContents();
      expect(tags).toEqual(hitTags(hit));
      expect(tags.length).toBeLessThanOrEqual(3);
      const date = option.locator('.search-hit-date');
      if (hit.type === 'event' && hit.eventDate !== undefined) {
        await textOf(date).toContain(formatEpochDate(hit.eventDate));
      } else {
        await countOf(date).toBe(0);
      }
    }
  });

  it('says when nothing matches, and a blank query empties the list without asking the server', async () => {
    const page = await home();
    const searches: string[] = [];
    const counted = (request: Request) => {
      if (request.url().includes('/api/search')) searches.push(request.url());
    };
    page.on('request', counted);
    onTestFinished(() => void page.off('request', counted));
    await page.getByRole('button', { name: 'Search Members Area' }).click();
    const box = page.getByRole('combobox');
    await box.fill('zzqqxxnothing');
    await page.getByText('No results found for "zzqqxxnothing"').waitFor();
    await page.getByText('Try different keywords or check your spelling').waitFor();
    await page.getByText('0 results found').waitFor();

    const before = searches.length;
    await box.fill('   ');
    await page.getByText('Start typing to search across all KYC content').waitFor();
    await countOf(page.getByRole('option')).toBe(0);
    expect(searches.length).toBe(before);
  });

  it('never shows an older answer over a newer one', async () => {
    const hits = await apiSearch('regatta');
    const page = await home();
    // Every answer but the last comes back late, and claims a result the real search never gives.
    await page.route('**/api/search?**', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q');
      if (q === 'regatta') {
        await route.continue();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 700));
      const stale = {
        hits: [{ objectID: 'stale', index: 'pages', type: 'page', category: 'general', title: `Stale answer for ${q}`, tags: [], highlights: {} }],
        provider: 'stale',
      };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(stale) }).catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Search Members Area' }).click();
    await page.getByRole('combobox').pressSequentially('regatta');
    await page.getByText(`${hits.length} results found`).waitFor();
    await page.waitForTimeout(1200);
    await countOf(page.getByText(/Stale answer/)).toBe(0);
    await countOf(page.getByText(`${hits.length} results found`)).toBe(1);
  });

  it('a failed search empties the list and shows no message', async () => {
    const page = await home();
    await page.getByRole('button', { name: 'Search Members Area' }).click();
    const box = page.getByRole('combobox');
    await box.fill('regatta');
    await page.getByRole('option').first().waitFor();
    await page.route('**/api/search?**', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"down"}' }));
    await box.fill('regattas');
    await page.getByRole('option').first().waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('.search-count')?.textContent === '');
    await countOf(page.getByText(/No results found/)).toBe(0);
  });

  it('a document result opens its PDF in a new tab', async () => {
    const hits = await apiSearch('handbook');
    const index = hits.findIndex((hit) => hit.type === 'document' && hit.objectID === 'members-handbook');
    expect(index).toBeGreaterThanOrEqual(0);
    const page = await searchFromHome('handbook');
    await page.getByText(`${hits.length} results found`).waitFor();
    for (let i = 0; i < index; i += 1) await page.keyboard.press('ArrowDown');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(new URL(popup.url()).pathname).toBe('/api/documents/members-handbook/file');
    expect(new URL(page.url()).pathname).toBe('/');
    await popup.close();
  });

  it('shows stored text with markup as plain text, never as HTML', async () => {
    await signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const name = '<img src=x onerror="window.__xss=1"> Zanzibar <b>Cup</b>';
    await createEvent(world.browser.context.request, world.app.baseUrl, {
      name,
      description: 'Race <script>window.__xss=2</script>',
      eventdatetime: wallClockDaysAhead(40, '10:00'),
    });
    const page = await searchFromHome('Zanzibar');
    const option = page.getByRole('option').first();
    await option.waitFor();
    await textOf(option.locator('.search-hit-title')).toBe(name);
    await textOf(option.locator('mark')).toBe('Zanzibar');
    await countOf(option.locator('img, b, script')).toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
  });

  it('counts one hit as "1 result found"', async () => {
    await signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await createEvent(world.browser.context.request, world.app.baseUrl, {
      name: 'Quillwort Trophy',
      description: 'A single-handed race',
      eventdatetime: wallClockDaysAhead(45, '11:00'),
    });
    expect(await apiSearch('Quillwort')).toHaveLength(1);
    const page = await searchFromHome('Quillwort');
    await page.getByRole('option', { name: /Quillwort Trophy/ }).waitFor();
    await textOf(page.locator('.search-count')).toBe('1 result found');
  });

  it('tolerates a typo: "Regata" lists the regatta, its word marked, first', async () => {
    const page = await searchFromHome('Regata');
    const first = page.getByRole('option').first();
    await first.waitFor();
    await textOf(first.locator('.search-hit-title')).toBe('Kestrel Open Regatta');
    await textsOf(first.locator('mark')).toContain('Regatta');
    await countOf(page.getByText(/No results found/)).toBe(0);
    // The dialog with these results is still clean for assistive technology.
    expect(await seriousAxeViolations(page), 'axe').toEqual([]);
  });

  it('knows the club’s synonyms: "AGM" lists the Annual General Meeting, the constitution and the notice', async () => {
    const page = await searchFromHome('AGM');
    await page.getByRole('option').first().waitFor();
    const titles = await page.locator('.search-hit-title').allInnerTexts();
    expect(titles[0]).toBe('Annual General Meeting');
    expect(titles).toEqual(expect.arrayContaining(['Club Constitution', 'Notice of the Annual General Meeting']));
  });

  it('a news result opens the e-mail in the app, in this tab', async () => {
    const hits = await apiSearch('rescue boat arrived');
    const news = hits.find((h) => h.type === 'news' && h.objectID === 'cmp-new-rescue-boat');
    expect(news?.detailsUrl).toBe('/news/cmp-new-rescue-boat');
    const page = await searchFromHome('rescue boat arrived');
    const option = page.getByRole('option', { name: /Our new rescue boat has arrived/ });
    await option.waitFor();
    await option.click();
    await page.waitForURL('**/news/cmp-new-rescue-boat');
    await page.getByRole('heading', { level: 1, name: 'Our new rescue boat has arrived' }).waitFor();
    await page.locator('.news-body').getByText('60 hp outboard', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page), 'axe').toEqual([]);
  });

  it('finds work days by their jobs and opens the sign-up page', async () => {
    const page = await searchFromHome('pontoon');
    const option = page.getByRole('option', { name: /Spring Work Day/ });
    await option.waitFor();
    await textContentOf(option.locator('.badge')).toBe('work day');
    await option.click();
    await page.waitForURL((url) => url.pathname === '/work-day-booking' && url.searchParams.get('id') === 'spring-work-day');
    await page.getByRole('heading', { name: 'Sign up to help' }).waitFor();
  });

  it('fits 375, 768 and 1280 px with its results, no sideways scrolling, and is accessible', async () => {
    for (const viewport of [PHONE, { width: 768, height: 1024 }, DESKTOP]) {
      const page = await tab.open(viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome to the Members Area' }).waitFor();
      await page.getByRole('button', { name: 'Search Members Area' }).click();
      await page.getByRole('combobox').fill('regatta');
      const dialog = page.getByRole('dialog', { name: 'Search the Members Area' });
      await dialog.getByText(/\d+ results found/).waitFor();
      // The screen as the member sees it: the dialog over the page (a full-page image would show the page below the backdrop).
      if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOT_DIR, `search-results-${viewport.width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${viewport.width} px`).toBeLessThanOrEqual(0);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `the dialog within ${viewport.width} px`).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  });

  it('raises no script errors (other than the failed searches these tests provoke)', () => {
    const expected = /Failed to load resource: the server responded with a status of 502|Search failed/;
    expect(world.browser.errors.filter((line) => !expected.test(line))).toEqual([]);
  });
});
