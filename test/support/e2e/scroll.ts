import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { phoneWithoutBrowserRestoration, type BrowserSession } from './browser';

// Scroll positions on a phone, for the tests of the app's scroll restoration (docs/architecture.md).

/** Scrolls to this element and answers where the page is left: far down the phone screen (over 1000 px), as `what` says. */
export async function scrollFarDownTo(target: Locator, what: string): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  const left = await target.page().evaluate(() => window.scrollY);
  expect(left, `${what} is far down the phone screen`).toBeGreaterThan(1000);
  return left;
}

/** Waits until the page is back where it was left (within 2 px). */
export async function backAt(page: Page, left: number): Promise<void> {
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left);
}

/** A phone tab without the browser's own scroll restoration, opened on this path; answers it and its cards (by CSS selector). */
export async function phoneOn(browser: Pick<BrowserSession, 'newPage'>, path: string, cards: string): Promise<{ page: Page; cards: Locator }> {
  const page = await phoneWithoutBrowserRestoration(browser);
  await page.goto(path);
  return { page, cards: page.locator(cards) };
}

/** How much wider than the window the page is, in px: above 0, it scrolls sideways. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
