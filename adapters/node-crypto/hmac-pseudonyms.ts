import { createHmac } from 'node:crypto';
import type { Pseudonyms } from '../../core/privacy/pseudonyms.port';

/**
 * Pseudonyms made with HMAC-SHA256 under the manage-link secret (purpose "pseudonym"), so they
 * stay the same across restarts and instances and cannot be turned back into e-mails without it.
 */
export class HmacPseudonyms implements Pseudonyms {
  constructor(private readonly secret: string) {
    if (secret.length < 32) throw new Error('The pseudonym secret must be at least 32 characters');
  }

  of(email: string): string {
    const key = email.trim().toLowerCase();
    return `Person ${createHmac('sha256', this.secret).update(`pseudonym:${key}`).digest('hex').slice(0, 12)}`;
  }
}
