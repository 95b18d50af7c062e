import type { Knex } from 'knex';
import { SignInCodeSchema } from '../../core/member-sign-in/member-sign-in';
import type { SignInCode, SignInCodeRepository } from '../../core/member-sign-in/sign-in-code-repository.port';
import { writeTransaction } from './sqlite-write-transaction';

const TABLE = 'sign_in_codes';
const COLUMNS = ['emailHash', 'memberId', 'codeHash', 'seed', 'createdAt', 'expiresAt', 'tries', 'usedAt'] as const;

export class SqliteSignInCodeRepository implements SignInCodeRepository {
  constructor(private readonly db: Knex) {}

  async put(code: SignInCode): Promise<void> {
    const row = { ...code, expiresAtMs: Date.parse(code.expiresAt) };
    await this.db(TABLE).insert(row).onConflict('emailHash').merge();
  }

  async get(emailHash: string): Promise<SignInCode | null> {
    return read(this.db, emailHash);
  }

  async countTry(emailHash: string, now: Date, maxTries: number): Promise<SignInCode | null> {
    // The try is counted by one conditional statement, in a transaction holding the write lock
    // with the read that follows: racing tries (any connection) each see the others' counts.
    return writeTransaction(this.db, async (trx) => {
      const changed = await trx(TABLE)
        .where({ emailHash })
        .whereNull('usedAt')
        .where('tries', '<', maxTries)
        .where('expiresAtMs', '>', now.getTime())
        .increment('tries', 1);
      return changed === 1 ? read(trx, emailHash) : null;
    });
  }

  async markUsed(emailHash: string, codeHash: string, at: Date): Promise<boolean> {
    // One statement: SQLite applies it whole, so of racing uses one changes the row.
    const changed = await this.db(TABLE).where({ emailHash, codeHash }).whereNull('usedAt').update({ usedAt: at.toISOString() });
    return changed === 1;
  }

  async extend(emailHash: string, codeHash: string, now: Date, expiresAt: Date): Promise<boolean> {
    // One statement: SQLite applies it whole, so a use or a try racing it comes before or after.
    const changed = await this.db(TABLE)
      .where({ emailHash, codeHash })
      .whereNull('usedAt')
      .where('expiresAtMs', '>', now.getTime())
      .update({ expiresAt: expiresAt.toISOString(), expiresAtMs: expiresAt.getTime() });
    return changed === 1;
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.db(TABLE).where('expiresAtMs', '<', now.getTime()).delete();
  }
}

async function read(db: Knex, emailHash: string): Promise<SignInCode | null> {
  const row = await db(TABLE)
    .where({ emailHash })
    .first(...COLUMNS);
  return row ? SignInCodeSchema.parse(row) : null;
}
