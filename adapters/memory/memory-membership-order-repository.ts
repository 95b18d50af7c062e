import type { AuditEntry } from '../../core/audit/audit';
import {
  decideOrderPayment,
  decideOrderRefund,
  ORDER_MESSAGES,
  orderMemberIds,
  type MembershipOrder,
  type OrderPayment,
  type OrderPaymentOutcome,
  type OrderRefund,
  type OrderRefundOutcome,
} from '../../core/membership/membership-order';
import type { MembershipOrderRepository } from '../../core/membership/membership-order-repository.port';
import type { Member } from '../../core/members/member';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { isOpenOffline, newestOrderFirst, oldestOrderFirst, oldestPaymentFirst, validOrder, wasPaid } from '../membership-order-records';
import { MemoryAuditLog } from './memory-audit-log';
import { MemoryMemberRepository } from './memory-member-repository';
import { copyOrNull } from './memory-records';

/**
 * Membership orders in memory (tests, and the contract's reference), beside the store's member
 * list and audit log. Recording payments runs one at a time, so each reads and writes the
 * members with no other payment in between.
 */
export class MemoryMembershipOrderRepository implements MembershipOrderRepository {
  private readonly orders = new Map<string, MembershipOrder>();
  private readonly members: MemoryMemberRepository;
  private readonly audit: MemoryAuditLog;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(options: { members?: MemoryMemberRepository; audit?: MemoryAuditLog } = {}) {
    this.members = options.members ?? new MemoryMemberRepository();
    this.audit = options.audit ?? new MemoryAuditLog();
  }

  async get(id: string): Promise<MembershipOrder | null> {
    return copyOrNull(this.orders.get(id));
  }

  async getMany(ids: readonly string[]): Promise<MembershipOrder[]> {
    return [...new Set(ids)].flatMap((id) => {
      const order = this.orders.get(id);
      return order ? [structuredClone(order)] : [];
    });
  }

  async listForMember(memberId: string): Promise<MembershipOrder[]> {
    return [...this.orders.values()]
      .filter((order) => order.memberId === memberId)
      .sort(newestOrderFirst)
      .map((order) => structuredClone(order));
  }

  async listOpenOffline(): Promise<MembershipOrder[]> {
    return [...this.orders.values()]
      .filter(isOpenOffline)
      .sort(oldestOrderFirst)
      .map((order) => structuredClone(order));
  }

  async listOpen(): Promise<MembershipOrder[]> {
    return [...this.orders.values()]
      .filter((order) => order.status === 'open')
      .sort(oldestOrderFirst)
      .map((order) => structuredClone(order));
  }

  async listPaid(): Promise<MembershipOrder[]> {
    return [...this.orders.values()]
      .filter(wasPaid)
      .sort(oldestPaymentFirst)
      .map((order) => structuredClone(order));
  }

  async create(order: MembershipOrder): Promise<void> {
    const valid = validOrder(order);
    if (this.orders.has(valid.id)) throw new ConflictError(ORDER_MESSAGES.idTaken);
    this.orders.set(valid.id, structuredClone(valid));
  }

  cancel(id: string, audit: readonly AuditEntry[] = []): Promise<boolean> {
    // In turn with the payments: a payment and a cancel at once see each other's result.
    const result = this.tail.then(() => {
      const order = this.orders.get(id);
      if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
      if (order.status !== 'open') return false;
      this.audit.checkNew(audit);
      this.orders.set(id, { ...order, status: 'cancelled' });
      this.audit.appendNow(audit);
      return true;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  recordPayment(payment: OrderPayment, now: string): Promise<OrderPaymentOutcome> {
    const result = this.tail.then(() => this.recordNow(payment, now));
    this.tail = result.catch(() => undefined);
    return result;
  }

  recordRefund(refund: OrderRefund, now: string): Promise<OrderRefundOutcome> {
    const result = this.tail.then(() => {
      const order = this.orders.get(refund.orderId);
      if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const decided = decideOrderRefund(structuredClone(order), refund, now);
      if (!decided.writeOrder) return structuredClone(decided.outcome);
      this.audit.checkNew(decided.audit);
      this.orders.set(order.id, structuredClone(decided.outcome.order));
      this.audit.appendNow(decided.audit);
      return structuredClone(decided.outcome);
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async recordNow(payment: OrderPayment, now: string): Promise<OrderPaymentOutcome> {
    const order = this.orders.get(payment.orderId);
    if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
    // The members are copied when asked (all at once), and written back with their renewal date
    // moved: a member edit by other code between the two is not guarded here (a test double; the
    // SQLite and Firestore stores read and write in one transaction).
    const stored = (await Promise.all(orderMemberIds(order).map((id) => this.members.get(id)))).filter((member): member is Member => member !== null);
    const decided = decideOrderPayment(structuredClone(order), payment, stored, now);
    if (!decided.writeOrder) return structuredClone(decided.outcome);
    this.audit.checkNew(decided.audit);
    for (const member of decided.members) await this.members.update(member);
    this.orders.set(order.id, structuredClone(decided.outcome.order));
    this.audit.appendNow(decided.audit);
    return structuredClone(decided.outcome);
  }
}
