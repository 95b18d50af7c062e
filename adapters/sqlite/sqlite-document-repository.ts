import type { Knex } from 'knex';
import { z } from 'zod';
import { DocumentSchema, type ClubDocument, type StoredDocument } from '../../core/documents/document';
import { isFileKey } from '../../core/shared/file-store.port';
import type { DocumentRepository } from '../../core/documents/document-repository.port';
import { readRow } from './sqlite-values';
import { pickFields } from '../pick-fields';

const DOCUMENT_COLUMNS = ['id', 'title', 'description', 'category', 'fileName', 'tags', 'position', 'keepOffline'];
const FileKeySchema = z.string().refine(isFileKey, 'not a file key');

/** Documents' records in the `documents` table; their PDFs are in the file store (migration 0013; keepOffline, 0040). */
export class SqliteDocumentRepository implements DocumentRepository {
  constructor(private readonly db: Knex) {}

  async list(): Promise<ClubDocument[]> {
    const rows = await this.db('documents')
      .select(DOCUMENT_COLUMNS)
      .orderBy([
        { column: 'position', order: 'asc' },
        { column: 'title', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map(toDocument);
  }

  async get(id: string): Promise<ClubDocument | null> {
    const row = await this.db('documents').where({ id }).first(DOCUMENT_COLUMNS);
    return row ? toDocument(row) : null;
  }

  async getStored(id: string): Promise<StoredDocument | null> {
    const row = await this.db('documents')
      .where({ id })
      .first([...DOCUMENT_COLUMNS, 'fileKey']);
    return row ? toStored(row) : null;
  }

  async put(document: ClubDocument, fileKey: string): Promise<string | null> {
    return this.db.transaction(async (trx) => {
      const before = await trx('documents').where({ id: document.id }).first('fileKey');
      await trx('documents')
        .insert({ ...toRow(document), fileKey: FileKeySchema.parse(fileKey) })
        .onConflict('id')
        .merge();
      return before ? FileKeySchema.parse(before.fileKey) : null;
    });
  }

  async update(document: ClubDocument): Promise<boolean> {
    const { id, ...fields } = toRow(document);
    return (await this.db('documents').where({ id }).update(fields)) > 0;
  }

  async reorder(ids: string[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      for (const [position, id] of ids.entries()) await trx('documents').where({ id }).update({ position });
    });
  }

  async delete(id: string): Promise<string | null> {
    return this.db.transaction(async (trx) => {
      const row = await trx('documents').where({ id }).first('fileKey');
      if (!row) return null;
      await trx('documents').where({ id }).delete();
      return FileKeySchema.parse(row.fileKey);
    });
  }
}

function toRow(document: ClubDocument) {
  return {
    ...pickFields(document, ['id', 'title', 'description', 'category', 'fileName', 'position']),
    keepOffline: document.keepOffline ?? false,
    tags: JSON.stringify(document.tags),
  };
}

function toDocument(row: Record<string, unknown>): ClubDocument {
  return readRow(DocumentSchema, row, { json: ['tags'], booleans: ['keepOffline'] });
}

function toStored(row: Record<string, unknown>): StoredDocument {
  const { fileKey, ...rest } = row;
  return { document: toDocument(rest), fileKey: FileKeySchema.parse(fileKey) };
}
