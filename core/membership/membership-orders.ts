import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { Member } from '../members/member';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { MembershipRepository } from './membership-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, NotFoundError, PaymentError, ValidationError } from '../shared/errors';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { formatDay } from '../shared/date-text';
import { londonDate, londonMidnight } from '../shared/london-time';
import type { Currency } from '../shared/money';
import type { MembershipCategory } from './membership-category';
import {
  isLeftOpen,
  MembershipOrderSchema,
  offlinePaymentId,
  offlineRefundId,
  ORDER_MESSAGES,
  UNPAID_ORDER,
  type MembershipOrder,
  type OrderMethod,
  type OrderPaymentOutcome,
  type OrderRefundOutcome,
} from './membership-order';
import type { MembershipOrderRepository } from './membership-order-repository.port';
import { membershipPrice } from './membership-price';
import { isLifeRenewalDate, paysUntil, renewalOpen, renewalOpensOn } from './membership-renewal';
import type { MembershipSettings } from './membership-settings';

/** What quoting a renewal needs, read by the caller: the category bought and the club's settings. */
export interface RenewalQuoteInput {
  member: Member;
  category: MembershipCategory;
  settings: MembershipSettings;
  /** The household's other members when the category covers a household (the member being its contact); else empty. */
  householdMemberIds: string[];
  currency: Currency;
  today: string;
}

/**
 * Why a member may not renew online into `category` today, or null when they may (a message for
 * the member): a disabled member, a category not sold online or withdrawn, a life category or a
 * life member, and a renewal not yet open (renewalOpen: within the window before the end, or lapsed).
 */
export function renewalQuoteRefusal(input: Pick<RenewalQuoteInput, 'member' | 'category' | 'settings' | 'today'>): string | null {
  const { member, category, settings, today } = input;
  if (member.disabled) return ORDER_MESSAGES.disabled;
  if (!category.onlinePurchase || category.withdrawn) return ORDER_MESSAGES.notSoldOnline;
  if (category.life || isLifeRenewalDate(member.renewalDate)) return ORDER_MESSAGES.lifeNotRenewed;
  if (!renewalOpen(settings, member.renewalDate, today))
    return ORDER_MESSAGES.renewalNotOpen(formatDay(londonMidnight(renewalOpensOn(settings, member.renewalDate)).toISOString(), 'member'));
  return null;
}

/**
 * The open order a renewal quote makes (docs/membership.md, "Orders and payments"): the
 * category's price for renewing (membershipPrice, one price for a household) and the renewal date
 * it pays until, fixed now from the member's date (paysUntil). Throws ValidationError with
 * renewalQuoteRefusal's message when the member may not renew.
 */
export function quoteRenewal(input: RenewalQuoteInput, id: string, now: string): MembershipOrder {
  const refusal = renewalQuoteRefusal(input);
  if (refusal) throw new ValidationError(refusal);
  const { member, category, settings, today } = input;
  const price = membershipPrice(category, settings, 'renew', today);
  if (!price) throw new ValidationError(ORDER_MESSAGES.lifeNotRenewed);
  const household = category.coversHousehold ? input.householdMemberIds.filter((other) => other !== member.id) : [];
  return {
    id,
    kind: 'renewal',
    memberId: member.id,
    applicationId: null,
    categoryId: category.id,
    householdMemberIds: [...new Set(household)],
    amount: price.amount,
    currency: input.currency,
    paysUntil: paysUntil(settings.year, category, member.renewalDate, today),
    method: 'card',
    ...UNPAID_ORDER,
    createdAt: now,
  };
}

/** The open cash and transfer orders, as the admin's Membership screen lists them. */
export const OpenOfflineOrderListSchema = z.object({ orders: z.array(MembershipOrderSchema.and(z.object({ memberName: z.string().nullable() }))) });
export type OpenOfflineOrderList = z.infer<typeof OpenOfflineOrderListSchema>;

/** What confirming answers: the outcome of recording it. */
export const OfflinePaymentAnswerSchema = z.object({ result: z.enum(['applied', 'already-applied', 'refund']), order: MembershipOrderSchema });

/** An admin's confirmation that an order was paid in cash or by transfer. */
export const OfflinePaymentRequestSchema = z.object({ method: z.enum(['cash', 'transfer']) }).strict();

/** What an admin's cancel of an open cash or transfer order answers: the order as stored. */
export const OrderCancelAnswerSchema = z.object({ order: MembershipOrderSchema });

/** What refunding answers: `refunded` now, or `already-refunded` before; the order as stored. */
export const OrderRefundAnswerSchema = z.object({ result: z.enum(['refunded', 'already-refunded']), order: MembershipOrderSchema });

/** The idempotency key of an admin's refund of a paid order: one refund per order, however often asked (at most 45 characters). */
export function adminOrderRefundKey(orderId: string): string {
  return `mo-refund-${orderId}`.slice(0, 45);
}

export interface MembershipOrdersDeps {
  orders: MembershipOrderRepository;
  /** Refunds of card payments (docs/payments.md). */
  payments: Pick<PaymentGateway, 'refund'>;
  members: MemberRepository;
  households: HouseholdRepository;
  /** The order's category, read when it is paid: the members it extends hold it from then. */
  categories: Pick<MembershipRepository, 'getCategory'>;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Membership orders' use cases (docs/membership.md, "Orders and payments"): a member's renewal
 * quoted as an open order, and a payment recorded on an order (the gateway's, or an admin's
 * cash or transfer confirmation), which moves the renewal dates once.
 */
export class MembershipOrders {
  constructor(private readonly deps: MembershipOrdersDeps) {}

  /**
   * Quotes and stores a renewal for the member into `category` (read by the caller with the
   * settings). A household category is one payment by the household's contact and covers every
   * member of the household as it stands now. `method` is how the member means to pay (card
   * unless given). Throws NotFoundError for an unknown member,
   * ValidationError with the member's message when they may not renew.
   */
  async quoteRenewal(
    memberId: string,
    quote: { category: MembershipCategory; settings: MembershipSettings; currency: Currency; method?: OrderMethod },
  ): Promise<MembershipOrder> {
    const member = await this.deps.members.get(memberId);
    if (!member) throw new NotFoundError('Member not found');
    const now = this.deps.clock.now();
    let householdMemberIds: string[] = [];
    if (quote.category.coversHousehold) {
      const place = await this.deps.households.membershipOf(member.id);
      if (place && !place.contact) throw new ValidationError(ORDER_MESSAGES.notContact);
      householdMemberIds = place ? (await this.deps.households.membersOf(place.householdId)).map((m) => m.memberId) : [];
    }
    const quoted = quoteRenewal({ member, ...quote, householdMemberIds, today: londonDate(now) }, this.deps.ids.next(), now.toISOString());
    const order: MembershipOrder = { ...quoted, method: quote.method ?? 'card' };
    await this.deps.orders.create(order);
    return order;
  }

  /**
   * Records the gateway's card payment on an order (the answer to the charge, or a correctly
   * signed webhook): as often as it comes, the member is extended once.
   */
  async recordCardPayment(orderId: string, paymentId: string): Promise<OrderPaymentOutcome> {
    return this.deps.orders.recordPayment(
      { orderId, paymentId, method: 'card', confirmedBy: null, auditId: null, ...(await this.categoryHeld(orderId)) },
      this.deps.clock.now().toISOString(),
    );
  }

  /** The name of the order's category, which the members it extends hold once it is paid. */
  private async categoryHeld(orderId: string): Promise<{ membershipType?: string }> {
    const order = await this.deps.orders.get(orderId);
    const category = order ? await this.deps.categories.getCategory(order.categoryId) : null;
    return category ? { membershipType: category.name } : {};
  }

  /**
   * Closes the renewal orders left open (isLeftOpen): each cancelled in one step unless paid
   * meanwhile (a payment recorded after that buys nothing and is refunded). The ids closed.
   */
  async closeLeftOpen(): Promise<string[]> {
    const now = this.deps.clock.now();
    const closed: string[] = [];
    for (const order of await this.deps.orders.listOpen()) {
      if (isLeftOpen(order, now) && (await this.deps.orders.cancel(order.id))) closed.push(order.id);
    }
    return closed;
  }

  /**
   * The open orders waiting for a cash or transfer payment, oldest first, each with its member's
   * name (null for a member no longer stored), for the admin's Membership screen.
   * PermissionError without members:write.
   */
  async listOpenOffline(admin: Pick<Admin, 'permissions'>): Promise<OpenOfflineOrderList> {
    requirePermission(admin, 'members.write');
    const orders = await this.deps.orders.listOpenOffline();
    // The members in one read, not one per order (docs/members.md#reads).
    const members = await this.deps.members.getMany(orders.flatMap((order) => (order.memberId === null ? [] : [order.memberId])));
    const names = new Map(members.map((member) => [member.id, member.name]));
    return { orders: orders.map((order) => ({ ...order, memberName: order.memberId === null ? null : (names.get(order.memberId) ?? null) })) };
  }

  /**
   * An admin's confirmation that the order was paid in cash or by transfer (`request`:
   * OfflinePaymentRequestSchema; PermissionError without members:write): the same atomic step as a card payment, audited with it. Its
   * payment id is the order's own (offlinePaymentId), so confirming twice records it once.
   */
  async confirmOfflinePayment(admin: Pick<Admin, 'uid' | 'email' | 'permissions'>, orderId: string, request: unknown): Promise<OrderPaymentOutcome> {
    requirePermission(admin, 'members.write');
    const parsed = OfflinePaymentRequestSchema.safeParse(request);
    if (!parsed.success) throw new ValidationError('Choose cash or transfer');
    return this.deps.orders.recordPayment(
      {
        orderId,
        paymentId: offlinePaymentId(orderId),
        method: parsed.data.method,
        confirmedBy: { uid: admin.uid, email: admin.email },
        auditId: this.deps.ids.next(),
        ...(await this.categoryHeld(orderId)),
      },
      this.deps.clock.now().toISOString(),
    );
  }

  /**
   * An admin's cancel of an open cash or transfer order the member will not pay after all
   * (docs/membership.md, "Orders left open"; PermissionError without members:write): the order
   * becomes `cancelled` in the repository's one atomic step, so a payment recorded on it later buys
   * nothing and is refunded; audited in that same step. A card order (its checkout is the member's) is refused
   * (ValidationError), as is an order no longer open (ConflictError: paid or closed meanwhile);
   * NotFoundError for an unknown one. Nothing is written when refused.
   */
  async cancelOffline(admin: Pick<Admin, 'uid' | 'email' | 'permissions'>, orderId: string): Promise<MembershipOrder> {
    requirePermission(admin, 'members.write');
    const order = await this.deps.orders.get(orderId);
    if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (order.method === 'card') throw new ValidationError(ORDER_MESSAGES.notCancellable);
    const member = order.memberId === null ? null : await this.deps.members.get(order.memberId);
    const audit = {
      id: this.deps.ids.next(),
      at: this.deps.clock.now().toISOString(),
      actor: { kind: 'admin' as const, uid: admin.uid, email: admin.email },
      action: 'membership.order-cancelled',
      recordType: 'member' as const,
      recordId: order.memberId ?? order.id,
      summary: `Membership order ${order.id} (${order.method}${member ? `, ${member.name}` : ''}) cancelled: not paid`,
      changes: [],
    };
    // The audit entry in the cancel's atomic step: never one without the other.
    if (order.status !== 'open' || !(await this.deps.orders.cancel(order.id, [audit]))) throw new ConflictError(ORDER_MESSAGES.noLongerOpen);
    return (await this.deps.orders.get(order.id)) ?? { ...order, status: 'cancelled' };
  }

  /**
   * An admin's refund of a paid order, its whole amount (docs/membership.md, "Figures, refunds
   * and the CSV"; members:write and the treasurer's bookings:write, else PermissionError). A card
   * payment is refunded through the payments port under one key per order (adminOrderRefundKey),
   * so two refunds at once, or a retry after a lost answer, refund once; the provider's refusal is
   * a PaymentError with its words, and nothing is recorded. Cash and transfer are handed back by
   * hand and recorded as such. Either way the order is marked refunded, audited, in one atomic
   * step; the renewal dates stay. An order refunded before answers `already-refunded`; one not
   * paid is refused (ValidationError), NotFoundError for an unknown one.
   */
  async refund(admin: Pick<Admin, 'uid' | 'email' | 'permissions'>, orderId: string): Promise<OrderRefundOutcome> {
    requirePermission(admin, 'members.write');
    requirePermission(admin, 'membershipMoney.manage');
    const order = await this.deps.orders.get(orderId);
    if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (order.status === 'refunded') return { result: 'already-refunded', order };
    if (order.status !== 'paid' || order.paymentId === null) throw new ValidationError(ORDER_MESSAGES.notRefundable);
    let refundId = offlineRefundId(order.id);
    if (order.method === 'card') {
      const refunded = await this.deps.payments.refund({
        paymentId: order.paymentId,
        amount: order.amount,
        currency: order.currency,
        reason: `Membership order ${order.id} refunded by an admin`,
        idempotencyKey: adminOrderRefundKey(order.id),
      });
      if (refunded.status === 'FAILED') throw new PaymentError(refunded.message);
      refundId = refunded.refundId;
    }
    return this.deps.orders.recordRefund(
      { orderId: order.id, refundId, refundedBy: { uid: admin.uid, email: admin.email }, auditId: this.deps.ids.next() },
      this.deps.clock.now().toISOString(),
    );
  }
}
