import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { EVENTUALLY } from '../eventually';

/**
 * Something read from the page (`page.evaluate`, a locator's count or text), asserted with
 * retries: the page may still be rendering, so `expect(await locator.count()).toBe(0)` could read
 * it a moment too early. Read every 100 ms, to spare a busy machine the browser round trips.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { ...EVENTUALLY, interval: 100, message });
}

/** How many elements match `locator`, retried: `await countOf(row.getByRole('button')).toBe(0)`. */
export const countOf = (locator: Locator, message?: string) => eventually(() => locator.count(), message);

/** The rendered text of the one element `locator` matches, retried. */
export const textOf = (locator: Locator, message?: string) => eventually(() => locator.innerText(), message);

/** The rendered texts of every element `locator` matches, in order, retried. */
export const textsOf = (locator: Locator, message?: string) => eventually(() => locator.allInnerTexts(), message);

/** The value of the one input `locator` matches, retried. */
export const valueOf = (locator: Locator, message?: string) => eventually(() => locator.inputValue(), message);

/** An attribute of the one element `locator` matches (null when it has none), retried. */
export const attributeOf = (locator: Locator, name: string, message?: string) => eventually(() => locator.getAttribute(name), message);

/** Whether the one element `locator` matches is disabled, retried. */
export const disabledOf = (locator: Locator, message?: string) => eventually(() => locator.isDisabled(), message);

/** Whether the one checkbox `locator` matches is checked, retried. */
export const checkedOf = (locator: Locator, message?: string) => eventually(() => locator.isChecked(), message);

/** Whether the one element `locator` matches is visible (false when none matches), retried. */
export const visibleOf = (locator: Locator, message?: string) => eventually(() => locator.isVisible(), message);

/** The text content (hidden text too) of the one element `locator` matches, retried. */
export const textContentOf = (locator: Locator, message?: string) => eventually(() => locator.textContent(), message);
