import { createHash, randomBytes } from 'node:crypto';
import type { SecretTokens } from '../../core/shared/secret-tokens.port';

/** Secrets from the operating system's generator; SHA-256 is enough for 256 random bits (no salt or slow hash needed). */
export class CryptoSecretTokens implements SecretTokens {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}
