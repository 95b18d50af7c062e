import type { ParsedMail } from 'mailparser';
import type { BuildAppOptions } from '../../../server/app';
import { eventually } from '../eventually';
import { startSmtpTestServer, type SmtpTestServer } from '../smtp-test-server';
import { startTestApp, type TestApp } from './test-app';

/** The sender and the members' address every mail test's app is set up with. */
export const TEST_MAIL_FROM = 'Kestrel Yacht Club <bookings@kestrel-yc.example>';
export const TEST_PUBLIC_BASE_URL = 'https://members.kestrel-yc.example';

export interface TestAppWithMail {
  /** The real SMTP server, in this process, that the app sends to. */
  smtp: SmtpTestServer;
  app: TestApp;
  /** Disposes of the app, then closes the SMTP server. */
  close(): Promise<void>;
}

/**
 * The app (on the project's storage) sending its e-mails to an SMTP server in the test process,
 * with links to TEST_PUBLIC_BASE_URL, and the outbox's sender looking every 50 ms. `env` and
 * `build` add to (or override) those settings.
 */
export async function startTestAppWithMail(options: { env?: Record<string, string>; build?: BuildAppOptions } = {}): Promise<TestAppWithMail> {
  const smtp = await startSmtpTestServer();
  try {
    const app = await startTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM, PUBLIC_BASE_URL: TEST_PUBLIC_BASE_URL, ...options.env },
      build: { mailRoundMs: 50, ...options.build },
    });
    return {
      smtp,
      app,
      close: async () => {
        await app.dispose();
        await smtp.close();
      },
    };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** Waits until the app's outbox has sent every queued message. */
export async function outboxEmptied(app: TestApp): Promise<void> {
  await eventually(async () => (await app.get('outbox').list({ status: 'queued' })).length).toBe(0);
}

/** The one address a received mail is to ('' when it has none or several). */
export const toOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '');

/** The mail with this subject to this address, once the SMTP server has received it. */
export async function mailTo(smtp: SmtpTestServer, address: string, subject: string): Promise<ParsedMail> {
  const find = () => smtp.received.find((m) => toOf(m) === address && m.subject === subject);
  await eventually(() => find() !== undefined, `an e-mail "${subject}" to ${address}`).toBe(true);
  return find()!;
}
