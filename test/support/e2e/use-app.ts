import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../smtp-test-server';
import { startAppServer, type AppServer, type AppServerOptions } from './app-server';
import { DESKTOP, launchBrowser, type BrowserSession, type LaunchOptions } from './browser';

/** The sender every browser test's app writes its e-mails as. */
export const TEST_MAIL_FROM = 'Kestrel Yacht Club <bookings@kestrel-yc.example>';

/**
 * How often a browser test's app delivers its outbox. The server's own round (MAIL_ROUND_MS,
 * 15 s) made every e-mail a test waits for (a sign-in code, a confirmation) cost up to 15 s:
 * one member-duties test with four e-mails took a minute, most of it waiting.
 */
export const TEST_MAIL_ROUND_MS = 50;

export interface UseAppOptions extends AppServerOptions {
  /**
   * Sends the app's e-mails to a real SMTP server in the test process (`world.smtp`): SMTP_URL
   * and MAIL_FROM are set before `env` is applied, and the outbox is delivered every
   * TEST_MAIL_ROUND_MS (unless `build.mailRoundMs` says otherwise).
   */
  mail?: boolean;
  /** The browser session opened on the app (its baseURL is the app's); `false`: no browser. */
  browser?: Omit<LaunchOptions, 'baseURL'> | false;
  /** The size of the first tab, `world.page` (desktop unless given). */
  viewport?: { width: number; height: number };
}

/** The app, a browser session and the first tab of one browser test file. */
export interface AppWorld {
  app: AppServer;
  browser: BrowserSession;
  /** A tab opened once the browser is up, for files that walk through one page. */
  page: Page;
  /** The SMTP server the app sends to (only with `mail: true`). */
  smtp: SmtpTestServer;
  /** Another browser session (its own cookies and storage) on the same app, closed with the rest. */
  launchBrowser(options?: Omit<LaunchOptions, 'baseURL'>): Promise<BrowserSession>;
}

interface Started {
  app?: AppServer;
  browser?: BrowserSession;
  page?: Page;
  smtp?: SmtpTestServer;
  others: BrowserSession[];
}

/**
 * The set-up of every browser test file: before its first test the app is built in this process
 * on a fresh seeded data folder (startAppServer, with `options`), a browser session is opened on it
 * and a first tab opened; after its last test all of them are closed, the newest first.
 *
 * `options` may be a function, called when the file starts: for options that need something the
 * file starts first (an emulator, a fake payment server) in a `beforeAll` placed before useApp.
 * Hooks run as a stack, so that something is stopped after the app.
 */
export function useApp(options: UseAppOptions | (() => UseAppOptions | Promise<UseAppOptions>) = {}): AppWorld {
  let started: Started | undefined;
  beforeAll(async () => {
    const { mail, browser: launch, viewport, ...serverOptions } = typeof options === 'function' ? await options() : options;
    const current: Started = { others: [] };
    // Kept before the first await so that a failed start still closes what did start.
    started = current;
    if (mail) current.smtp = await startSmtpTestServer();
    const mailEnv: Record<string, string> = current.smtp ? { SMTP_URL: current.smtp.url, MAIL_FROM: TEST_MAIL_FROM } : {};
    const build = mail ? { mailRoundMs: TEST_MAIL_ROUND_MS, ...serverOptions.build } : serverOptions.build;
    current.app = await startAppServer({ ...serverOptions, build, env: { ...mailEnv, ...serverOptions.env } });
    if (launch !== false) {
      current.browser = await launchBrowser({ ...launch, baseURL: current.app.baseUrl });
      current.page = await current.browser.newPage(viewport ?? DESKTOP);
    }
  });
  // A failed test prints what each open tab showed: a wait that ran out says only what it waited for.
  // The report goes into the failure's own message, which the run's summary prints, not only to the log.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async ({ task }) => {
      const browser = started?.browser;
      if (browser) await withReport(task.result?.errors, browser);
    });
  });
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a hook's first parameter as its fixtures, which must be a pattern.
  afterAll(async ({}, file) => {
    // A hook that failed (a sign-in in a beforeAll) fails the file, not a test: its report too.
    if (file.result?.errors?.length && started?.browser) await withReport(file.result.errors, started.browser);
    const current = started;
    started = undefined;
    if (!current) return;
    for (const other of current.others) await other.close();
    await current.browser?.close();
    await current.app?.close();
    await current.smtp?.close();
  });
  const get = <K extends keyof Started>(key: K): NonNullable<Started[K]> => {
    const value = started?.[key];
    if (value === undefined) {
      throw new Error(`useApp: no ${key} (the app starts in beforeAll; use it inside a test or hook${key === 'smtp' ? ', with mail: true' : ''})`);
    }
    return value as NonNullable<Started[K]>;
  };
  return {
    get app() {
      return get('app');
    },
    get browser() {
      return get('browser');
    },
    get page() {
      return get('page');
    },
    get smtp() {
      return get('smtp');
    },
    async launchBrowser(launch = {}) {
      const other = await launchBrowser({ ...launch, baseURL: get('app').baseUrl });
      get('others').push(other);
      return other;
    },
  };
}

/** Adds describeTabs' report to the first of `errors` (a failed test's or file's), so the summary shows it. */
async function withReport(errors: { message?: string }[] | undefined, browser: BrowserSession): Promise<void> {
  const report = await describeTabs(browser).catch((error: unknown) => `(no report of the tabs: ${String(error)})`);
  const first = errors?.[0];
  if (first) first.message = `${first.message ?? ''}\n${report}`;
  else console.error(report);
}

/**
 * Each open tab's address, the start of its text, whether the app runs on it and the requests it
 * still waits for, and the errors the browser saw: for a failed test's report.
 */
export async function describeTabs(browser: BrowserSession): Promise<string> {
  const now = Date.now();
  const tabs = await Promise.all(
    browser.context.pages().map(async (tab: Page, index) => {
      const text = await tab
        .locator('body')
        .innerText({ timeout: 2000 })
        .catch((error: unknown) => `(no text: ${String(error).split('\n')[0]})`);
      const running = await tab
        .locator('#root')
        .getAttribute('data-app', { timeout: 2000 })
        .catch(() => null);
      const waiting = browser.pending(tab).map(({ url, since }) => `  waiting ${Math.round((now - since) / 1000)} s for ${url}`);
      return [`tab ${index + 1}: ${tab.url()} (app ${running ?? 'not running'})`, text.replace(/\s+/g, ' ').slice(0, 800), ...waiting].join('\n');
    }),
  );
  const errors = browser.errors.length > 0 ? `\nbrowser errors:\n${browser.errors.slice(-10).join('\n')}` : '';
  const failed = browser.failedRequests.length > 0 ? `\nfailed requests:\n${browser.failedRequests.slice(-10).join('\n')}` : '';
  return `What the browser showed when the test failed:\n${tabs.join('\n')}${errors}${failed}`;
}
