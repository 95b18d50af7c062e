import { dirname, join } from 'node:path';
import type { Knex } from 'knex';
import { legacyDocumentFileKey } from '../../../core/domain/documents';
import { DirectoryFileStore } from '../../system/directory-file-store';

/**
 * Documents' PDFs move out of the table into the file store (DATA_DIR/files, beside the database
 * file, where the server's DirectoryFileStore keeps them): each row points at its file by key.
 * Documents gain a position (the order admins give them), first set by title.
 *
 * The bytes of every stored document are written to the file store before the rows change; were
 * the move cut short, the migration runs again and writes the same keys.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.integer('position').notNullable().defaultTo(0);
    t.text('fileKey');
  });
  const rows: { id: string; fileBytes: Uint8Array }[] = await knex('documents').select('id', 'fileBytes').orderBy([{ column: 'title' }, { column: 'id' }]);
  if (rows.length > 0) {
    const filename = (knex.client.config as { connection?: { filename?: string } }).connection?.filename;
    if (!filename || filename === ':memory:') throw new Error('Documents stored in an in-memory database cannot be moved to a file store');
    const files = new DirectoryFileStore(join(dirname(filename), 'files'));
    for (const [position, row] of rows.entries()) {
      const fileKey = legacyDocumentFileKey(row.id);
      await files.put(fileKey, new Uint8Array(row.fileBytes));
      await knex('documents').where({ id: row.id }).update({ fileKey, position });
    }
  }
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('fileFileName');
    t.dropColumn('fileContentType');
    t.dropColumn('fileBytes');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migration 0013 (document files) cannot be undone: restore the backup taken before it');
}
