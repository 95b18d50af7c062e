import { z } from 'zod';
import { type AuditEntry } from '../audit/audit';
import { nextUpdatedAt, type Member } from '../members/member';
import { InstantSchema, type Instant } from '../shared/instant';
import { CurrencySchema, formatMoney, MAX_PAYMENT_AMOUNT, MinorUnitsSchema } from '../shared/money';
import { ValidationError } from '../shared/errors';
import { applyRenewal } from './membership-renewal';

/**
 * A membership order's id: 1 to 40 characters of A-Z a-z 0-9 - _, because it travels as the
 * checkout's reference as a booking id does (docs/payments.md, "Checkout ids").
 */
export const MembershipOrderIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid order id');

/**
 * The prefix of every order id the server makes (docs/payments.md, "Checkout ids"): an order's
 * id travels as its checkout's reference as a booking id does, and a booking id (22 random
 * base64url characters) never needs to be read as an order's. A reference with the prefix is
 * looked up as an order first, and as a booking when no order has it.
 */
export const ORDER_ID_PREFIX = 'order-';

/** Whether a checkout's reference names a membership order (ORDER_ID_PREFIX). */
export function isOrderReference(reference: string): boolean {
  return reference.startsWith(ORDER_ID_PREFIX);
}

/** How an order is paid: by card through the payments port, or in cash or by transfer, confirmed by an admin. */
export const OrderMethodSchema = z.enum(['card', 'cash', 'transfer']);
export type OrderMethod = z.infer<typeof OrderMethodSchema>;

const MemberIdSchema = z.string().min(1).max(200);

/**
 * What a renewal or joining payment buys (docs/membership.md, "Orders and payments"): a category
 * for a member (and the household it covers), at a price and to a renewal date fixed when quoted.
 * Paying it moves the renewal dates once, in the same atomic write as marking it paid.
 */
export const MembershipOrderSchema = z
  .object({
    id: MembershipOrderIdSchema,
    kind: z.enum(['renewal', 'joining']),
    /** The member renewing (for a household category, the household's contact); null for joining. */
    memberId: MemberIdSchema.nullable(),
    /** The application a joining order pays for; null for a renewal. */
    applicationId: z.string().min(1).max(200).nullable(),
    categoryId: z.string().min(1).max(60),
    /** The other members of the household the category covers, fixed when quoted; empty for a category per person. */
    householdMemberIds: z.array(MemberIdSchema).max(50),
    /** The price, in minor units of `currency`. */
    amount: MinorUnitsSchema.max(MAX_PAYMENT_AMOUNT),
    currency: CurrencySchema,
    /** The renewal date the payment buys (paysUntil when quoted); applied with applyRenewal. */
    paysUntil: z.iso.date(),
    /** How it is to be, or was, paid. */
    method: OrderMethodSchema,
    status: z.enum(['open', 'paid', 'refunded', 'cancelled']),
    /** The payment that paid it (the gateway's id, or `offline-{orderId}` for cash and transfer); null while open. */
    paymentId: z.string().min(1).max(200).nullable(),
    paidAt: InstantSchema.nullable(),
    /** When paying it moved a renewal date; null while open, and when the payment bought nothing (to refund). */
    appliedAt: InstantSchema.nullable(),
    /** The admin who confirmed a cash or transfer payment (their uid); null for card. */
    confirmedBy: z.string().min(1).max(200).nullable(),
    createdAt: InstantSchema,
    /** When a paid order was refunded (status `refunded`); absent before. */
    refundedAt: InstantSchema.optional(),
    /** The gateway's refund id for a card, `offline-refund-{orderId}` for cash or transfer handed back by hand; absent before. */
    refundId: z.string().min(1).max(200).optional(),
    /** The admin who refunded it (their uid); absent before. */
    refundedBy: z.string().min(1).max(200).optional(),
  })
  .refine((order) => (order.kind === 'renewal' ? order.memberId !== null && order.applicationId === null : order.applicationId !== null), {
    message: 'A renewal names its member, a joining order its application',
  });
export type MembershipOrder = z.infer<typeof MembershipOrderSchema>;

/** The payment fields of an order just quoted: open, not paid by anything yet. */
export const UNPAID_ORDER = { status: 'open', paymentId: null, paidAt: null, appliedAt: null, confirmedBy: null } as const;

/** Everyone whose renewal date an order moves: its member first, then the household it covers. */
export function orderMemberIds(order: Pick<MembershipOrder, 'memberId' | 'householdMemberIds'>): string[] {
  return [...new Set([...(order.memberId === null ? [] : [order.memberId]), ...order.householdMemberIds])];
}

/** The payment id a cash or transfer confirmation records: one per order, so confirming twice records it once. */
export function offlinePaymentId(orderId: string): string {
  return `offline-${orderId}`;
}

/** A payment to record on an order (MembershipOrderRepository.recordPayment). */
export interface OrderPayment {
  orderId: string;
  /** The gateway's payment id for a card; offlinePaymentId(orderId) for cash and transfer. */
  paymentId: string;
  method: OrderMethod;
  /** The admin confirming cash or transfer; null for card (the gateway's word). */
  confirmedBy: { uid: string; email: string } | null;
  /** The audit entry's id, when an admin confirms (one entry, written in the same atomic step). */
  auditId: string | null;
  /**
   * The name of the order's category as it stands when paid: each member the payment extends
   * then holds it (their `membershipType`). Absent: their categories stay as they are.
   */
  membershipType?: string;
}

/**
 * What recording a payment did:
 * - `applied`: the order is now paid by this payment and moved the renewal dates listed;
 * - `already-applied`: this payment was recorded on the order before (a repeated webhook, the
 *   member's return): nothing changed;
 * - `refund`: the payment bought nothing and is to be refunded: the order was not open (paid by
 *   another payment, cancelled, refunded; nothing written), or every date was already at or
 *   beyond what it pays until (the order is marked paid by it, `appliedAt` null).
 */
export type OrderPaymentResult = 'applied' | 'already-applied' | 'refund';

export interface OrderPaymentOutcome {
  result: OrderPaymentResult;
  /** The order as stored after the call. */
  order: MembershipOrder;
  /** The renewal dates this call moved (none unless `applied`). */
  moved: { memberId: string; renewalDate: string }[];
}

/** What recording a payment writes, decided on what is stored (every adapter applies it in one atomic step). */
export interface OrderPaymentDecision {
  outcome: OrderPaymentOutcome;
  /** Whether the order is written (as `outcome.order`). */
  writeOrder: boolean;
  /** The members to write, their renewal date moved. */
  members: Member[];
  audit: AuditEntry[];
}

/** The refund id recorded for a cash or transfer payment handed back by hand: one per order. */
export function offlineRefundId(orderId: string): string {
  return `offline-refund-${orderId}`;
}

/** A refund of a paid order to record (MembershipOrderRepository.recordRefund): the whole amount. */
export interface OrderRefund {
  orderId: string;
  /** The gateway's refund id for a card; offlineRefundId(orderId) for cash and transfer. */
  refundId: string;
  /** The admin refunding; null for the system's refund of a payment that bought nothing. */
  refundedBy: { uid: string; email: string } | null;
  /** The audit entry's id (one entry, written in the same atomic step). */
  auditId: string;
}

/**
 * What recording a refund did: `refunded` (the order is now refunded by this call) or
 * `already-refunded` (it was before: nothing written).
 */
export interface OrderRefundOutcome {
  result: 'refunded' | 'already-refunded';
  /** The order as stored after the call. */
  order: MembershipOrder;
}

/**
 * How long a renewal order may stay open before the daily membership run closes it
 * (docs/membership.md#orders-left-open): a card order its member never paid (the card step takes
 * minutes; two days leave the provider's late webhook time), and a cash or transfer order no admin
 * confirmed (sixty days: a bank transfer and the treasurer's next round). Joining orders close with
 * their application.
 */
export const OPEN_ORDER_DAYS = { card: 2, offline: 60 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the daily run closes `order` at `now`: a renewal order still open OPEN_ORDER_DAYS (for its method) after it was made. */
export function isLeftOpen(order: Pick<MembershipOrder, 'status' | 'kind' | 'method' | 'createdAt'>, now: Date): boolean {
  if (order.status !== 'open' || order.kind !== 'renewal') return false;
  const days = order.method === 'card' ? OPEN_ORDER_DAYS.card : OPEN_ORDER_DAYS.offline;
  return now.getTime() - Date.parse(order.createdAt) >= days * DAY_MS;
}

export const ORDER_MESSAGES = {
  notFound: 'Membership order not found',
  idTaken: 'A membership order with this id already exists',
  joiningByCard: 'An application to join is paid by card only',
  notSoldOnline: 'This membership cannot be bought online. Please contact the club.',
  lifeNotRenewed: 'A life membership is never renewed.',
  renewalNotOpen: (opensOn: string) => `Renewal is not open yet: you can renew from ${opensOn}.`,
  disabled: 'Your membership is disabled. Please contact the club.',
  notContact: "Only your household's contact can pay for a household membership.",
  offlineMethod: 'An admin confirms cash or transfer payments only',
  notRefundable: 'Only a paid membership order can be refunded',
  notCancellable: 'Only an open cash or transfer order can be cancelled here',
  noLongerOpen: 'This order is no longer open: it was paid or closed meanwhile',
} as const;

/**
 * What recording a refund of `order` writes (every adapter applies it in one atomic step): an
 * order refunded before changes nothing (`already-refunded`); an order not paid is refused
 * (ValidationError, nothing written); a paid order becomes `refunded`, with one audit entry on
 * its member. The renewal dates it moved stay as they are (docs/membership.md, "Figures, refunds
 * and the CSV"): an admin changes a member's date on the member list when it should go back.
 */
export function decideOrderRefund(
  order: MembershipOrder,
  refund: OrderRefund,
  now: Instant,
): { outcome: OrderRefundOutcome; writeOrder: boolean; audit: AuditEntry[] } {
  if (order.status === 'refunded') return { outcome: { result: 'already-refunded', order }, writeOrder: false, audit: [] };
  if (order.status !== 'paid') throw new ValidationError(ORDER_MESSAGES.notRefundable);
  const { refundedBy } = refund;
  const refunded: MembershipOrder = {
    ...order,
    status: 'refunded',
    refundedAt: now,
    refundId: refund.refundId,
    ...(refundedBy ? { refundedBy: refundedBy.uid } : {}),
  };
  const how =
    order.method !== 'card'
      ? `${order.method} handed back by hand`
      : refundedBy
        ? 'card refund through the payment provider'
        : 'card refund through the payment provider: the payment bought nothing';
  const audit: AuditEntry[] = [
    {
      id: refund.auditId,
      at: now,
      actor: refundedBy ? { kind: 'admin', uid: refundedBy.uid, email: refundedBy.email } : { kind: 'system' },
      action: 'membership.refunded',
      recordType: 'member',
      recordId: order.memberId ?? order.applicationId!,
      summary: `Refunded ${formatMoney(order.amount, order.currency)} of membership order ${order.id} (${how}); the renewal date stays as it is`,
      changes: [{ field: 'status', before: 'paid', after: 'refunded' }],
    },
  ];
  return { outcome: { result: 'refunded', order: refunded }, writeOrder: true, audit };
}

/**
 * What recording `payment` on `order` does, given the stored members it names (orderMemberIds;
 * a member no longer stored is left out). The rule every adapter applies inside its transaction
 * (a joining order, paid by card only, is marked paid and `applied` without members to move):
 * - the same payment again changes nothing (`already-applied`);
 * - an order not open buys nothing (`refund`), and nothing is written;
 * - otherwise the order is marked paid by the payment, and each member's renewal date becomes
 *   applyRenewal's: never backwards, extended once. If no date moved, the payment bought nothing
 *   (`refund`, `appliedAt` null).
 * An admin's confirmation (cash, transfer) that changes the order writes one audit entry with it.
 */
export function decideOrderPayment(order: MembershipOrder, payment: OrderPayment, stored: readonly Member[], now: Instant): OrderPaymentDecision {
  if ((payment.method === 'card') !== (payment.confirmedBy === null)) throw new ValidationError(ORDER_MESSAGES.offlineMethod);
  // A joining order is paid by card only (docs/membership.md, "Joining"): its members do not exist until admitted.
  if (order.kind === 'joining' && payment.method !== 'card') throw new ValidationError(ORDER_MESSAGES.joiningByCard);
  const nothing = (result: OrderPaymentResult): OrderPaymentDecision => ({ outcome: { result, order, moved: [] }, writeOrder: false, members: [], audit: [] });
  if (order.paymentId === payment.paymentId) return nothing('already-applied');
  if (order.status !== 'open') return nothing('refund');
  if (order.kind === 'joining') {
    // Paying marks the application paid (applicationState reads it): admission applies paysUntil to the members it creates.
    const paid: MembershipOrder = { ...order, status: 'paid', method: 'card', paymentId: payment.paymentId, paidAt: now, appliedAt: now, confirmedBy: null };
    return { outcome: { result: 'applied', order: paid, moved: [] }, writeOrder: true, members: [], audit: [] };
  }
  const byId = new Map(stored.map((member) => [member.id, member]));
  const members: Member[] = [];
  for (const id of orderMemberIds(order)) {
    const member = byId.get(id);
    if (!member) continue;
    const next = applyRenewal(member.renewalDate, order);
    if (next.extended)
      members.push({
        ...member,
        renewalDate: next.renewalDate,
        membershipType: payment.membershipType ?? member.membershipType,
        updatedAt: nextUpdatedAt(member, now),
      });
  }
  const paid: MembershipOrder = {
    ...order,
    status: 'paid',
    method: payment.method,
    paymentId: payment.paymentId,
    paidAt: now,
    appliedAt: members.length > 0 ? now : null,
    confirmedBy: payment.confirmedBy?.uid ?? null,
  };
  const moved = members.map((member) => ({ memberId: member.id, renewalDate: member.renewalDate }));
  const audit: AuditEntry[] =
    payment.confirmedBy && payment.auditId
      ? [
          {
            id: payment.auditId,
            at: now,
            actor: { kind: 'admin', uid: payment.confirmedBy.uid, email: payment.confirmedBy.email },
            action: 'membership.paid-offline',
            recordType: 'member',
            recordId: order.memberId!,
            summary: `${payment.method === 'cash' ? 'Cash' : 'Transfer'} of ${formatMoney(order.amount, order.currency)} confirmed for membership order ${order.id}; ${
              members.length > 0
                ? `renewed to ${order.paysUntil} (${members.length} ${members.length === 1 ? 'member' : 'members'})`
                : 'it bought nothing: to refund'
            }`,
            changes: members
              .filter((member) => member.id === order.memberId)
              .map((member) => ({ field: 'renewalDate', before: byId.get(member.id)!.renewalDate, after: member.renewalDate })),
          },
        ]
      : [];
  return { outcome: { result: members.length > 0 ? 'applied' : 'refund', order: paid, moved }, writeOrder: true, members, audit };
}
