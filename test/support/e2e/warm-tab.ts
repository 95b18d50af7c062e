import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { DESKTOP, type BrowserSession } from './browser';

export interface WarmTab {
  /**
   * The file's shared tab at `viewport` (desktop unless given), as a new tab would be for a test
   * that then opens its page with `goto`: no route left from the test before, and nothing kept in
   * its sessionStorage. Never closed by a test: the file closes it after its last.
   */
  open(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One tab that a test file's tests take in turn, each loading its page afresh, rather than a new
 * tab per test: its renderer stays warm, and a page (and axe-core, 650 kB) loads faster in it
 * (ADR 82, docs/performance.md "The test suite's time"). Only for tests whose subject is not the
 * tab itself: a first load in a new tab, the tab's own history (Back, Forward) or fake timers keep
 * a tab of their own.
 *
 * `session` gives the browser session the tab is opened in (read when the first test asks, after
 * the file's useApp has started it). The tab is closed after the file's last test.
 */
export function warmTab(session: () => Pick<BrowserSession, 'newPage'>): WarmTab {
  let tab: Page | undefined;
  afterAll(async () => {
    const open = tab;
    tab = undefined;
    if (open && !open.isClosed()) await open.close();
  });
  return {
    async open(viewport = DESKTOP) {
      if (!tab || tab.isClosed()) {
        tab = await session().newPage(viewport);
        return tab;
      }
      // A test's own routes end with it, as they would with its tab. (Its listeners it takes off
      // itself: the session's own, which record errors and requests, stay.)
      await tab.unrouteAll({ behavior: 'ignoreErrors' });
      // Nothing kept for this tab from the page before (a page that is not the app's may refuse).
      await tab.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await tab.setViewportSize(viewport);
      return tab;
    },
  };
}
