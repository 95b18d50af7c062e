import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInOnLoginPage } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL } from '../../../support/e2e/app-server';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { sidewaysOverflow } from '../../../support/e2e/scroll';
import { expectErrorThenLoading } from '../../../support/e2e/load-states';
import { attributeOf, countOf, textOf } from '../../../support/e2e/eventually';

/** Admin → Pages: an admin edits the Beginners page in Markdown, previews it, saves it; members read it, search finds it. */

const stamp = Date.now().toString(36);
const WORD = `Guillemot${stamp}`;
const TITLE = 'Tips for New Sailors';
const BODY = [
  `Welcome aboard, ${WORD}: start here.`,
  '',
  '## Capsize drill',
  '',
  '- Let go of the **sheet**',
  '- Climb onto the centreboard',
  '',
  '{{water-level-chart}}',
  '',
  'See the [events calendar](/calendar) for taster days, and the [club information](/information).',
  '',
  '<script>window.__pageHacked = true</script>',
].join('\n');

let page: Page;

const accessible = (p: Page, name: string) => expectAccessible(p, name, `site-pages-${name}`);

async function atBothWidths(p: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await p.setViewportSize(viewport);
    await accessible(p, `${name}-${viewport.width}`);
    expect(await sidewaysOverflow(p), `${name} at ${viewport.width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await p.setViewportSize(DESKTOP);
}

const world = useApp();

beforeAll(async () => {
  page = world.page;
  await signInOnLoginPage(page);
});

describe('the admin Pages screen', () => {
  it('shows its loading and error states, with Try Again', async () => {
    await expectErrorThenLoading(page, {
      url: '**/api/admin/pages',
      open: async () => (await adminMenuLink(page, 'Pages')).click(),
      failed: 'Failed to load the pages',
      loading: 'Loading pages…',
      loaded: page.getByRole('rowheader', { name: 'Beginner Sailing Tips' }),
      whileFailed: () => accessible(page, 'error'),
    });
  });

  it('lists the Beginners and Information pages with their original words', async () => {
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    const beginners = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Beginner Sailing Tips' }) });
    await beginners.getByText('Never (the original words)').waitFor();
    await page.getByRole('rowheader', { name: 'Club Information' }).waitFor();
    await atBothWidths(page, 'list');
  });

  it('edits the Beginners page: the form refuses empty text, the preview shows the page as members will see it, Save stores it', async () => {
    await page.getByRole('link', { name: 'Edit Beginner Sailing Tips' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Page: Beginner Sailing Tips' }).waitFor();
    const text = page.getByLabel('Text');
    expect(await text.inputValue()).toContain('## Before you go afloat');

    await text.fill('   ');
    await page.getByRole('button', { name: 'Save Page' }).click();
    await page.getByText('Write the page (the text is required)').waitFor();
    await atBothWidths(page, 'form-errors');

    await page.getByLabel('Title').fill(TITLE);
    await text.fill(BODY);
    await page.getByRole('button', { name: 'Show Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { level: 2, name: 'Capsize drill' }).waitFor();
    await textOf(preview.locator('strong')).toBe('sheet');
    await preview.getByText("The reservoir's water-level chart is shown here.").waitFor();
    await preview.getByText('<script>window.__pageHacked = true</script>').waitFor();
    await countOf(preview.locator('script')).toBe(0);
    await atBothWidths(page, 'form-preview');

    await page.getByRole('button', { name: 'Save Page' }).click();
    await page.getByText(`Page "${TITLE}" saved. Members see the new words now.`).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: TITLE }) });
    await row.getByText(new RegExp(`by ${E2E_ADMIN_EMAIL}`)).waitFor();
  });

  it('a member sees the new words, drawn by the server and hydrated without a mismatch, at 375 px', async () => {
    // The server's own page carries the new words (no script needed to read them).
    const html = await (await fetch(`${world.app.baseUrl}/beginners`)).text();
    expect(html).toContain(WORD);
    expect(html).toContain('<h2>Capsize drill</h2>');
    expect(html).not.toContain('Hull speed ≈ 1.34');

    const member = await world.browser.newPage(PHONE);
    await member.goto('/beginners');
    await member.locator('#root[data-app="running"]').waitFor({ state: 'attached' });
    await member.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const main = member.getByRole('main');
    await main.getByText(`Welcome aboard, ${WORD}: start here.`).waitFor();
    await main.getByRole('heading', { level: 2, name: 'Capsize drill' }).waitFor();
    await countOf(main.getByText('Hull speed ≈ 1.34 × √(waterline length in feet) knots')).toBe(0);
    await member.getByRole('img', { name: /Reservoir level/ }).waitFor();
    expect(await member.evaluate(() => (window as unknown as { __pageHacked?: boolean }).__pageHacked)).toBeUndefined();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await accessible(member, 'member-beginners-375');
    await attributeOf(main.getByRole('link', { name: 'events calendar' }), 'href').toBe('/calendar');
    // A link to the app's own page opens in the app, which reads the page's words: its loading and
    // error states, and Try Again.
    let fail = true;
    await member.route('**/api/pages/information', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal"}' }) : route.fallback(),
    );
    await main.getByRole('link', { name: 'club information' }).click();
    await member.waitForURL('**/information');
    await member.getByText('Failed to load this page').waitFor();
    await accessible(member, 'member-error-375');
    fail = false;
    await member.getByRole('button', { name: 'Try Again' }).click();
    await member.getByRole('heading', { level: 2, name: 'Trip slips' }).waitFor();
    await member.close();
  });

  it('says so when another admin saved the page after it was opened, keeping their words', async () => {
    await page.goto('/admin/pages/edit/beginners');
    await page.getByRole('heading', { level: 1, name: `Edit Page: ${TITLE}` }).waitFor();
    // Another tab of the same admin panel saves the page meanwhile.
    const other = await world.browser.newPage();
    await other.goto('/admin/pages/edit/beginners');
    await other.getByRole('heading', { level: 1, name: `Edit Page: ${TITLE}` }).waitFor();
    await other.getByLabel('Title').fill('Tips from the Bosun');
    await other.getByRole('button', { name: 'Save Page' }).click();
    await other.getByText('Page "Tips from the Bosun" saved. Members see the new words now.').waitFor();
    await other.close();

    await page.getByLabel('Title').fill('My late title');
    await page.getByRole('button', { name: 'Save Page' }).click();
    await page.getByText('Another admin saved this page after you opened it.', { exact: false }).waitFor();
    await accessible(page, 'conflict');
    const member = (await (await fetch(`${world.app.baseUrl}/api/pages/beginners`)).json()) as { title: string };
    expect(member.title).toBe('Tips from the Bosun');
  });

  it('search finds the page by its new words', async () => {
    const answer = (await (await fetch(`${world.app.baseUrl}/api/search?q=${encodeURIComponent(WORD)}`)).json()) as { hits: { path?: string }[] };
    expect(answer.hits.map((hit) => hit.path)).toContain('/beginners');
  });

  it('raised no script errors and no hydration mismatch', () => {
    expect(world.browser.errors.filter((e) => !e.includes('console: Failed to load resource'))).toEqual([]);
  });
});
