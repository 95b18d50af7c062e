import { join } from 'node:path';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { signInAsAdmin } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import type { Page, Request } from 'playwright-core';
import { addDaysToDate, londonDate } from '../../../../core/shared/london-time';
import { readingDateInWords } from '../../../../core/water-levels/water-levels';
import { describeViolations, expectAccessible, seriousAxeViolations } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot, SCREENSHOT_DIR, SCREENSHOTS } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { warmTab } from '../../../support/e2e/warm-tab';
import { countOf, textOf } from '../../../support/e2e/eventually';

/**
 * The admin's Water Levels screen in Chromium, on the demo data (a year of readings up to today):
 * a reading added shows on Home as the latest; a CSV file with a bad line is refused with the line
 * named and nothing saved; a good file is saved.
 */

const world = useApp();

// Signed in once through the API, not the sign-in form (not this file's subject): the browser
// context keeps the session for every tab.
beforeAll(() => signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD));

/** The admin panel's dashboard, signed in. */
async function signIn(p: Page) {
  await p.goto('/admin/dashboard');
}
/** The tab the tests take in turn, each opening its pages afresh (test/support/e2e/warm-tab.ts). */
const tab = warmTab(() => world.browser);

async function openScreen(p: Page) {
  await (await adminMenuLink(p, 'Water Levels')).click();
  await p.getByRole('heading', { level: 1, name: 'Water Levels' }).waitFor();
  await p.getByRole('region', { name: 'Readings, newest first' }).waitFor();
}

async function storedIn(year: number) {
  const res = await fetch(`${world.app.baseUrl}/api/water-levels?from=${year}-01-01&to=${year}-12-31`);
  return ((await res.json()) as { readings: { date: string; percentFull: number }[] }).readings;
}

async function chooseFile(p: Page, name: string, text: string) {
  await p.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await p.getByRole('button', { name: 'Check File' }).click();
}

describe('the admin Water Levels screen', () => {
  it("replaces today's reading: deleted, then added again; Home shows it as the latest reading, using its card's full width", async () => {
    const today = londonDate(new Date());
    const words = readingDateInWords(today);
    const page = await tab.open();
    await signIn(page);
    await openScreen(page);
    await expectAccessible(page, 'admin-water-levels');

    await page.getByRole('button', { name: `Delete the reading of ${words}` }).click();
    await page.getByRole('dialog', { name: 'Delete this reading?' }).getByRole('button', { name: 'Delete Reading' }).click();
    await page.getByText(`Reading for ${words} deleted.`).waitFor();
    expect((await storedIn(Number(today.slice(0, 4)))).find((r) => r.date === today)).toBeUndefined();

    // Refused in the browser by the core's rule before anything is sent.
    await page.getByRole('textbox', { name: 'Percent full', exact: true }).fill('140');
    await page.getByRole('button', { name: 'Add Reading' }).click();
    await page.getByText('Enter the date of the reading').waitFor();
    await page.getByText('The percentage must be between 0 and 100').waitFor();

    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`);
    await page.getByRole('textbox', { name: 'Percent full', exact: true }).fill('41.2');
    await page.getByRole('button', { name: 'Add Reading' }).click();
    await page.getByText(`Reading for ${words} added: 41.2% full.`).waitFor();
    await page.getByRole('row').filter({ hasText: words }).getByText('41.2%').waitFor();

    for (const [viewport, name] of [
      [PHONE, '375'],
      [DESKTOP, '1280'],
    ] as const) {
      const home = await tab.open(viewport);
      await home.goto('/');
      await home.getByText(`Latest reading: ${words}, 41% full`).waitFor();
      const card = home.getByRole('region', { name: 'Reservoir Water Level' });
      const chart = card.getByRole('img', { name: /Reservoir level, percent full/ });
      await chart.waitFor();
      // The chart fills the card's content box.
      const widths = await card.evaluate((el) => {
        const style = getComputedStyle(el);
        const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const svg = el.querySelector('svg.water-chart')!.getBoundingClientRect().width;
        return { inner, svg, page: document.documentElement.scrollWidth };
      });
      expect(widths.svg).toBeGreaterThan(widths.inner - 1);
      expect(widths.page).toBeLessThanOrEqual(viewport.width);
      await screenshot(home, `home-water-level-${name}`);
      if (SCREENSHOTS) await card.screenshot({ path: join(SCREENSHOT_DIR, `home-water-chart-${name}.png`) });
      const violations = await seriousAxeViolations(home);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
  });

  it('refuses a CSV file with a bad line, naming it, and saves nothing; then imports a good file', async () => {
    const page = await tab.open();
    await signIn(page);
    await openScreen(page);

    await chooseFile(page, 'readings-bad.csv', 'date,percent\n01/03/2020,71\n02/03/2020,140\n2020-03-03,72\n');
    const refusal = page.getByRole('alert').filter({ hasText: 'This file cannot be imported' });
    await refusal.waitFor();
    await textOf(refusal).toContain('Line 3: the percentage 140 is not between 0 and 100');
    await textOf(refusal).toContain('Nothing has been saved');
    await countOf(page.getByRole('button', { name: /^Import \d+ Readings$/ })).toBe(0);
    await expectAccessible(page, 'admin-water-levels-import-refused');
    expect(await storedIn(2020)).toEqual([]);

    await chooseFile(page, 'readings-good.csv', 'date,percent\n01/03/2020,71\n02/03/2020,70.5\n2020-03-03,72\n');
    await page.getByText('3 new readings, 0 to replace, 0 already stored as they are.').waitFor();
    await expectAccessible(page, 'admin-water-levels-import-preview');
    expect(await storedIn(2020)).toEqual([]);
    await page.getByRole('button', { name: 'Import 3 Readings' }).click();
    await page.getByText('Imported 3 readings from readings-good.csv: 3 added, 0 replaced, 0 unchanged.').waitFor();
    expect(await storedIn(2020)).toEqual([
      { date: '2020-03-01', percentFull: 71 },
      { date: '2020-03-02', percentFull: 70.5 },
      { date: '2020-03-03', percentFull: 72 },
    ]);

    // The same file again with one value changed: the preview names the reading it replaces.
    await chooseFile(page, 'readings-fix.csv', '2020-03-02,69\n');
    const replaced = page.getByRole('region', { name: 'Readings that will be replaced' });
    await replaced.waitFor();
    await textOf(replaced).toMatch(/2 March 2020\s+70\.5%\s+69%/);
  });

  it('Correct opens an input with the current value and saves only the value typed; Cancel and Escape leave it as it was (mouse and keyboard, 375 px)', async () => {
    const today = londonDate(new Date());
    const [first, second] = [addDaysToDate(today, -2), addDaysToDate(today, -3)];
    const page = await tab.open(PHONE);
    await signIn(page);
    await openScreen(page);
    const writes: string[] = [];
    const counted = (request: Request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/admin/water-levels/')) writes.push(request.url());
    };
    page.on('request', counted);
    onTestFinished(() => void page.off('request', counted));
    const storedOn = async (date: string) => (await storedIn(Number(date.slice(0, 4)))).find((r) => r.date === date)?.percentFull;
    const corrections = async () => {
      const res = await page.request.get('/api/admin/audit?limit=500');
      return ((await res.json()) as { entries: { action: string }[] }).entries.filter((e) => e.action === 'waterLevel.corrected').length;
    };
    const before = await corrections();

    // By mouse: Correct shows the input, with the stored value, and saves nothing yet.
    const firstWords = readingDateInWords(first);
    const firstValue = await storedOn(first);
    expect(firstValue).toBeDefined();
    await page.getByRole('button', { name: `Correct the reading of ${firstWords}` }).click();
    const input = page.getByRole('textbox', { name: `Percent full on ${firstWords}` });
    await input.waitFor();
    expect(await input.inputValue()).toBe(String(firstValue));
    await expectAccessible(page, 'admin-water-levels-correcting-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await countOf(page.getByText(/corrected to/)).toBe(0);
    expect(writes).toEqual([]);
    // Cancel leaves it as it was.
    await page.getByRole('button', { name: `Cancel the correction of ${firstWords}` }).click();
    await countOf(input).toBe(0);
    expect(await storedOn(first)).toBe(firstValue);

    await page.getByRole('button', { name: `Correct the reading of ${firstWords}` }).click();
    await input.fill('12.5');
    await page.getByRole('button', { name: `Save the reading of ${firstWords}` }).click();
    await page.getByText(`Reading for ${firstWords} corrected to 12.5% full.`).waitFor();
    await page.getByRole('row').filter({ hasText: firstWords }).getByText('12.5%').waitFor();
    expect(await storedOn(first)).toBe(12.5);
    expect(writes).toHaveLength(1);

    // By keyboard: Enter on Correct puts the focus in the input; Escape closes it unchanged and
    // gives the focus back to Correct; Enter in the input saves the new value.
    const secondWords = readingDateInWords(second);
    const secondValue = await storedOn(second);
    const correct = page.getByRole('button', { name: `Correct the reading of ${secondWords}` });
    await correct.focus();
    await page.keyboard.press('Enter');
    const secondInput = page.getByRole('textbox', { name: `Percent full on ${secondWords}` });
    await expect.poll(() => secondInput.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await secondInput.inputValue()).toBe(String(secondValue));
    await page.keyboard.type('99');
    await page.keyboard.press('Escape');
    await countOf(secondInput).toBe(0);
    await expect.poll(() => correct.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await storedOn(second)).toBe(secondValue);
    expect(writes).toHaveLength(1);

    await page.keyboard.press('Enter');
    await expect.poll(() => secondInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('44');
    await page.keyboard.press('Enter');
    await page.getByText(`Reading for ${secondWords} corrected to 44% full.`).waitFor();
    expect(await storedOn(second)).toBe(44);
    expect(await corrections()).toBe(before + 2);
  });

  it('works at 375 px, and shows its loading and error states', async () => {
    const page = await tab.open(PHONE);
    await signIn(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = false;
    await page.route('**/api/water-levels?*', async (route) => {
      if (fail) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The database is not available' }) });
        return;
      }
      await held;
      await route.continue();
    });
    await page.goto('/admin/water-levels');
    await page.getByText('Loading readings…').waitFor();
    release();
    await page.getByRole('region', { name: 'Readings, newest first' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'admin-water-levels-375');

    fail = true;
    await page.reload();
    await page.getByText('Failed to load water levels').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await expectAccessible(page, 'admin-water-levels-error');
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('region', { name: 'Readings, newest first' }).waitFor();
    // The sign-in page's session check answers 401 before signing in; the 503 is this test's own.
    expect(
      world.browser.errors.filter(
        (e) => !e.includes('status of 503') && !e.includes('/admin/login: console: Failed to load resource: the server responded with a status of 401'),
      ),
    ).toEqual([]);
  });
});
