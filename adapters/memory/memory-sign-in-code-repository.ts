import type { SignInCode, SignInCodeRepository } from '../../core/member-sign-in/sign-in-code-repository.port';
import { copyOrNull, deleteWhere } from './memory-records';

/** Codes in a map by their e-mail hash; each call runs to its end before another starts (one thread). */
export class MemorySignInCodeRepository implements SignInCodeRepository {
  private readonly codes = new Map<string, SignInCode>();

  async put(code: SignInCode): Promise<void> {
    this.codes.set(code.emailHash, structuredClone(code));
  }

  async get(emailHash: string): Promise<SignInCode | null> {
    return copyOrNull(this.codes.get(emailHash));
  }

  async countTry(emailHash: string, now: Date, maxTries: number): Promise<SignInCode | null> {
    const code = this.codes.get(emailHash);
    if (!code || code.usedAt !== null || code.tries >= maxTries || Date.parse(code.expiresAt) <= now.getTime()) return null;
    code.tries += 1;
    return structuredClone(code);
  }

  async markUsed(emailHash: string, codeHash: string, at: Date): Promise<boolean> {
    const code = this.codes.get(emailHash);
    if (!code || code.codeHash !== codeHash || code.usedAt !== null) return false;
    code.usedAt = at.toISOString();
    return true;
  }

  async extend(emailHash: string, codeHash: string, now: Date, expiresAt: Date): Promise<boolean> {
    const code = this.codes.get(emailHash);
    if (!code || code.codeHash !== codeHash || code.usedAt !== null || Date.parse(code.expiresAt) <= now.getTime()) return false;
    code.expiresAt = expiresAt.toISOString();
    return true;
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteWhere(this.codes, (code) => Date.parse(code.expiresAt) < now.getTime());
  }
}
