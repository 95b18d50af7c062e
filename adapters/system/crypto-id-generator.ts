import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../core/shared/id-generator.port';

/** Random ids: 128 bits from the operating system's generator, base64url (22 characters). */
export class CryptoIdGenerator implements IdGenerator {
  next(): string {
    return randomBytes(16).toString('base64url');
  }
}
