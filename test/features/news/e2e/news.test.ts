import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDaysToDate, londonDate } from '../../../../core/shared/london-time';
import { fillDateTime, signInOnLoginPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { expectErrorThenLoading } from '../../../support/e2e/load-states';
import { countOf, textOf, textsOf, valueOf } from '../../../support/e2e/eventually';

/** The admin News screen (CAMPAIGNS=database, the default): write, publish, read as a member, find, delete. */

const stamp = Date.now().toString(36);
const WORD = `Kittiwake${stamp}`;
const SUBJECT = `${WORD} pontoon reopened`;
const BODY = [
  '## The pontoon is back',
  '',
  `The **east pontoon** is open again after repairs (${WORD}).`,
  '',
  '- Launch from the east side',
  '- Mind the fresh paint',
  '',
  '<script>window.__newsHacked = true</script>',
  '',
  '[do not click](javascript:window.__newsHacked=true)',
  '',
  '<img src=x onerror="window.__newsHacked = true">',
].join('\n');

let page: Page;
let itemId = '';

/** Axe-clean, as test/support/e2e/axe.ts checks it. */
const accessible = (p: Page, name: string) => expectAccessible(p, name, `news-${name}`);

function rowOf(p: Page, subject: string) {
  return p.getByRole('row').filter({ has: p.getByRole('rowheader', { name: subject }) });
}

const world = useApp();

beforeAll(async () => {
  page = world.page;
  await signInOnLoginPage(page);
});

describe('the admin News screen', () => {
  it('shows its loading and error states, with Try Again', async () => {
    await expectErrorThenLoading(page, {
      url: '**/api/admin/news',
      open: () => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'News' }).click(),
      failed: 'Failed to load news',
      loading: 'Loading news…',
      loaded: page.getByRole('link', { name: 'Write News' }),
      whileFailed: () => accessible(page, 'admin-error'),
    });
  });

  it('writes a draft with a day-first publish date: members do not see it', async () => {
    await page.getByRole('link', { name: 'Write News' }).click();
    await page.getByRole('heading', { level: 1, name: 'Write News' }).waitFor();
    // Nothing typed yet: the form names each missing field.
    await page.getByLabel('Subject').fill('');
    await page.getByRole('button', { name: 'Save News Item' }).click();
    await page.getByText('Subject is required').waitFor();
    await page.getByText('Write the news item (the body is required)').waitFor();
    await accessible(page, 'form-errors');

    await page.getByLabel('Subject').fill(SUBJECT);
    await page.getByLabel('Body').fill(BODY);
    // Yesterday at 10:00, typed day first as the admin would.
    await fillDateTime(page, 'Publish Date & Time', `${addDaysToDate(londonDate(new Date()), -1)}T10:00`);
    await valueOf(page.getByLabel('Status')).toBe('draft');
    await accessible(page, 'form');
    await page.setViewportSize(PHONE);
    await accessible(page, 'form-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Save News Item' }).click();

    await page.getByText(`News item "${SUBJECT}" saved.`).waitFor();
    const row = rowOf(page, SUBJECT);
    await row.getByText('Draft', { exact: true }).waitFor();
    itemId = (await row.getAttribute('data-news-id')) ?? '';
    expect(itemId).not.toBe('');
    await accessible(page, 'list');
    await page.setViewportSize(PHONE);
    await accessible(page, 'list-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    const member = await world.browser.newPage();
    await member.goto('/news');
    await member.getByRole('heading', { name: 'Recent Emails' }).waitFor();
    await member.getByRole('heading', { name: 'Open Regatta entries are now open' }).waitFor();
    await countOf(member.getByRole('heading', { name: SUBJECT })).toBe(0);
    await member.goto(`/news/${itemId}`);
    await member.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await member.close();
  });

  it('publishes it: it is on /news, opens our own page with the rendered body, and no script in it runs', async () => {
    await rowOf(page, SUBJECT)
      .getByRole('link', { name: `Edit ${SUBJECT}` })
      .click();
    await page.getByRole('heading', { level: 1, name: `Edit News: ${SUBJECT}` }).waitFor();
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Update News Item' }).click();
    await page.getByText(`News item "${SUBJECT}" updated.`).waitFor();
    // The list is asked for again as it opens: the badge follows the saved item.
    await rowOf(page, SUBJECT).getByText('Published', { exact: true }).waitFor();

    const member = await world.browser.newPage(PHONE);
    await member.goto('/news');
    const card = member.getByRole('listitem').filter({ has: member.getByRole('heading', { name: SUBJECT }) });
    await card.waitFor();
    await card.getByText('Yesterday', { exact: true }).waitFor();
    // Opens in this tab: our own page, not an outside preview.
    await card.getByRole('link', { name: /Read Email/ }).click();
    await member.waitForURL(`**/news/${itemId}`);
    await member.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    const article = member.locator('.news-body');
    await article.getByRole('heading', { level: 2, name: 'The pontoon is back' }).waitFor();
    await textOf(article.locator('strong')).toBe('east pontoon');
    await textsOf(article.getByRole('listitem')).toEqual(['Launch from the east side', 'Mind the fresh paint']);
    // The script the admin typed is shown as text; it never ran, and no link or image carries it.
    await article.getByText('<script>window.__newsHacked = true</script>').waitFor();
    await countOf(article.locator('script, img, [onerror]')).toBe(0);
    await countOf(article.getByRole('link')).toBe(0);
    await article.getByText('[do not click](javascript:window.__newsHacked=true)').click();
    expect(await member.evaluate(() => (window as unknown as { __newsHacked?: boolean }).__newsHacked)).toBeUndefined();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await accessible(member, 'item-page-375');
    await member.close();
  });

  it('is found by search, and the hit opens its page', async () => {
    const member = await world.browser.newPage();
    await member.goto('/');
    await member.getByRole('heading', { name: 'Welcome to the Members Area' }).waitFor();
    await member.getByRole('button', { name: 'Search Members Area' }).click();
    await member.getByRole('combobox').fill(WORD);
    const option = member.getByRole('option', { name: new RegExp(SUBJECT) });
    await option.waitFor();
    await option.click();
    await member.waitForURL(`**/news/${itemId}`);
    await member.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await member.close();
  });

  it('deletes it: gone from its page and from search', async () => {
    await rowOf(page, SUBJECT)
      .getByRole('button', { name: `Delete ${SUBJECT}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete news item?' });
    await dialog.waitFor();
    await accessible(page, 'delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`News item "${SUBJECT}" deleted.`).waitFor();
    await countOf(rowOf(page, SUBJECT)).toBe(0);

    const member = await world.browser.newPage();
    await member.goto(`/news/${itemId}`);
    await member.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    const hits = (await (await fetch(`${world.app.baseUrl}/api/search?q=${encodeURIComponent(WORD)}`)).json()) as { hits: unknown[] };
    expect(hits.hits).toEqual([]);
    await member.close();
  });

  it('raised no script errors (the refusals these tests provoke are logged by the browser, not errors of the page)', () => {
    expect(world.browser.errors.filter((e) => !e.includes('console: Failed to load resource'))).toEqual([]);
  });
});
