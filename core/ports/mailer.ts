import type { OutgoingMail } from '../entities/mail';

/** The mail server refused or could not be reached; `message` is its answer, for admins to read. */
export class MailRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRefusedError';
  }
}

/** Hands an e-mail to the club's mail server. Throws MailRefusedError when it is not taken. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
