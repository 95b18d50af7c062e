import type { Knex } from 'knex';
import { pushDueAtMs, PushDeliverySchema, type PushDelivery } from '../../core/push/push';
import type { ClaimedPushDelivery, PushOutbox } from '../../core/push/push-outbox.port';
import { claimDueRows, renewClaimedRow, settleClaimedRow } from './sqlite-claims';

function row(delivery: PushDelivery) {
  return { id: delivery.id, memberId: delivery.memberId, dueAtMs: pushDueAtMs(delivery), claim: null, delivery: JSON.stringify(delivery) };
}

const read = (stored: string): PushDelivery => PushDeliverySchema.parse(JSON.parse(stored));

/**
 * Writes each delivery whose id is not stored yet, leaving the stored ones as they are, within the
 * caller's transaction when given one (an announcement and its push notifications commit
 * together): how many it wrote.
 */
export async function addNewToPushOutbox(trx: Knex | Knex.Transaction, deliveries: readonly PushDelivery[]): Promise<number> {
  let written = 0;
  // In chunks under SQLite's bound-variable limit.
  for (let at = 0; at < deliveries.length; at += 100) {
    const chunk = deliveries.slice(at, at + 100).map(row);
    const inserted: { id: string }[] = await trx('push_outbox').insert(chunk).onConflict('id').ignore().returning('id');
    written += inserted.length;
  }
  return written;
}

/** The push outbox in the `push_outbox` table; claims as the e-mail outbox's (sqlite-claims.ts). */
export class SqlitePushOutbox implements PushOutbox {
  constructor(private readonly db: Knex) {}

  addOnce(deliveries: readonly PushDelivery[]): Promise<number> {
    return addNewToPushOutbox(this.db, deliveries);
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedPushDelivery[]> {
    const claimed = await claimDueRows(this.db, 'push_outbox', 'delivery', now, leaseMs, limit);
    return claimed.map(({ stored, claim }) => ({ delivery: read(stored as string), claim }));
  }

  renew(claim: ClaimedPushDelivery, now: Date, leaseMs: number): Promise<boolean> {
    return renewClaimedRow(this.db, 'push_outbox', claim.delivery.id, claim.claim, new Date(now.getTime() + leaseMs));
  }

  settle(claim: ClaimedPushDelivery, outcome: PushDelivery): Promise<boolean> {
    return settleClaimedRow(this.db, 'push_outbox', claim.delivery.id, claim.claim, row(outcome));
  }

  async get(id: string): Promise<PushDelivery | null> {
    const stored = await this.db('push_outbox').where({ id }).first('delivery');
    return stored ? read(stored.delivery as string) : null;
  }

  removeByMember(memberId: string): Promise<number> {
    return this.db('push_outbox').where({ memberId }).delete();
  }
}
