import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SmtpTestServer } from '../smtp-test-server';
import { startTestAppWithMail, type TestAppWithMail } from './app-with-mail';
import type TestAgent from 'supertest/lib/agent';
import { addAdmin, signIn, startTestApp, type TestApp } from './test-app';

// The life of the one app a test file (or describe block) shares: started before its first test,
// handed to `ready` (which keeps it and adds what all the tests need), disposed of after the last.

/** The app, as startTestApp's options say, for the tests of this file or describe block. */
export function useTestApp(options: Parameters<typeof startTestApp>[0], ready: (app: TestApp) => void | Promise<void>): void {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(options);
    await ready(started);
  });
  afterAll(async () => {
    await started?.dispose();
  });
}

/** The app with its SMTP server (startTestAppWithMail); each test starts with no mail received. */
export function useTestAppWithMail(options: Parameters<typeof startTestAppWithMail>[0], ready: (started: TestAppWithMail) => void | Promise<void>): void {
  let started: TestAppWithMail | undefined;
  let smtp: SmtpTestServer | undefined;
  beforeAll(async () => {
    started = await startTestAppWithMail(options);
    smtp = started.smtp;
    await ready(started);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    if (smtp) smtp.received.length = 0;
  });
}

/**
 * The app with its SMTP server, and a treasurer (an admin with every permission) signed in on an
 * agent of their own: for the tests of a booking's money seen from both sides.
 */
export function useTestAppWithTreasurer(
  options: Parameters<typeof startTestAppWithMail>[0],
  ready: (started: { smtp: SmtpTestServer; app: TestApp; treasurer: TestAgent }) => void | Promise<void>,
): void {
  useTestAppWithMail(options, async ({ smtp, app }) => {
    await addAdmin(app, 'treasurer@example.org');
    const treasurer = app.agent();
    await signIn(treasurer, 'treasurer@example.org');
    await ready({ smtp, app, treasurer });
  });
}

/** The token of a manage link (its path or address). */
export const manageTokenOf = (managePath: string) => new URL(managePath, 'http://x').searchParams.get('token') ?? '';
