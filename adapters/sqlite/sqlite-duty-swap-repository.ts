import type { Knex } from 'knex';
import { DUTY_MESSAGES } from '../../core/duties/duties';
import { DutyAssignmentSchema, type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import { DutySwapSchema, SWAP_MESSAGES, swapAcceptRefusal, type DutySwap } from '../../core/duties/duty-swaps';
import type { DutySwapRepository } from '../../core/duties/duty-swap-repository.port';
import type { OutboxMessage } from '../../core/mail/mail';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { validAssignment } from '../duty-records';
import { SWAP_TAKEN_ID, takenSwap, validSwap } from '../duty-swap-records';
import { assignmentRow } from './sqlite-duty-repository';
import { isUniqueViolation } from './sqlite-errors';
import { addNewToOutbox } from './sqlite-outbox';
import { readBoolean } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

type Db = Knex | Knex.Transaction;

/**
 * Duty swap requests in `duty_swaps` (migration 0033), beside the rosters of migration 0028.
 * Accepting is one write transaction (the write lock from its first statement, ADR 0039): the
 * swap, the slot's holders and the taker's duties are read, the core's rule decides, and the
 * swap, the leaving holder and the new one are written before any other write can start.
 */
export class SqliteDutySwapRepository implements DutySwapRepository {
  constructor(private readonly db: Knex) {}

  async create(swap: DutySwap, mail: readonly OutboxMessage[] = []): Promise<void> {
    const valid = validSwap(swap);
    try {
      await writeTransaction(this.db, async (trx) => {
        if (await trx('duty_swaps').where({ id: valid.id }).first()) throw new ConflictError(SWAP_TAKEN_ID);
        await trx('duty_swaps').insert(toRow(valid));
        await addNewToOutbox(trx, mail);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(SWAP_MESSAGES.alreadyAsked);
      throw error;
    }
  }

  async get(id: string): Promise<DutySwap | null> {
    if (typeof id !== 'string') return null;
    return (await swapsWhere(this.db, { id }))[0] ?? null;
  }

  async listOpenOf(fromMemberId: string): Promise<DutySwap[]> {
    if (typeof fromMemberId !== 'string') return [];
    return swapsWhere(this.db, { fromMemberId, status: 'open' });
  }

  async accept(swapId: string, assignment: DutyAssignment, mail: readonly OutboxMessage[] = []): Promise<DutySwap> {
    const valid = validAssignment(assignment);
    if (typeof swapId !== 'string') throw new NotFoundError(SWAP_MESSAGES.notFound);
    return writeTransaction(this.db, async (trx) => {
      const [swap] = await swapsWhere(trx, { id: swapId });
      if (!swap) throw new NotFoundError(SWAP_MESSAGES.notFound);
      if (!(await trx('duty_slots').where({ id: swap.slotId }).first())) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
      const holders = await dutiesWhere(trx, { slotId: swap.slotId });
      const takerDuties = await dutiesWhere(trx, { memberId: valid.memberId });
      const taker: { disabled: unknown } | undefined = await trx('members').select('disabled').where({ id: valid.memberId }).first();
      const refusal = swapAcceptRefusal(swap, { holders }, takerDuties, valid.memberId, taker ? { disabled: readBoolean(taker.disabled) } : null);
      if (refusal) throw new ConflictError(refusal);
      const taken = takenSwap(swap, valid.memberId, valid.assignedAt);
      await trx('duty_swaps').where({ id: swapId }).update({ status: taken.status, takenBy: taken.takenBy, takenAt: taken.takenAt });
      await trx('duty_assignments').where({ slotId: swap.slotId, memberId: swap.fromMemberId }).delete();
      await trx('duty_assignments').insert(assignmentRow({ ...valid, slotId: swap.slotId, eventId: swap.eventId }));
      await addNewToOutbox(trx, mail);
      return taken;
    });
  }

  async withdraw(swapId: string): Promise<DutySwap | null> {
    if (typeof swapId !== 'string') return null;
    return writeTransaction(this.db, async (trx) => {
      const [swap] = await swapsWhere(trx, { id: swapId });
      if (!swap || swap.status !== 'open') return null;
      await trx('duty_swaps').where({ id: swapId }).update({ status: 'withdrawn' });
      return { ...swap, status: 'withdrawn' as const };
    });
  }
}

function toRow(swap: DutySwap) {
  const { window, ...rest } = swap;
  return { ...rest, start: window.start, end: window.end, createdAtMs: Date.parse(swap.createdAt) };
}

async function swapsWhere(db: Db, where: Record<string, string>): Promise<DutySwap[]> {
  const rows: Record<string, unknown>[] = await db('duty_swaps')
    .select('id', 'slotId', 'eventId', 'fromMemberId', 'toMemberId', 'start', 'end', 'createdAt', 'status', 'takenBy', 'takenAt')
    .where(where)
    .orderBy([{ column: 'createdAtMs' }, { column: 'id' }]);
  return rows.map(({ start, end, ...row }) => DutySwapSchema.parse({ ...row, window: { start, end } }));
}

async function dutiesWhere(db: Db, where: Record<string, string>): Promise<DutyAssignment[]> {
  const rows: Record<string, unknown>[] = await db('duty_assignments')
    .select('slotId', 'memberId', 'eventId', 'start', 'end', 'assignedAt', 'overrideReason')
    .where(where);
  return rows.map(({ start, end, ...row }) => DutyAssignmentSchema.parse({ ...row, window: { start, end } }));
}
