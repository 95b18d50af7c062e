import type { PushSubscription } from './push';

/** The devices members subscribed to push notifications (docs/notifications.md, "Push"). */
export interface PushSubscriptionRepository {
  /**
   * Stores the subscription, replacing the one of the same id (the same device: its endpoint),
   * whoever held it before: a device signed in as another member now notifies that member only.
   */
  save(subscription: PushSubscription): Promise<void>;
  /** The subscription of this id, or null. */
  get(id: string): Promise<PushSubscription | null>;
  /** The member's subscribed devices, oldest first. */
  listByMember(memberId: string): Promise<PushSubscription[]>;
  /** Removes the subscription of this id: true when there was one. */
  remove(id: string): Promise<boolean>;
  /** Removes every subscription made under this member session (its hash): how many there were. */
  removeBySession(sessionHash: string): Promise<number>;
  /** Removes every subscription of the member (signed out everywhere, or erased): how many there were. */
  removeByMember(memberId: string): Promise<number>;
}
