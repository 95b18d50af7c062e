import { createHmac } from 'node:crypto';
import { signInEmailKey, sixDigitCode } from '../../core/member-sign-in/member-sign-in';
import type { SignInKeys } from '../../core/member-sign-in/sign-in-keys.port';

/**
 * Sign-in keys made with HMAC-SHA256 under the manage-link secret (purposes "sign-in-email" and
 * "sign-in-code"), so they stay the same across restarts and instances.
 */
export class HmacSignInKeys implements SignInKeys {
  constructor(private readonly secret: string) {
    if (secret.length < 32) throw new Error('The sign-in key secret must be at least 32 characters');
  }

  emailKey(email: string): string {
    return createHmac('sha256', this.secret)
      .update(`sign-in-email:${signInEmailKey(email)}`)
      .digest('hex');
  }

  code(seed: string): string {
    return sixDigitCode(createHmac('sha256', this.secret).update(`sign-in-code:${seed}`).digest('base64url'));
  }
}
