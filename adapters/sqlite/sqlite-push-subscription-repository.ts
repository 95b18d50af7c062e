import type { Knex } from 'knex';
import { PushSubscriptionSchema, type PushSubscription } from '../../core/push/push';
import type { PushSubscriptionRepository } from '../../core/push/push-subscription-repository.port';

const read = (stored: { subscription: string }): PushSubscription => PushSubscriptionSchema.parse(JSON.parse(stored.subscription));

/** Members' push devices in the `push_subscriptions` table, one row per device. */
export class SqlitePushSubscriptionRepository implements PushSubscriptionRepository {
  constructor(private readonly db: Knex) {}

  async save(subscription: PushSubscription): Promise<void> {
    const { id, memberId, sessionHash, createdAt } = subscription;
    await this.db('push_subscriptions')
      .insert({ id, memberId, sessionHash, createdAt, subscription: JSON.stringify(subscription) })
      .onConflict('id')
      .merge();
  }

  async get(id: string): Promise<PushSubscription | null> {
    const stored = await this.db('push_subscriptions').where({ id }).first('subscription');
    return stored ? read(stored) : null;
  }

  async listByMember(memberId: string): Promise<PushSubscription[]> {
    const rows = await this.db('push_subscriptions')
      .where({ memberId })
      .orderBy([{ column: 'createdAt' }, { column: 'id' }])
      .select('subscription');
    return rows.map(read);
  }

  async remove(id: string): Promise<boolean> {
    return (await this.db('push_subscriptions').where({ id }).delete()) > 0;
  }

  removeBySession(sessionHash: string): Promise<number> {
    return this.db('push_subscriptions').where({ sessionHash }).delete();
  }

  removeByMember(memberId: string): Promise<number> {
    return this.db('push_subscriptions').where({ memberId }).delete();
  }
}
