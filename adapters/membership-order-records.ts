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

/** The refund's fields, which orders not refunded lack: stored as null (SQLite columns) or not at all. */
const REFUND_FIELDS = ['refundedAt', 'refundId', 'refundedBy'] as const;

/** A stored order's fields with the refund's nulls left out, so every store reads an order not refunded alike. */
export function withoutEmptyRefund<T extends Record<string, unknown>>(stored: T): T {
  const copy: Record<string, unknown> = { ...stored };
  for (const field of REFUND_FIELDS) if (copy[field] === null || copy[field] === undefined) delete copy[field];
  return copy as T;
}

/** The order the paid orders are listed in: oldest payment first, then by id. */
export function oldestPaymentFirst(a: MembershipOrder, b: MembershipOrder): number {
  return compareText(a.paidAt ?? '', b.paidAt ?? '') || compareText(a.id, b.id);
}

/** Whether the order was paid (and perhaps refunded since). */
export function wasPaid(order: MembershipOrder): boolean {
  return order.status === 'paid' || order.status === 'refunded';
}
