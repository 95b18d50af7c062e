import { ConflictError } from '../../core/shared/errors';
import type { PasswordResetToken, PasswordResetTokenRepository } from '../../core/admins/password-reset-token-repository.port';

export class MemoryPasswordResetTokenRepository implements PasswordResetTokenRepository {
  private readonly tokens = new Map<string, PasswordResetToken>();

  async create(token: PasswordResetToken): Promise<void> {
    if (this.tokens.has(token.tokenHash)) throw new ConflictError('A reset token with this hash already exists');
    this.tokens.set(token.tokenHash, { ...token });
  }

  async get(tokenHash: string): Promise<PasswordResetToken | null> {
    const token = this.tokens.get(tokenHash);
    return token ? { ...token } : null;
  }

  async markUsed(tokenHash: string, at: Date): Promise<boolean> {
    const token = this.tokens.get(tokenHash);
    if (!token || token.usedAt !== null) return false;
    token.usedAt = at.toISOString();
    return true;
  }

  async markAllUsed(uid: string, at: Date): Promise<void> {
    for (const token of this.tokens.values()) {
      if (token.uid === uid && token.usedAt === null) token.usedAt = at.toISOString();
    }
  }

  async deleteExpired(now: Date): Promise<number> {
    let removed = 0;
    for (const [tokenHash, token] of this.tokens) {
      if (Date.parse(token.expiresAt) < now.getTime()) {
        this.tokens.delete(tokenHash);
        removed += 1;
      }
    }
    return removed;
  }
}
