import type { Knex } from 'knex';
import type { Credential, CredentialRepository } from '../../core/admins/credential-repository.port';
import { CREDENTIAL_MESSAGES } from '../unique-email-messages';
import { UniqueEmailTable } from './sqlite-unique-email-table';
import { readRow, writeBoolean } from './sqlite-values';
import { CredentialSchema } from '../stored-records';

export class SqliteCredentialRepository extends UniqueEmailTable<Credential> implements CredentialRepository {
  constructor(db: Knex) {
    super(db, 'credentials', CREDENTIAL_MESSAGES, { toRow, fromRow: toCredential });
  }
}

function toRow(credential: Credential): Record<string, unknown> {
  return { passwordHash: credential.passwordHash, disabled: writeBoolean(credential.disabled) };
}

function toCredential(row: Record<string, unknown>): Credential {
  return readRow(CredentialSchema, row, { booleans: ['disabled'] });
}
