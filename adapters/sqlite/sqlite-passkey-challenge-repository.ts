import type { Knex } from 'knex';
import type { PasskeyChallenge, PasskeyChallengeRepository } from '../../core/member-sign-in/passkey-challenge-repository.port';
import { PasskeyChallengeSchema, type PasskeyChallengePurpose } from '../../core/member-sign-in/passkeys';
import { writeTransaction } from './sqlite-write-transaction';

const TABLE = 'passkey_challenges';
const COLUMNS = ['challengeHash', 'purpose', 'memberId', 'createdAt', 'expiresAt'] as const;

export class SqlitePasskeyChallengeRepository implements PasskeyChallengeRepository {
  constructor(private readonly db: Knex) {}

  async put(challenge: PasskeyChallenge): Promise<void> {
    await this.db(TABLE)
      .insert({ ...challenge, expiresAtMs: Date.parse(challenge.expiresAt) })
      .onConflict('challengeHash')
      .merge();
  }

  async take(challengeHash: string, purpose: PasskeyChallengePurpose, now: Date): Promise<PasskeyChallenge | null> {
    // Read and delete in one transaction holding the write lock: of racing takes (any
    // connection) only the first finds the row.
    return writeTransaction(this.db, async (trx) => {
      const row = await trx(TABLE)
        .where({ challengeHash, purpose })
        .first(...COLUMNS, 'expiresAtMs');
      if (!row) return null;
      await trx(TABLE).where({ challengeHash }).delete();
      if (Number(row.expiresAtMs) <= now.getTime()) return null;
      const { expiresAtMs: _expiry, ...challenge } = row;
      return PasskeyChallengeSchema.parse(challenge);
    });
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.db(TABLE).where('expiresAtMs', '<', now.getTime()).delete();
  }
}
