import { dirname, join } from 'node:path';
import type { Knex } from 'knex';
import { legacyDocumentFileKey } from '../../../core/documents/documents';
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
  const rows: { id: string; fileBytes: Uint8Array }[] = await knex('documents')
    .select('id', 'fileBytes')
    .orderBy([{ column: 'title' }, { column: 'id' }]);
  if (rows.length > 0) {
    const files = fileStoreBeside(knex);
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

/** Back to PDFs in the rows (the files stay in the file store, unused). */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.text('fileFileName');
    t.text('fileContentType');
    t.binary('fileBytes');
  });
  const rows: { id: string; fileName: string; fileKey: string }[] = await knex('documents').select('id', 'fileName', 'fileKey');
  if (rows.length > 0) {
    const files = fileStoreBeside(knex);
    for (const row of rows) {
      const bytes = await files.get(row.fileKey);
      if (!bytes) throw new Error(`The file of document ${row.id} (${row.fileKey}) is missing: cannot move it back into the table`);
      await knex('documents')
        .where({ id: row.id })
        .update({ fileFileName: row.fileName, fileContentType: 'application/pdf', fileBytes: Buffer.from(bytes) });
    }
  }
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('position');
    t.dropColumn('fileKey');
  });
}

/** The server's file store: DATA_DIR/files, beside the database file. */
function fileStoreBeside(knex: Knex): DirectoryFileStore {
  const filename = (knex.client.config as { connection?: { filename?: string } }).connection?.filename;
  if (!filename || filename === ':memory:') throw new Error('Documents of an in-memory database have no file store to move to');
  return new DirectoryFileStore(join(dirname(filename), 'files'));
}
