import type { Knex } from 'knex';

/**
 * The member photos' records (SqlitePhotoRepository); their resized copies are files in
 * DATA_DIR/files (DirectoryFileStore), listed in `variants` (JSON).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('photos', (t) => {
    t.text('id').primary();
    t.text('caption').notNullable();
    t.text('credit').notNullable();
    t.integer('position').notNullable();
    t.integer('hidden').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.text('variants').notNullable();
    t.text('createdAt').notNullable();
    t.text('updatedAt').notNullable();
    t.index(['position', 'createdAt', 'id'], 'photos_order');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('photos');
}
