import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpTestServer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL or the SmtpMailer. */
  url: string;
  /** Every message the server took, parsed as a mail client would read it. */
  received: ParsedMail[];
  /** Refuses the next `count` messages with this SMTP answer (e.g. 451 for "try later"). */
  refuseNext(count: number, code?: number, text?: string): void;
  /** Waits until `count` messages have arrived (the test's own timeout bounds the wait). */
  waitFor(count: number): Promise<ParsedMail[]>;
  /** Waits until a message with this subject has arrived (since `received` was last emptied); answers it. */
  waitForSubject(subject: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process, on 127.0.0.1, taking any sender and recipient without sign-in. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  let refusals: { count: number; code: number; text: string } = { count: 0, code: 451, text: 'Try again later' };
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count -= 1;
          const error = Object.assign(new Error(refusals.text), { responseCode: refusals.code });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push(parsed);
            callback();
            for (const wake of waiters.splice(0)) wake();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code = 451, text = 'Try again later') {
      refusals = { count, code, text };
    },
    async waitFor(count) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    async waitForSubject(subject) {
      for (;;) {
        const found = received.find((mail) => mail.subject === subject);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
