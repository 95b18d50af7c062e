import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';
import { ROOT } from './app-server';

/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, offline, reproducible: no sync, updates, QUIC or first-run screens. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 740 } as const;

export interface BrowserSession {
  context: BrowserContext;
  /** A new tab of the given size (desktop by default) that records page errors. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Uncaught errors and console errors seen in any tab so far. */
  errors: string[];
  /** Requests that failed (refused, aborted, reset) in any tab so far, for a failed test's report. */
  failedRequests: string[];
  /** The requests of `page` sent and not yet answered, each with when it was sent (for a failed test's report). */
  pending(page: Page): { url: string; since: number }[];
  close(): Promise<void>;
}

export interface LaunchOptions {
  baseURL?: string;
  /** The browser's language (en-GB unless a test checks another, e.g. a US-English browser). */
  locale?: string;
  reducedMotion?: 'reduce' | 'no-preference';
  /** A touch screen: pages get touch events, and `page.tap` works. */
  hasTouch?: boolean;
  /**
   * The app's service worker (docs/offline.md) runs only where a test asks ('allow'): elsewhere each
   * page comes from the server, as a test that changes data and opens the page again expects, even
   * when the busy machine answers slower than the worker waits before showing the kept page.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * The Chromium of this test worker, launched at its first browser session and shared by every
 * session after it (ADR 75): a session is a browser context of its own (cookies, storage, service
 * workers, cache), as apart from the others as a fresh profile was, for about 0.35 s instead of
 * the 1.3 s of a launch. Vitest keeps a worker's modules from file to file (`isolate: false`), so
 * the worker's files share it; Playwright ends it with the worker's process. Launched again should
 * it have gone (crashed, or closed).
 */
let workerChromium: Promise<Browser> | undefined;

async function chromiumOfThisWorker(): Promise<Browser> {
  const launched = workerChromium && (await workerChromium.catch(() => undefined));
  if (launched?.isConnected()) return launched;
  const launching = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  workerChromium = launching;
  // A launch that failed is tried again by the next session rather than failing every one after it.
  launching.catch(() => {
    if (workerChromium === launching) workerChromium = undefined;
  });
  return launching;
}

/**
 * A browser session on this worker's Chromium (chromiumOfThisWorker): a new context, its own
 * cookies and storage, closed by close(). Tests that need two people or two devices at once open
 * a session each.
 *
 * A session that lets the app's service worker run gets a Chromium of its own on a fresh profile
 * instead: a context in a shared browser is off the record, and Chromium treats such a profile
 * unlike a member's browser (it finds no app installable there, "in-incognito"), where those
 * sessions test the installed, offline app.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  const contextOptions = {
    viewport: DESKTOP,
    baseURL: options.baseURL,
    acceptDownloads: true,
    reducedMotion: options.reducedMotion ?? 'reduce',
    locale: options.locale ?? 'en-GB',
    timezoneId: 'Europe/London',
    hasTouch: options.hasTouch ?? false,
    serviceWorkers: options.serviceWorkers ?? 'block',
  } as const;
  let context: BrowserContext;
  let userDataDir: string | undefined;
  if (contextOptions.serviceWorkers === 'allow') {
    userDataDir = mkdtempSync(join(tmpdir(), 'kyc-chromium-'));
    try {
      context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...contextOptions });
    } catch (error) {
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
  } else {
    context = await (await chromiumOfThisWorker()).newContext(contextOptions);
  }
  // A wait ends as soon as the page is ready; the limit only catches a page that never gets there.
  context.setDefaultTimeout(120_000);
  const errors: string[] = [];
  const failedRequests: string[] = [];
  const inFlight = new WeakMap<Page, Map<Request, number>>();
  const watch = (page: Page) => {
    const requests = new Map<Request, number>();
    inFlight.set(page, requests);
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: console: ${message.text()}`);
    });
    page.on('request', (request) => requests.set(request, Date.now()));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => {
      requests.delete(request);
      failedRequests.push(`${page.url()}: ${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? 'unknown'}`);
    });
  };
  context.pages().forEach((page) => watch(waitingForTheApp(page)));
  context.on('page', (page) => watch(waitingForTheApp(page)));
  return {
    context,
    errors,
    failedRequests,
    pending: (page) => [...(inFlight.get(page) ?? new Map<Request, number>())].map(([request, since]) => ({ url: request.url(), since })),
    async newPage(viewport: { width: number; height: number } = DESKTOP) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      await context.close();
      if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Whether the browser tests save their screenshots: with `KYC_SCREENSHOTS=1` (README, "Tests").
 * They are for a person to look through, never compared by a test, and a full-page capture costs
 * a large part of a short browser test, so a plain `npm test` takes none.
 */
export const SCREENSHOTS = process.env.KYC_SCREENSHOTS === '1';

/** A full-page screenshot in test-results/screenshots/ (git-ignored), when SCREENSHOTS; its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  if (!SCREENSHOTS) return path;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits, after `page` has loaded a page of the app, until the app listens on it: a members' page
 * comes drawn by the server and a click or a key is lost until the app has hydrated it (ADR 29);
 * the root is marked once the app's first render is committed, its listeners in place. Other answers (a PDF, a calendar
 * file) and pages loaded with their scripts blocked are not waited on.
 */
async function appListening(page: Page, response: Response | null): Promise<void> {
  if (response === null || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  if (NO_SCRIPT_PAGES.has(page)) return;
  await page.locator('#root[data-app="running"]').waitFor({ state: 'attached' });
}

/** Pages whose scripts a test blocks on purpose (`withoutScripts`). */
const NO_SCRIPT_PAGES = new WeakSet<Page>();

/** Blocks every script of `page` from now on, as a browser with JavaScript off (or a script that never comes). */
export async function withoutScripts(page: Page): Promise<void> {
  NO_SCRIPT_PAGES.add(page);
  await page.route('**/*.js', (route) => route.abort());
}

/** `page`'s own goto and reload, each ending once the app listens on the page it loaded. */
function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await appListening(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await appListening(page, response);
    return response;
  };
  return page;
}

/**
 * A phone tab whose browser does not put the scroll position back by itself. Desktop Chromium
 * retries its own restoration until the page has grown back, which hides the fault; Safari and
 * slow phones restore against the page shown when Back is pressed (a short booking page), so
 * the calendar came back near its top (2,475 px → 227 px). The app must restore it itself.
 */
export async function phoneWithoutBrowserRestoration(browser: Pick<BrowserSession, 'newPage'>): Promise<Page> {
  const page = await browser.newPage(PHONE);
  await page.addInitScript(() => {
    window.history.scrollRestoration = 'manual';
  });
  return page;
}
