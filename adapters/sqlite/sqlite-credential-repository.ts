import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { Credential, CredentialRepository } from '../../core/admins/credential-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { readRow, writeBoolean } from './sqlite-values';

const CredentialSchema = z.object({
  uid: z.string().min(1),
  email: z.string().min(1),
  passwordHash: z.string().min(1),
  disabled: z.boolean(),
});

export class SqliteCredentialRepository implements CredentialRepository {
  constructor(private readonly db: Knex) {}

  async getByEmail(email: string): Promise<Credential | null> {
    const row = await this.db('credentials').where({ emailKey: email.toLowerCase() }).first();
    return row ? toCredential(row) : null;
  }

  async getByUid(uid: string): Promise<Credential | null> {
    const row = await this.db('credentials').where({ uid }).first();
    return row ? toCredential(row) : null;
  }

  async create(credential: Credential): Promise<void> {
    try {
      await this.db('credentials').insert(toRow(credential));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const uidTaken = await this.db('credentials').where({ uid: credential.uid }).first('uid');
        throw new ConflictError(
          uidTaken ? 'A user with this user id already exists' : 'A user with this e-mail already exists',
        );
      }
      throw error;
    }
  }

  async update(credential: Credential): Promise<void> {
    let changed: number;
    try {
      changed = await this.db('credentials').where({ uid: credential.uid }).update(toRow(credential));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A user with this e-mail already exists');
      throw error;
    }
    if (changed === 0) throw new NotFoundError('User not found');
  }
}

function toRow(credential: Credential): Record<string, unknown> {
  return {
    uid: credential.uid,
    email: credential.email,
    emailKey: credential.email.toLowerCase(),
    passwordHash: credential.passwordHash,
    disabled: writeBoolean(credential.disabled),
  };
}

function toCredential(row: Record<string, unknown>): Credential {
  return readRow(CredentialSchema, row, { booleans: ['disabled'] });
}
