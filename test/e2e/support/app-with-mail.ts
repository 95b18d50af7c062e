import { afterAll, beforeAll } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../../support/smtp-test-server';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser, type BrowserSession } from './browser';

/** The sender every browser test's app writes its e-mails as. */
export const TEST_MAIL_FROM = 'Kestrel Yacht Club <bookings@kestrel-yc.example>';

export interface AppWithMail {
  /** The real SMTP server, in this process, that the app sends to. */
  smtp: SmtpTestServer;
  app: AppServer;
  browser: BrowserSession;
  /** Closes the browser, the app and the SMTP server, in that order. */
  close(): Promise<void>;
}

/**
 * The whole app sending its e-mails to an SMTP server in the test process, and Chromium on it:
 * the set-up of every browser test that reads the member's or admin's mail. `mailRoundMs`
 * makes the outbox's sender look for new messages that often (the default when left out).
 */
export async function startAppWithMail(options: { mailRoundMs?: number } = {}): Promise<AppWithMail> {
  const smtp = await startSmtpTestServer();
  let app: AppServer | undefined;
  try {
    app = await startAppServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM },
      ...(options.mailRoundMs === undefined ? {} : { build: { mailRoundMs: options.mailRoundMs } }),
    });
    const browser = await launchBrowser({ baseURL: app.baseUrl });
    const started = app;
    return {
      smtp,
      app: started,
      browser,
      close: async () => {
        await browser.close();
        await started.close();
        await smtp.close();
      },
    };
  } catch (error) {
    await app?.close();
    await smtp.close();
    throw error;
  }
}

/**
 * startAppWithMail for a whole test file: started before its first test, closed after its last.
 * The answer's smtp, app and browser are there from the first test on.
 */
export function useAppWithMail(options: { mailRoundMs?: number } = {}): Omit<AppWithMail, 'close'> {
  let started: AppWithMail | undefined;
  beforeAll(async () => {
    started = await startAppWithMail(options);
  });
  afterAll(() => started?.close());
  const get = (): AppWithMail => {
    if (!started) throw new Error('useAppWithMail: the app is not started yet (use it inside a test or hook)');
    return started;
  };
  return {
    get smtp() {
      return get().smtp;
    },
    get app() {
      return get().app;
    },
    get browser() {
      return get().browser;
    },
  };
}
