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
export function newestOrderFirst(a: MembershipOrder, b: MembershipOrder): number {
  return compareText(b.createdAt, a.createdAt) || compareText(a.id, b.id);
}
