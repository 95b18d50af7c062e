import { tablesMigration } from '../sqlite-schema';

/**
 * Members' push devices (SqlitePushSubscriptionRepository, docs/notifications.md): one row per
 * device (the endpoint's hash), the subscription as JSON, and beside it what is looked up: the
 * member and the member session that subscribed it.
 */
export const { up, down } = tablesMigration({
  push_subscriptions:
    'id text primary, memberId text index:push_subscriptions_member, sessionHash text optional index:push_subscriptions_session, createdAt text, subscription text',
});
