import { afterAll, beforeAll, beforeEach } from 'vitest';
import { SmtpMailer } from '../../../../adapters/smtp/smtp-mailer';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';

/**
 * A real SMTP server for the tests of one file and an SmtpMailer sending to it as `from`: started
 * before the file's first test, closed after its last, and each test starts with nothing received.
 */
export function useSmtpMailer(from: string): { smtp(): SmtpTestServer; mailer(): SmtpMailer } {
  let smtp: SmtpTestServer | undefined;
  let mailer: SmtpMailer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    mailer = new SmtpMailer({ url: smtp.url, from });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    if (smtp) smtp.received.length = 0;
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The SMTP server is only there inside a test');
    return value;
  };
  return { smtp: () => started(smtp), mailer: () => started(mailer) };
}
