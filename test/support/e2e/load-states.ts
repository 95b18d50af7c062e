import type { Locator, Page } from 'playwright-core';

/** A screen whose list comes from one request, and what it shows while that request fails or waits. */
export interface LoadingScreen {
  /** The request the list comes from, as page.route matches it. */
  url: string;
  /** Goes to the screen (its list is then asked for). */
  open: () => Promise<void>;
  /** The error the screen shows when the request fails. */
  failed: string;
  /** The loading text while the request is on its way. */
  loading: string;
  /** Something the loaded screen shows. */
  loaded: Locator;
  /** Checks made while the error shows (axe, for one). */
  whileFailed: () => Promise<void>;
}

/**
 * The screen's error and loading states: its request fails (500) and the error shows; Try Again asks
 * again, held on its way so that the loading text shows; released, the screen loads.
 */
export async function expectErrorThenLoading(page: Page, screen: LoadingScreen): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let fail = true;
  await page.route(screen.url, async (route) => {
    if (fail) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal"}' });
    await held;
    return route.fallback();
  });
  await screen.open();
  await page.getByText(screen.failed).waitFor();
  await screen.whileFailed();
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByText(screen.loading).waitFor();
  release();
  await screen.loaded.waitFor();
  await page.unroute(screen.url);
}
