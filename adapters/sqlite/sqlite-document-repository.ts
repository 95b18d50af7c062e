import type { Knex } from 'knex';
import { DocumentSchema, type ClubDocument, type DocumentFile } from '../../core/entities/document';
import type { DocumentRepository } from '../../core/ports/document-repository';
import { readRow } from './sqlite-values';

const DOCUMENT_COLUMNS = ['id', 'title', 'description', 'category', 'fileName', 'tags'];

export class SqliteDocumentRepository implements DocumentRepository {
  constructor(private readonly db: Knex) {}

  async list(): Promise<ClubDocument[]> {
    // The file bytes stay on disk here: a list never needs them.
    const rows = await this.db('documents').select(DOCUMENT_COLUMNS).orderBy([
      { column: 'title', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
    return rows.map(toDocument);
  }

  async get(id: string): Promise<ClubDocument | null> {
    const row = await this.db('documents').where({ id }).first(DOCUMENT_COLUMNS);
    return row ? toDocument(row) : null;
  }

  async getFile(id: string): Promise<DocumentFile | null> {
    const row = await this.db('documents').where({ id }).first('fileFileName', 'fileContentType', 'fileBytes');
    if (!row) return null;
    if (typeof row.fileFileName !== 'string' || typeof row.fileContentType !== 'string' || !(row.fileBytes instanceof Uint8Array)) {
      throw new TypeError(`Stored file of document ${id} is damaged`);
    }
    const bytes: Uint8Array = row.fileBytes;
    return {
      fileName: row.fileFileName,
      contentType: row.fileContentType,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  }

  async put(document: ClubDocument, file: DocumentFile): Promise<void> {
    await this.db('documents')
      .insert({
        id: document.id,
        title: document.title,
        description: document.description,
        category: document.category,
        fileName: document.fileName,
        tags: JSON.stringify(document.tags),
        fileFileName: file.fileName,
        fileContentType: file.contentType,
        fileBytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      })
      .onConflict('id')
      .merge();
  }
}

function toDocument(row: Record<string, unknown>): ClubDocument {
  return readRow(DocumentSchema, row, { json: ['tags'] });
}
