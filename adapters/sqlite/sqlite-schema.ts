import type { Knex } from 'knex';

/** The column types the migrations use, as knex names them. */
const TYPES = ['text', 'integer', 'bigInteger', 'boolean', 'double', 'binary', 'increments'] as const;
type ColumnType = (typeof TYPES)[number];

/**
 * Adds the columns a spec lists, in its order: items `name type [flag...]` separated by commas,
 * e.g. `'id text primary, eventId text index:waitlist_event, offeredUntil text null'`. A column is
 * NOT NULL unless it says `null` (written NULL) or `optional` (nothing written: the same for SQLite); an `increments` one is the rowid key; `primary` makes it the key (and nothing else); `index[:name]`,
 * `unique:name`, `default:value` (a number when it reads as one) and `references:table.column`
 * are knex's modifiers of those names. The SQL is what the same knex calls written out make.
 */
export function columns(t: Knex.TableBuilder, spec: string): void {
  for (const item of spec.split(',')) {
    const [name, type, ...flags] = item.trim().split(/\s+/);
    if (!name || !TYPES.includes(type as ColumnType)) throw new Error(`Unknown column spec: ${item}`);
    let column = t[type as ColumnType](name);
    if (type === 'increments') continue;
    if (flags.includes('primary')) {
      column.primary();
      continue;
    }
    // `optional` is knex's default (no modifier, no NULL written); `null` writes NULL out.
    if (!flags.includes('optional')) column = flags.includes('null') ? column.nullable() : column.notNullable();
    for (const flag of flags) {
      const [modifier, value] = flag.split(':');
      if (modifier === 'index') column = value ? column.index(value) : column.index();
      else if (modifier === 'unique') column = column.unique({ indexName: value });
      else if (modifier === 'default') column = column.defaultTo(value !== undefined && /^\d+$/.test(value) ? Number(value) : value);
      else if (modifier === 'references') {
        const [table, referenced] = (value ?? '').split('.');
        column.references(referenced ?? '').inTable(table ?? '');
      } else if (modifier !== 'null' && modifier !== 'optional') throw new Error(`Unknown column flag: ${flag}`);
    }
  }
}

/** The columns' names a spec lists, in its order. */
function columnNames(spec: string): string[] {
  return spec.split(',').map((item) => item.trim().split(/\s+/)[0] ?? '');
}

/** A table's columns (a spec, as `columns` reads it) and what else its builder adds (indexes, keys). */
export type TableSpec = string | { columns: string; more: (t: Knex.CreateTableBuilder) => void };

/** Creates the tables in the order given. */
export async function createTables(knex: Knex, tables: Record<string, TableSpec>): Promise<void> {
  for (const [name, table] of Object.entries(tables)) {
    await knex.schema.createTable(name, (t) => {
      columns(t, typeof table === 'string' ? table : table.columns);
      if (typeof table !== 'string') table.more(t);
    });
  }
}

/** Drops the tables (if there), last created first. */
export async function dropTables(knex: Knex, tables: Record<string, TableSpec>): Promise<void> {
  for (const name of Object.keys(tables).reverse()) await knex.schema.dropTableIfExists(name);
}

/** A migration that only creates tables: down drops them, last first. */
export function tablesMigration(tables: Record<string, TableSpec>): Knex.Migration {
  return { up: (knex) => createTables(knex, tables), down: (knex) => dropTables(knex, tables) };
}

/** Adds columns to a table (a spec, as `columns` reads it). */
export async function addColumns(knex: Knex, table: string, spec: string): Promise<void> {
  await knex.schema.alterTable(table, (t) => columns(t, spec));
}

/** Drops the columns a spec lists from a table, last first. */
export async function dropColumns(knex: Knex, table: string, spec: string): Promise<void> {
  await knex.schema.alterTable(table, (t) => {
    for (const name of columnNames(spec).reverse()) t.dropColumn(name);
  });
}

/** A migration that only adds columns to one table: down drops them, last first. */
export function columnsMigration(table: string, spec: string): Knex.Migration {
  return { up: (knex) => addColumns(knex, table, spec), down: (knex) => dropColumns(knex, table, spec) };
}
