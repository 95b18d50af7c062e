import type { OutgoingMail } from './mail';

/** The mail server refused or could not be reached; `message` is its answer, for admins to read. */
export class MailRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRefusedError';
  }
}

/** Hands an e-mail to the club's mail server. Throws MailRefusedError when it is not taken. */
export interface Mailer {
  /**
   * `key` names the message for good (the outbox message's id): every delivery of it carries the
   * same Message-ID header made from it, so a second delivery (after a crash between sending and
   * recording it) is recognisable as the same message by the member's mail program.
   */
  send(mail: OutgoingMail, key?: string): Promise<void>;
}
