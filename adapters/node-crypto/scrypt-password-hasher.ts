import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../core/admins/password-hasher.port';

/** Parameters chosen so a hash costs tens of milliseconds: slow for guessing, fine for sign-in. */
export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

const DEFAULT_PARAMETERS: ScryptParameters = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Refuse absurd parameters read from a stored hash so a tampered record cannot stall the server.
const MAX_N = 1 << 20;

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParameters): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Stored as `scrypt$N$r$p$salt$hash` with base64url salt and hash. */
export class ScryptPasswordHasher implements PasswordHasher {
  private readonly params: ScryptParameters;

  constructor(params: Partial<ScryptParameters> = {}) {
    this.params = { ...DEFAULT_PARAMETERS, ...params };
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await scrypt(password, salt, KEY_LENGTH, this.params);
    const { N, r, p } = this.params;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, hash: string): Promise<boolean> {
    if (typeof password !== 'string' || typeof hash !== 'string') return false;
    const parts = hash.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN));
    if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p)) return false;
    if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
    const salt = Buffer.from(parts[4], 'base64url');
    const expected = Buffer.from(parts[5], 'base64url');
    if (salt.length === 0 || expected.length < 16 || expected.length > 128) return false;
    try {
      const actual = await scrypt(password, salt, expected.length, { N, r, p });
      return timingSafeEqual(actual, expected);
    } catch {
      return false;
    }
  }
}
