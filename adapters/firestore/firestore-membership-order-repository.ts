import type { AuditEntry } from '../../core/audit/audit';
import { FieldPath, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
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
import { NotFoundError } from '../../core/shared/errors';
import { isOpenOffline, newestOrderFirst, oldestOrderFirst, oldestPaymentFirst, validOrder, withoutEmptyRefund } from '../membership-order-records';
import { appendToAuditLog } from './firestore-audit-log';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { INSTANT_TEXT_FIELD, instantFields, toTimestamp } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { inTurn, runTransactionTried } from './firestore-turns';
import { getExisting } from './firestore-get-many';

const INSTANTS = ['paidAt', 'appliedAt', 'createdAt', 'refundedAt'] as const;

/**
 * Membership orders in the `membershipOrders` collection, one document per order keyed by its id.
 * A payment is recorded in one transaction that reads the order and its members and writes the
 * order, their renewal dates and the audit entry; Firestore retries it when another write to
 * what it read (the same order, one of its members) commits first. In this process recordings
 * run in turn, so a webhook and a return at once do not abort each other.
 */
export class FirestoreMembershipOrderRepository extends FirestoreCollectionAdapter implements MembershipOrderRepository {
  protected readonly collectionName = 'membershipOrders';

  async get(id: string): Promise<MembershipOrder | null> {
    if (typeof id !== 'string' || !isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toOrder(snapshot) : null;
  }

  async getMany(ids: readonly string[]): Promise<MembershipOrder[]> {
    const refs = [...new Set(ids)].filter((id) => typeof id === 'string' && isDocumentId(id)).map((id) => this.collection.doc(id));
    return (await getExisting(this.db, refs)).map(toOrder);
  }

  async listForMember(memberId: string): Promise<MembershipOrder[]> {
    if (typeof memberId !== 'string') return [];
    const snapshot = await withCoreErrors(() => this.collection.where('memberId', '==', memberId).get());
    return snapshot.docs.map(toOrder).sort(newestOrderFirst);
  }

  async listOpenOffline(): Promise<MembershipOrder[]> {
    // One equality filter, so no composite index is needed; the method is read here.
    const snapshot = await withCoreErrors(() => this.collection.where('status', '==', 'open').get());
    return snapshot.docs.map(toOrder).filter(isOpenOffline).sort(oldestOrderFirst);
  }

  async listOpen(): Promise<MembershipOrder[]> {
    const snapshot = await withCoreErrors(() => this.collection.where('status', '==', 'open').get());
    return snapshot.docs.map(toOrder).sort(oldestOrderFirst);
  }

  async listPaid(): Promise<MembershipOrder[]> {
    // One `in` filter on one field: no composite index is needed.
    const snapshot = await withCoreErrors(() => this.collection.where('status', 'in', ['paid', 'refunded']).get());
    return snapshot.docs.map(toOrder).sort(oldestPaymentFirst);
  }

  async create(order: MembershipOrder): Promise<void> {
    const valid = validOrder(order);
    await withCoreErrors(() => this.collection.doc(valid.id).create(toDocument(valid)), { conflict: ORDER_MESSAGES.idTaken });
  }

  cancel(id: string, audit: readonly AuditEntry[] = []): Promise<boolean> {
    if (typeof id !== 'string' || !isDocumentId(id)) return Promise.reject(new NotFoundError(ORDER_MESSAGES.notFound));
    const ref = this.collection.doc(id);
    // In turn with this process's payments, as recordPayment is; another process's is a retried transaction.
    return this.inTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw new NotFoundError(ORDER_MESSAGES.notFound);
      if (snapshot.get('status') !== 'open') return false;
      tx.update(ref, 'status', 'cancelled');
      appendToAuditLog(tx, this.db, audit, this.options);
      return true;
    });
  }

  recordPayment(payment: OrderPayment, now: string): Promise<OrderPaymentOutcome> {
    if (typeof payment.orderId !== 'string' || !isDocumentId(payment.orderId)) return Promise.reject(new NotFoundError(ORDER_MESSAGES.notFound));
    const orders = this.collection;
    const members = collectionOf(this.db, 'members', this.options);
    const work = async (tx: Transaction): Promise<OrderPaymentOutcome> => {
      const snapshot = await tx.get(orders.doc(payment.orderId));
      if (!snapshot.exists) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const order = toOrder(snapshot);
      const ids = orderMemberIds(order).filter(isDocumentId);
      const memberSnapshots = ids.length > 0 ? await tx.getAll(...ids.map((id) => members.doc(id))) : [];
      const stored = memberSnapshots
        .filter((member) => member.exists)
        .map((member) => readDocument(MemberSchema, member, { instants: ['createdAt', 'updatedAt'] }));
      const decided = decideOrderPayment(order, payment, stored, now);
      if (!decided.writeOrder) return decided.outcome;
      tx.set(orders.doc(order.id), toDocument(decided.outcome.order));
      for (const member of decided.members) {
        tx.update(
          members.doc(member.id),
          'renewalDate',
          member.renewalDate,
          'membershipType',
          member.membershipType,
          'updatedAt',
          toTimestamp(member.updatedAt),
          new FieldPath(INSTANT_TEXT_FIELD, 'updatedAt'),
          member.updatedAt,
        );
      }
      appendToAuditLog(tx, this.db, decided.audit, this.options);
      return decided.outcome;
    };
    return this.inTransaction(work);
  }

  recordRefund(refund: OrderRefund, now: string): Promise<OrderRefundOutcome> {
    if (typeof refund.orderId !== 'string' || !isDocumentId(refund.orderId)) return Promise.reject(new NotFoundError(ORDER_MESSAGES.notFound));
    const orders = this.collection;
    return this.inTransaction(async (tx) => {
      const snapshot = await tx.get(orders.doc(refund.orderId));
      if (!snapshot.exists) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const decided = decideOrderRefund(toOrder(snapshot), refund, now);
      if (!decided.writeOrder) return decided.outcome;
      tx.set(orders.doc(refund.orderId), toDocument(decided.outcome.order));
      appendToAuditLog(tx, this.db, decided.audit, this.options);
      return decided.outcome;
    });
  }

  /**
   * Runs an order's payment or refund in one transaction, in turn with the others of this process
   * (a refund and a late webhook of the same order do not abort each other).
   */
  private inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return inTurn(this.db, 'membership-order-payments', () =>
      withCoreErrors(() => runTransactionTried(this.db, work), { conflict: 'An audit entry with this id already exists' }),
    );
  }
}

function toDocument(order: MembershipOrder) {
  const { id: _id, paidAt, appliedAt, createdAt, refundedAt, ...fields } = order;
  return { ...fields, ...instantFields({ paidAt, appliedAt, createdAt, ...(refundedAt === undefined ? {} : { refundedAt }) }) };
}

function toOrder(snapshot: DocumentSnapshot): MembershipOrder {
  return readDocument({ parse: (value) => MembershipOrderSchema.parse(withoutEmptyRefund(value as Record<string, unknown>)) }, snapshot, {
    instants: INSTANTS,
  });
}
