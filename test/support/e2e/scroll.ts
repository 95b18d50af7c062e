import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

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
