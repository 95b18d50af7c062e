import type { Knex } from 'knex';
import {
  assignmentRefusal,
  DUTY_MESSAGES,
  MemberQualificationSchema,
  type DutySlot,
  type MemberQualification,
  type StaffedSlot,
} from '../../core/duties/duties';
import { DutyAssignmentSchema, type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import type { DutyCatalogueChange, DutyCatalogueKind, DutyCatalogueRecords, DutyRepository, StoredDutyCatalogue } from '../../core/duties/duty-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import {
  CATALOGUE_SCHEMAS,
  byAssignedAt,
  storedCatalogue,
  validAssignment,
  validCatalogueChange,
  validCatalogueRecord,
  validKind,
  validMemberQualification,
  validSlot,
  StoredSlotSchema,
} from '../duty-records';
import { isUniqueViolation } from './sqlite-errors';
import { readBoolean, readJson, writeBoolean } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

const SLOT_TAKEN = 'A duty slot with this id already exists';

/**
 * Duty rosters in the tables of migration 0028. Assigning is one write transaction (the write
 * lock from its first statement, ADR 0039): the slot's holders and the member's duties are read,
 * the core's rule decides, and the row is written before any other write can start.
 */
export class SqliteDutyRepository implements DutyRepository {
  constructor(private readonly db: Knex) {}

  async listCatalogue<K extends DutyCatalogueKind>(kind: K): Promise<DutyCatalogueRecords[K][]> {
    const rows: { record: string }[] = await this.db('duty_catalogue')
      .select('record')
      .where({ kind: validKind(kind) })
      .orderBy([{ column: 'name' }, { column: 'id' }]);
    return rows.map((row) => CATALOGUE_SCHEMAS[kind].parse(readJson(row.record)) as DutyCatalogueRecords[K]);
  }

  async saveCatalogue<K extends DutyCatalogueKind>(kind: K, record: DutyCatalogueRecords[K]): Promise<void> {
    const valid = validCatalogueRecord(kind, record);
    await this.db('duty_catalogue')
      .insert({ kind, id: valid.id, name: valid.name, record: JSON.stringify(valid) })
      .onConflict(['kind', 'id'])
      .merge();
  }

  async deleteCatalogue(kind: DutyCatalogueKind, id: string): Promise<boolean> {
    if (typeof id !== 'string') return false;
    return (
      (await this.db('duty_catalogue')
        .where({ kind: validKind(kind), id })
        .delete()) > 0
    );
  }

  async changeCatalogue(change: (catalogue: StoredDutyCatalogue) => DutyCatalogueChange): Promise<void> {
    // The write lock from the first read: no other change can store between this one's read and write.
    await writeTransaction(this.db, async (trx) => {
      const rows: { kind: string; record: string }[] = await trx('duty_catalogue').select('kind', 'record');
      const valid = validCatalogueChange(change(storedCatalogue(rows.map((row) => ({ kind: row.kind, record: readJson(row.record) })))));
      if ('delete' in valid) await trx('duty_catalogue').where({ kind: valid.kind, id: valid.delete }).delete();
      else
        await trx('duty_catalogue')
          .insert({ kind: valid.kind, id: valid.save.id, name: valid.save.name, record: JSON.stringify(valid.save) })
          .onConflict(['kind', 'id'])
          .merge();
    });
  }

  async listMemberQualifications(memberId?: string): Promise<MemberQualification[]> {
    const query = this.db('member_qualifications')
      .select('memberId', 'qualificationId', 'expiresOn')
      .orderBy([{ column: 'memberId' }, { column: 'qualificationId' }]);
    if (memberId !== undefined) query.where({ memberId });
    return (await query).map((row) => MemberQualificationSchema.parse(row));
  }

  async putMemberQualifications(records: readonly MemberQualification[]): Promise<void> {
    const valid = records.map(validMemberQualification);
    if (valid.length === 0) return;
    await writeTransaction(this.db, async (trx) => {
      for (const record of valid) {
        await trx('member_qualifications').insert(record).onConflict(['memberId', 'qualificationId']).merge();
      }
    });
  }

  async deleteMemberQualification(memberId: string, qualificationId: string): Promise<boolean> {
    if (typeof memberId !== 'string' || typeof qualificationId !== 'string') return false;
    return (await this.db('member_qualifications').where({ memberId, qualificationId }).delete()) > 0;
  }

  async addSlots(slots: readonly DutySlot[]): Promise<void> {
    const valid = slots.map(validSlot);
    if (valid.length === 0) return;
    try {
      await writeTransaction(this.db, async (trx) => {
        await trx('duty_slots').insert(
          valid.map((slot) => ({
            ...slot,
            optional: writeBoolean(slot.optional),
            allowsSecondDuty: writeBoolean(slot.allowsSecondDuty),
            createdAtMs: Date.parse(slot.createdAt),
          })),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(SLOT_TAKEN);
      throw error;
    }
  }

  async getSlot(slotId: string): Promise<StaffedSlot | null> {
    if (typeof slotId !== 'string') return null;
    return (await this.slotsWhere(this.db, (q) => q.where({ id: slotId })))[0] ?? null;
  }

  async listSlots(eventId: string): Promise<StaffedSlot[]> {
    return this.listSlotsOfEvents([eventId]);
  }

  async listSlotsOfEvents(eventIds: readonly string[]): Promise<StaffedSlot[]> {
    const ids = eventIds.filter((id) => typeof id === 'string');
    if (ids.length === 0) return [];
    const slots = await this.slotsWhere(this.db, (q) => q.whereIn('eventId', ids));
    return ids.flatMap((id) => slots.filter((slot) => slot.eventId === id));
  }

  async removeSlot(slotId: string): Promise<boolean> {
    if (typeof slotId !== 'string') return false;
    return writeTransaction(this.db, async (trx) => {
      const held = await trx('duty_assignments').where({ slotId }).first();
      if (held) throw new ConflictError('Take its members off this duty first');
      return (await trx('duty_slots').where({ id: slotId }).delete()) > 0;
    });
  }

  async assign(assignment: DutyAssignment): Promise<void> {
    const valid = validAssignment(assignment);
    await writeTransaction(this.db, async (trx) => {
      const [slot] = await this.slotsWhere(trx, (q) => q.where({ id: valid.slotId }));
      if (!slot) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
      const duties = await this.dutiesWhere(trx, { memberId: valid.memberId });
      // The member as stored now, in the write lock: a disable saved meanwhile is seen.
      const member: { disabled: unknown } | undefined = await trx('members').select('disabled').where({ id: valid.memberId }).first();
      const refusal = assignmentRefusal(slot, duties, valid, member ? { disabled: readBoolean(member.disabled) } : null);
      if (refusal) throw new ConflictError(refusal);
      await trx('duty_assignments').insert(assignmentRow({ ...valid, eventId: slot.eventId }));
    });
  }

  async unassign(slotId: string, memberId: string): Promise<DutyAssignment | null> {
    if (typeof slotId !== 'string' || typeof memberId !== 'string') return null;
    return writeTransaction(this.db, async (trx) => {
      const [held] = await this.dutiesWhere(trx, { slotId, memberId });
      if (!held) return null;
      await trx('duty_assignments').where({ slotId, memberId }).delete();
      return held;
    });
  }

  async listMemberDuties(memberId: string): Promise<DutyAssignment[]> {
    if (typeof memberId !== 'string') return [];
    return this.dutiesWhere(this.db, { memberId });
  }

  private async slotsWhere(db: Knex | Knex.Transaction, where: (query: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<StaffedSlot[]> {
    const rows: Record<string, unknown>[] = await where(
      db('duty_slots').select('id', 'eventId', 'dutyTypeId', 'needed', 'optional', 'allowsSecondDuty', 'createdAt'),
    ).orderBy([{ column: 'createdAtMs' }, { column: 'id' }]);
    if (rows.length === 0) return [];
    const holders = await this.dutiesWhere(db, (q) =>
      q.whereIn(
        'slotId',
        rows.map((row) => row.id as string),
      ),
    );
    return rows.map((row) => {
      const slot = StoredSlotSchema.parse({ ...row, optional: readBoolean(row.optional), allowsSecondDuty: readBoolean(row.allowsSecondDuty) });
      return { ...slot, holders: holders.filter((holder) => holder.slotId === slot.id).sort(byAssignedAt) };
    });
  }

  private async dutiesWhere(
    db: Knex | Knex.Transaction,
    where: Record<string, string> | ((query: Knex.QueryBuilder) => Knex.QueryBuilder),
  ): Promise<DutyAssignment[]> {
    const base = db('duty_assignments').select('slotId', 'memberId', 'eventId', 'start', 'end', 'assignedAt', 'overrideReason');
    const rows: Record<string, unknown>[] = await (typeof where === 'function' ? where(base) : base.where(where)).orderBy([
      { column: 'startMs' },
      { column: 'slotId' },
    ]);
    return rows.map(({ start, end, ...row }) => DutyAssignmentSchema.parse({ ...row, window: { start, end } }));
  }
}

/** An assignment as a row of `duty_assignments` (SqliteDutySwapRepository writes them too). */
export function assignmentRow(assignment: DutyAssignment) {
  return {
    slotId: assignment.slotId,
    memberId: assignment.memberId,
    eventId: assignment.eventId,
    start: assignment.window.start,
    end: assignment.window.end,
    startMs: Date.parse(assignment.window.start),
    endMs: Date.parse(assignment.window.end),
    assignedAt: assignment.assignedAt,
    assignedAtMs: Date.parse(assignment.assignedAt),
    overrideReason: assignment.overrideReason,
  };
}
