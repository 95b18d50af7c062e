import type { AuditEntry } from '../audit/audit';
import type { Instant } from '../shared/instant';
import type { MembershipOrder, OrderPayment, OrderPaymentOutcome, OrderRefund, OrderRefundOutcome } from './membership-order';

/**
 * Membership orders (docs/membership.md, "Orders and payments"), kept in the same storage as the
 * member list: recording a payment marks the order paid and moves the renewal dates in one write.
 */
export interface MembershipOrderRepository {
  /** The order with this id, or null (also for an id that is not an order id). */
  get(id: string): Promise<MembershipOrder | null>;
  /**
   * The stored orders with any of these ids, each once, in no given order (an unknown id, or one
   * that is not an order id, is left out; no ids, none): one read of storage, or a few for a long
   * list, however many ids (docs/members.md#reads).
   */
  getMany(ids: readonly string[]): Promise<MembershipOrder[]>;
  /** The member's renewal orders (as `memberId`, not as household), newest first (createdAt, then id). */
  listForMember(memberId: string): Promise<MembershipOrder[]>;
  /**
   * The open orders to be paid in cash or by transfer (method `cash` or `transfer`, status
   * `open`), which an admin confirms: oldest first (createdAt, then id).
   */
  listOpenOffline(): Promise<MembershipOrder[]>;
  /** Every open order, whatever its method and kind: oldest first (createdAt, then id). For closing those left open. */
  listOpen(): Promise<MembershipOrder[]>;
  /**
   * Stores a new order. Throws ValidationError for an order that is not a valid MembershipOrder,
   * ConflictError if the id exists; nothing is stored then.
   */
  create(order: MembershipOrder): Promise<void>;
  /**
   * Marks an open order `cancelled` in one atomic step, so a payment recorded on it later buys
   * nothing (`refund`). Answers true when it did, false (nothing written) when the order is not
   * open: paid meanwhile (whichever of the two commits first wins), cancelled or refunded.
   * `audit` (an admin's cancel) is appended in the same atomic step, only when the order is
   * cancelled: the cancel and its audit entries are written together or not at all. Throws
   * NotFoundError for an unknown order, ConflictError if an audit id exists (nothing written then).
   */
  cancel(id: string, audit?: readonly AuditEntry[]): Promise<boolean>;
  /**
   * Records `payment` on its order in ONE atomic step, as decideOrderPayment decides on the order
   * and the members (orderMemberIds) as stored inside that step: the order marked paid by the
   * payment, every renewal date it moves (never backwards: applyRenewal) with the member then
   * holding `payment.membershipType` when given, and the admin's audit
   * entry, all or none. The same payment recorded again, however many callers at once (a webhook
   * twice and the member's return), changes nothing and answers `already-applied`: the members
   * are extended once. Two orders paid at once for the same member both end paid and the later
   * date wins. A joining order is marked paid (`applied`, no members moved). Throws NotFoundError
   * for an unknown order, ValidationError for a joining order paid otherwise than by card
   * or a method not matching its confirmation, ConflictError if the audit id exists; nothing is
   * written then. `now` is the payment's and the members' `updatedAt`.
   */
  recordPayment(payment: OrderPayment, now: Instant): Promise<OrderPaymentOutcome>;
  /**
   * Every order that was paid: status `paid` or `refunded` (open and cancelled ones are left
   * out), oldest payment first (paidAt, then id). For the treasurer's figures and CSV.
   */
  listPaid(): Promise<MembershipOrder[]>;
  /**
   * Records the refund of a paid order in ONE atomic step, as decideOrderRefund decides on the
   * order as stored inside it: the order marked `refunded` (refundedAt `now`, the refund id and
   * the admin) with its audit entry, all or none; the renewal dates are not touched. An order
   * already refunded, however many callers at once, changes nothing and answers
   * `already-refunded` (one audit entry in all). Throws NotFoundError for an unknown order,
   * ValidationError for an order that is not paid (open, cancelled), ConflictError if the audit
   * id exists; nothing is written then.
   */
  recordRefund(refund: OrderRefund, now: Instant): Promise<OrderRefundOutcome>;
}
