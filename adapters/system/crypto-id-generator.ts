import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '../../core/shared/id-generator.port';

/** Bytes of ids drawn from the operating system at a time (as Node's randomUUID keeps a cache). */
const POOL_IDS = 256;
const ID_BYTES = 16;

/**
 * Random ids: 128 bits from the operating system's generator, base64url (22 characters). The bytes
 * are drawn for 256 ids at once: one system call per id was a few percent of a booking's CPU.
 */
export class CryptoIdGenerator implements IdGenerator {
  private readonly pool = Buffer.alloc(POOL_IDS * ID_BYTES);
  private offset = this.pool.length;

  next(): string {
    if (this.offset === this.pool.length) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const id = this.pool.toString('base64url', this.offset, this.offset + ID_BYTES);
    this.offset += ID_BYTES;
    return id;
  }
}
