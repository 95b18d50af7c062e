import type { PasswordResetToken, PasswordResetTokenRepository } from '../../core/admins/password-reset-token-repository.port';
import { MemoryTokenHashRecords } from './memory-records';

export class MemoryPasswordResetTokenRepository extends MemoryTokenHashRecords<PasswordResetToken> implements PasswordResetTokenRepository {
  constructor() {
    super('A reset token with this hash already exists');
  }

  async markUsed(tokenHash: string, at: Date): Promise<boolean> {
    const token = this.records.get(tokenHash);
    if (!token || token.usedAt !== null) return false;
    token.usedAt = at.toISOString();
    return true;
  }

  async markAllUsed(uid: string, at: Date): Promise<void> {
    for (const token of this.records.values()) {
      if (token.uid === uid && token.usedAt === null) token.usedAt = at.toISOString();
    }
  }
}
