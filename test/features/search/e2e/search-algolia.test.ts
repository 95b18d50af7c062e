import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitLink } from '../../../../core/search/search-display';
import { SEARCH_SYNONYMS } from '../../../../core/search/search-synonyms';
import type { SearchHit } from '../../../../core/search/search-hit';
import { FakeAlgoliaServer } from '../../../support/fake-algolia-server';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, textOf } from '../../../support/e2e/eventually';

// The search dialog, unchanged, on SEARCH=algolia: the server searches a local server that
// answers as Algolia's REST API does, seeded by the app's own start-up indexing.
let algolia: FakeAlgoliaServer;

beforeAll(async () => {
  algolia = await FakeAlgoliaServer.start({ publishAfterMs: 50 });
});

afterAll(async () => {
  await algolia?.close();
});

// Stopped before the fake Algolia it searches (hooks run as a stack).
const world = useApp(() => ({
  env: {
    SEARCH: 'algolia',
    ALGOLIA_APP_ID: algolia.appId,
    ALGOLIA_SEARCH_KEY: algolia.searchKey,
    ALGOLIA_ADMIN_KEY: algolia.adminKey,
    ALGOLIA_INDEX_PREFIX: 'e2e_',
    ALGOLIA_HOSTS: algolia.url,
  },
}));

/** Home, then the search dialog opened with Ctrl+K, its box focused. */
async function searchFromHome() {
  const page = await world.browser.newPage();
  // Ctrl+K needs the app, not only the welcome the server draws.
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome to the Members Area' }).waitFor();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search the Members Area' });
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  return { page, dialog };
}

describe('search dialog with SEARCH=algolia', () => {
  it('finds demo content by keyboard, says "Powered by Algolia" and opens the chosen result', async () => {
    const { page, dialog } = await searchFromHome();
    await textOf(dialog.locator('.search-footer')).toContain('Powered by Algolia');

    const searchesBefore = algolia.requests.filter((r) => r.path.endsWith('/queries')).length;
    await page.keyboard.type('regatta');
    await dialog.getByText(/^\d+ results found$/).waitFor();
    const options = dialog.getByRole('option');
    await countOf(options).toBeGreaterThan(0);
    const marks = await options.first().locator('mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toContain('regatta');

    // The server asked Algolia, with the search-only key, in one request per keystroke.
    const searches = algolia.requests.filter((r) => r.path.endsWith('/queries')).slice(searchesBefore);
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((r) => r.key === 'search')).toBe(true);

    // Ranked by the core rules as on SQLite: an event first; Enter opens the active (first) one.
    const api = (await (await fetch(`${world.app.baseUrl}/api/search?q=regatta`)).json()) as { hits: SearchHit[] };
    expect(api.hits[0].type).toBe('event');
    await attributeOf(options.nth(0), 'aria-selected').toBe('true');
    const target = hitLink(api.hits[0]);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.search}` === target.href);
    await page.close();
  });

  it('lists a work day found by its jobs, opening its sign-up page; the indexes carry core’s typo limits and synonyms', async () => {
    const { page, dialog } = await searchFromHome();
    await page.keyboard.type('pontoon');
    const option = dialog.getByRole('option', { name: /Spring Work Day/ });
    await option.waitFor();
    await option.click();
    await page.waitForURL((url) => url.pathname === '/work-day-booking' && url.searchParams.get('id') === 'spring-work-day');
    await page.getByRole('heading', { name: 'Sign up to help' }).waitFor();
    await page.close();
    for (const name of ['events', 'documents', 'news', 'pages']) {
      expect(algolia.settings(`e2e_${name}`)).toMatchObject({ typoTolerance: true, minWordSizefor1Typo: 5, minWordSizefor2Typos: 9 });
      expect(algolia.synonyms(`e2e_${name}`).map((s) => s.synonyms)).toEqual(SEARCH_SYNONYMS.map((group) => [...group]));
    }
  });

  it('a failing Algolia empties the list without a message', async () => {
    const { page, dialog } = await searchFromHome();
    await page.keyboard.type('regatta');
    await dialog.getByText(/^\d+ results found$/).waitFor();
    algolia.failWith(503);
    await page.keyboard.type('s');
    await dialog.getByText('No results found for "regattas"').waitFor();
    await countOf(dialog.getByRole('option')).toBe(0);
    await countOf(dialog.getByRole('alert')).toBe(0);
    algolia.failWith(null);
    await page.close();
  });

  it('the admin key never reaches a browser', async () => {
    const config = await (await fetch(`${world.app.baseUrl}/api/config`)).text();
    const html = await (await fetch(`${world.app.baseUrl}/`)).text();
    expect(config).not.toContain(algolia.adminKey);
    expect(html).not.toContain(algolia.adminKey);
    const scripts = [...html.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]);
    for (const src of scripts) expect(await (await fetch(`${world.app.baseUrl}${src}`)).text()).not.toContain(algolia.adminKey);
  });
});
