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
  /** How Chromium is launched on the app (its baseURL is the app's); `false`: no browser. */
  browser?: Omit<LaunchOptions, 'baseURL'> | false;
  /** The size of the first tab, `world.page` (desktop unless given). */
  viewport?: { width: number; height: number };
}

/** The app, Chromium and the first tab of one browser test file. */
export interface AppWorld {
  app: AppServer;
  browser: BrowserSession;
  /** A tab opened once the browser is up, for files that walk through one page. */
  page: Page;
  /** The SMTP server the app sends to (only with `mail: true`). */
  smtp: SmtpTestServer;
  /** Another Chromium (its own profile) on the same app, closed with the rest. */
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
 * on a fresh seeded data folder (startAppServer, with `options`), Chromium is launched on it and a
 * first tab opened; after its last test all of them are closed, the newest first.
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
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      const browser = started?.browser;
      if (browser) console.error(await describeTabs(browser));
    });
  });
  afterAll(async () => {
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

/** Each open tab's address and the start of its text, and the errors the browser saw: printed when a test fails. */
export async function describeTabs(browser: BrowserSession): Promise<string> {
  const tabs = await Promise.all(
    browser.context.pages().map(async (tab: Page, index) => {
      const text = await tab
        .locator('body')
        .innerText({ timeout: 2000 })
        .catch((error: unknown) => `(no text: ${String(error).split('\n')[0]})`);
      return `tab ${index + 1}: ${tab.url()}\n${text.replace(/\s+/g, ' ').slice(0, 800)}`;
    }),
  );
  const errors = browser.errors.length > 0 ? `\nbrowser errors:\n${browser.errors.slice(-10).join('\n')}` : '';
  return `What the browser showed when the test failed:\n${tabs.join('\n')}${errors}`;
}
