import type { Knex } from 'knex';
import { ConflictError } from '../../core/shared/errors';
import { PasskeySchema } from '../../core/member-sign-in/member-sign-in';
import type { Passkey, PasskeyRepository } from '../../core/member-sign-in/passkey-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { readJson } from './sqlite-values';

const TABLE = 'passkeys';
const COLUMNS = ['credentialId', 'memberId', 'publicKey', 'counter', 'transports', 'createdAt', 'lastUsedAt'] as const;

export class SqlitePasskeyRepository implements PasskeyRepository {
  constructor(private readonly db: Knex) {}

  async create(passkey: Passkey): Promise<void> {
    try {
      await this.db(TABLE).insert({ ...passkey, transports: JSON.stringify(passkey.transports), createdAtMs: Date.parse(passkey.createdAt) });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A passkey with this credential id already exists');
      throw error;
    }
  }

  async get(credentialId: string): Promise<Passkey | null> {
    const row = await this.db(TABLE)
      .where({ credentialId })
      .first(...COLUMNS);
    return row ? toPasskey(row) : null;
  }

  async listByMember(memberId: string): Promise<Passkey[]> {
    const rows = await this.db(TABLE)
      .where({ memberId })
      .orderBy([{ column: 'createdAtMs' }, { column: 'credentialId' }])
      .select(...COLUMNS);
    return rows.map(toPasskey);
  }

  async recordUse(credentialId: string, counter: number, at: Date): Promise<boolean> {
    // One conditional statement: of racing uses with one counter, one changes the row.
    const changed = await this.db(TABLE)
      .where({ credentialId })
      .where((q) => q.where('counter', '<', counter).orWhere((zero) => zero.where('counter', 0).andWhere(this.db.raw('? = 0', [counter]))))
      .update({ counter, lastUsedAt: at.toISOString() });
    return changed === 1;
  }

  async delete(memberId: string, credentialId: string): Promise<boolean> {
    return (await this.db(TABLE).where({ credentialId, memberId }).delete()) === 1;
  }
}

function toPasskey(row: Record<string, unknown>): Passkey {
  return PasskeySchema.parse({ ...row, transports: readJson(row.transports) });
}
