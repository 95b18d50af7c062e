import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { writeTransaction } from './sqlite-write-transaction';

/** The tables whose rows runners claim when due: each has id, dueAtMs (null: never due) and claim columns. */
export type ClaimableTable = 'outbox' | 'jobs' | 'push_outbox';

/**
 * Claims up to `limit` rows due by `now`, earliest due first, in one write transaction (so two
 * runners never share a row): each claim pushes the row's due time past the lease. Answers the
 * stored `column` (the JSON of the message or job) of each row with its claim.
 */
export function claimDueRows(
  db: Knex,
  table: ClaimableTable,
  column: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<{ stored: unknown; claim: string }[]> {
  return writeTransaction(db, async (trx) => {
    const due = await trx(table)
      .where('dueAtMs', '<=', now.getTime())
      .orderBy([{ column: 'dueAtMs' }, { column: 'id' }])
      .limit(limit)
      .select('id', column);
    const claimed: { stored: unknown; claim: string }[] = [];
    for (const row of due) {
      const claim = randomUUID();
      await trx(table)
        .where({ id: row.id })
        .update({ claim, dueAtMs: now.getTime() + leaseMs });
      claimed.push({ stored: row[column], claim });
    }
    return claimed;
  });
}

/** Pushes the row's due time to `until` if `claim` still holds it (a heartbeat); false otherwise. */
export async function renewClaimedRow(db: Knex, table: ClaimableTable, id: string, claim: string, until: Date): Promise<boolean> {
  return writeTransaction(db, async (trx) => (await trx(table).where({ id, claim }).update({ dueAtMs: until.getTime() })) > 0);
}

/** Replaces the row with `row` (claim cleared) if `claim` still holds it; false otherwise. */
export async function settleClaimedRow(db: Knex, table: ClaimableTable, id: string, claim: string, row: Record<string, unknown>): Promise<boolean> {
  return (
    (await db(table)
      .where({ id, claim })
      .update({ ...row, claim: null })) > 0
  );
}
