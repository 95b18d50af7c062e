import { ValidationError } from '../core/shared/errors';
import { MembershipOrderSchema, type MembershipOrder } from '../core/membership/membership-order';
import { compareText } from './memory/compare-text';

/** An order checked before it is stored: anything else is refused with a ValidationError. */
export function validOrder(order: MembershipOrder): MembershipOrder {
  const parsed = MembershipOrderSchema.safeParse(order);
  if (!parsed.success) throw new ValidationError('Not a valid membership order');
  return parsed.data;
}

/** A member's orders' order: newest first (createdAt), then by id, as every adapter lists them. */
/** The order the open offline orders are listed in: oldest first, then by id. */
export function oldestOrderFirst(a: MembershipOrder, b: MembershipOrder): number {
  return compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id);
}

/** Whether the order waits for an admin's cash or transfer confirmation. */
export function isOpenOffline(order: MembershipOrder): boolean {
  return order.status === 'open' && (order.method === 'cash' || order.method === 'transfer');
}

export function newestOrderFirst(a: MembershipOrder, b: MembershipOrder): number {
  return compareText(b.createdAt, a.createdAt) || compareText(a.id, b.id);
}
