import type { Knex } from 'knex';
import {
  decideOrderPayment,
  decideOrderRefund,
  MembershipOrderSchema,
  ORDER_MESSAGES,
  orderMemberIds,
  type MembershipOrder,
  type OrderPayment,
  type OrderPaymentOutcome,
  type OrderRefund,
  type OrderRefundOutcome,
} from '../../core/membership/membership-order';
import type { MembershipOrderRepository } from '../../core/membership/membership-order-repository.port';
import { MemberSchema } from '../../core/members/member';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { newestOrderFirst, oldestOrderFirst, oldestPaymentFirst, validOrder, withoutEmptyRefund } from '../membership-order-records';
import { insertIntoAuditLog } from './sqlite-audit-log';
import { MEMBER_COLUMNS } from './sqlite-member-repository';
import { isUniqueViolation } from './sqlite-errors';
import { readRow } from './sqlite-values';
import { preparedWriteTransaction, type PreparedWrites } from './sqlite-write-transaction';
import type { AuditEntry } from '../../core/audit/audit';
import { readInChunks } from './sqlite-in-chunks';

/**
 * Membership orders in the `membership_orders` table (migration 0050). A payment is recorded in
 * one prepared write transaction (the write lock from its start) that reads the order and its
 * members and writes the order, their renewal dates and the audit entry: a second recording of
 * the same payment, in this process or another, waits for the first and then finds the order paid.
 */
export class SqliteMembershipOrderRepository implements MembershipOrderRepository {
  constructor(private readonly db: Knex) {}

  async get(id: string): Promise<MembershipOrder | null> {
    if (typeof id !== 'string') return null;
    const row = await this.db('membership_orders').where({ id }).first();
    return row ? toOrder(row) : null;
  }

  /** One SELECT per chunk of ids (under SQLite's bound-variable limit): one for a short list. */
  async getMany(ids: readonly string[]): Promise<MembershipOrder[]> {
    return (await readInChunks(ids, (chunk) => this.db('membership_orders').whereIn('id', chunk))).map(toOrder);
  }

  async listForMember(memberId: string): Promise<MembershipOrder[]> {
    if (typeof memberId !== 'string') return [];
    const rows = await this.db('membership_orders').where({ memberId });
    return rows.map(toOrder).sort(newestOrderFirst);
  }

  async listOpenOffline(): Promise<MembershipOrder[]> {
    const rows = await this.db('membership_orders').where({ status: 'open' }).whereIn('method', ['cash', 'transfer']);
    return rows.map(toOrder).sort(oldestOrderFirst);
  }

  async listOpen(): Promise<MembershipOrder[]> {
    return (await this.db('membership_orders').where({ status: 'open' })).map(toOrder).sort(oldestOrderFirst);
  }

  async listPaid(): Promise<MembershipOrder[]> {
    const rows = await this.db('membership_orders').whereIn('status', ['paid', 'refunded']);
    return rows.map(toOrder).sort(oldestPaymentFirst);
  }

  async create(order: MembershipOrder): Promise<void> {
    const row = toRow(validOrder(order));
    try {
      await this.db('membership_orders').insert(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(ORDER_MESSAGES.idTaken);
      throw error;
    }
  }

  cancel(id: string, audit: readonly AuditEntry[] = []): Promise<boolean> {
    // BEGIN IMMEDIATE, as recordPayment: the status check, the cancel and its audit entries in one step.
    return preparedWriteTransaction(this.db, (writes) => {
      const row =
        typeof id === 'string' ? (writes.statement('SELECT status FROM membership_orders WHERE id = ?').get(id) as { status: string } | undefined) : undefined;
      if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
      if (row.status !== 'open') return false;
      writes.update('membership_orders', id, { status: 'cancelled' });
      insertAudit(writes, audit);
      return true;
    });
  }

  recordPayment(payment: OrderPayment, now: string): Promise<OrderPaymentOutcome> {
    // Synchronous on one connection, BEGIN IMMEDIATE: nothing else writes between the reads and the writes.
    return preparedWriteTransaction(this.db, (writes) => {
      const order = orderIn(writes, payment.orderId);
      const members = orderMemberIds(order).flatMap((id) => {
        const member = writes.statement(`SELECT ${MEMBER_COLUMNS.map((column) => `"${column}"`).join(', ')} FROM members WHERE id = ?`).get(id) as
          Record<string, unknown> | undefined;
        if (!member) return [];
        // An optional field not given is null in its column and absent from the member.
        const present = Object.fromEntries(Object.entries(member).filter(([, value]) => value !== null));
        return [readRow(MemberSchema, present, { booleans: ['disabled'] })];
      });
      const decided = decideOrderPayment(order, payment, members, now);
      if (!decided.writeOrder) return decided.outcome;
      writes.update('membership_orders', order.id, toRow(decided.outcome.order));
      for (const member of decided.members)
        writes.update('members', member.id, { renewalDate: member.renewalDate, membershipType: member.membershipType, updatedAt: member.updatedAt });
      insertAudit(writes, decided.audit);
      return decided.outcome;
    });
  }

  recordRefund(refund: OrderRefund, now: string): Promise<OrderRefundOutcome> {
    // As recordPayment: BEGIN IMMEDIATE, so a second refund of the order waits and then finds it refunded.
    return preparedWriteTransaction(this.db, (writes) => {
      const decided = decideOrderRefund(orderIn(writes, refund.orderId), refund, now);
      if (!decided.writeOrder) return decided.outcome;
      writes.update('membership_orders', refund.orderId, toRow(decided.outcome.order));
      insertAudit(writes, decided.audit);
      return decided.outcome;
    });
  }
}

/** The order as stored, read inside a write transaction; NotFoundError for none. */
function orderIn(writes: PreparedWrites, orderId: string): MembershipOrder {
  const row =
    typeof orderId === 'string'
      ? (writes.statement('SELECT * FROM membership_orders WHERE id = ?').get(orderId) as Record<string, unknown> | undefined)
      : undefined;
  if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return toOrder(row);
}

function insertAudit(writes: PreparedWrites, audit: readonly AuditEntry[]): void {
  try {
    insertIntoAuditLog(writes, audit);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('An audit entry with this id already exists');
    throw error;
  }
}

function toRow(order: MembershipOrder): Record<string, unknown> & { id: string } {
  return {
    ...order,
    householdMemberIds: JSON.stringify(order.householdMemberIds),
    refundedAt: order.refundedAt ?? null,
    refundId: order.refundId ?? null,
    refundedBy: order.refundedBy ?? null,
  };
}

function toOrder(row: Record<string, unknown>): MembershipOrder {
  return readRow(MembershipOrderSchema, withoutEmptyRefund(row), { json: ['householdMemberIds'] });
}
