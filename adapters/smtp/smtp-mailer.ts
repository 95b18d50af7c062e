import type { Transporter } from 'nodemailer';
import type { OutgoingMail } from '../../core/mail/mail';
import { MailRefusedError, type Mailer } from '../../core/mail/mailer.port';
import { onFirstUse } from '../first-use';

export interface SmtpMailerOptions {
  /** A nodemailer connection URL, e.g. smtps://user:pass@smtp.example.org:465. */
  url: string;
  /** The sender, e.g. "Kestrel Yacht Club <bookings@kestrel-yc.example>". */
  from: string;
  /** Gives up on a server that stops answering (connection, greeting, each command). */
  timeoutMs?: number;
}

/** What nodemailer reports on a refusal: the server's own answer where there is one. */
function answerOf(error: unknown): string {
  const e = error as { response?: unknown; responseCode?: unknown; code?: unknown; message?: unknown };
  if (typeof e.response === 'string' && e.response !== '') return e.response;
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  return `${code}${typeof e.message === 'string' ? e.message : String(error)}`;
}

/**
 * A stable Message-ID for a message key: `<key@domain>`, the domain the sender's own (RFC 5322
 * asks for a globally unique id; the outbox id is unique, the domain is the club's).
 */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
}

// nodemailer loads with the first message sent, not at start (ADR 0078).
const nodemailer = onFirstUse(() => import('nodemailer'));

/** E-mail through the club's SMTP server, with nodemailer. */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;
  private readonly url: string;

  constructor(private readonly options: SmtpMailerOptions) {
    // nodemailer reads its settings from the URL alone; the timeouts join it unless the URL sets them.
    const url = new URL(options.url);
    const timeout = String(options.timeoutMs ?? 60_000);
    for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, timeout);
    }
    this.url = url.toString();
  }

  /** One transport (and its pooled connection, if the URL asks for one) for the mailer's life. */
  private transporter(): Promise<Transporter> {
    this.transport ??= nodemailer().then((loaded) => loaded.createTransport(this.url));
    return this.transport;
  }

  async send(mail: OutgoingMail, key?: string): Promise<void> {
    try {
      const transport = await this.transporter();
      await transport.sendMail({
        from: this.options.from,
        ...(key === undefined ? {} : { messageId: messageIdOf(key, this.options.from) }),
        to: mail.to,
        ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
    } catch (error) {
      throw new MailRefusedError(answerOf(error));
    }
  }

  close(): void {
    void this.transport?.then((transport) => transport.close()).catch(() => {});
  }
}

/** With mail off (no SMTP_URL) nothing is sent: the messages stay in the outbox for admins to read. */
export class MailOff implements Mailer {
  async send(): Promise<void> {
    throw new MailRefusedError('E-mail is off: set SMTP_URL to send it (docs/mail.md)');
  }
}
