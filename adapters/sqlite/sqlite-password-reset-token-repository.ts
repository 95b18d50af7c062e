import type { Knex } from 'knex';
import { ConflictError } from '../../core/shared/errors';
import { PasswordResetTokenSchema } from '../../core/admins/password-reset';
import type { PasswordResetToken, PasswordResetTokenRepository } from '../../core/admins/password-reset-token-repository.port';
import { isUniqueViolation } from './sqlite-errors';

const TokenSchema = PasswordResetTokenSchema;

const TABLE = 'password_reset_tokens';

export class SqlitePasswordResetTokenRepository implements PasswordResetTokenRepository {
  constructor(private readonly db: Knex) {}

  async create(token: PasswordResetToken): Promise<void> {
    try {
      await this.db(TABLE).insert({
        tokenHash: token.tokenHash,
        uid: token.uid,
        createdAt: token.createdAt,
        expiresAt: token.expiresAt,
        expiresAtMs: Date.parse(token.expiresAt),
        usedAt: token.usedAt,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A reset token with this hash already exists');
      throw error;
    }
  }

  async get(tokenHash: string): Promise<PasswordResetToken | null> {
    const row = await this.db(TABLE).where({ tokenHash }).first('tokenHash', 'uid', 'createdAt', 'expiresAt', 'usedAt');
    return row ? TokenSchema.parse(row) : null;
  }

  async markUsed(tokenHash: string, at: Date): Promise<boolean> {
    // One statement: SQLite applies it whole, so of racing uses (any connection) one changes the row.
    const changed = await this.db(TABLE).where({ tokenHash }).whereNull('usedAt').update({ usedAt: at.toISOString() });
    return changed === 1;
  }

  async markAllUsed(uid: string, at: Date): Promise<void> {
    await this.db(TABLE).where({ uid }).whereNull('usedAt').update({ usedAt: at.toISOString() });
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.db(TABLE).where('expiresAtMs', '<', now.getTime()).delete();
  }
}
