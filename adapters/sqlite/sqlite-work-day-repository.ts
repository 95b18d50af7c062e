import { bookingEmailKey } from '../../core/bookings/booking';
import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { WorkDaySchema, WorkDaySignupSchema, type WorkDay, type WorkDaySignup } from '../../core/work-days/work-day';
import type { SignupRemovalMail, WorkDayRepository } from '../../core/work-days/work-day-repository.port';
import { isForeignKeyViolation, isUniqueViolation } from './sqlite-errors';
import { signupRefusal } from '../../core/work-days/work-days';
import { workDayChangeRefusal } from '../../core/work-days/work-day-form';
import { writeTransaction } from './sqlite-write-transaction';
import { instantMillis, readRow, writeBoolean } from './sqlite-values';
import type { OutboxMessage } from '../../core/mail/mail';
import { addToOutbox } from './sqlite-outbox';

export class SqliteWorkDayRepository implements WorkDayRepository {
  constructor(private readonly db: Knex) {}

  async list(): Promise<WorkDay[]> {
    const rows = await this.db('work_days').select('*').orderByRaw('dateMs IS NULL, dateMs ASC, id ASC');
    return rows.map(toWorkDay);
  }

  async get(id: string): Promise<WorkDay | null> {
    const row = await this.db('work_days').where({ id }).first();
    return row ? toWorkDay(row) : null;
  }

  async create(workDay: WorkDay): Promise<void> {
    try {
      await this.db('work_days').insert({ id: workDay.id, ...workDayColumns(workDay) });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A work day with this id already exists');
      throw error;
    }
  }

  async update(id: string, change: (current: WorkDay) => WorkDay): Promise<{ before: WorkDay; after: WorkDay }> {
    // One write transaction, as addSignup: the day and its sign-ups are read, the rule asked and
    // the change written with no sign-up (nor other change) in between.
    return writeTransaction(this.db, async (trx) => {
      const row = await trx('work_days').where({ id }).first();
      if (!row) throw new NotFoundError('Work Day Not Found');
      const before = toWorkDay(row);
      const after = { ...change(toWorkDay(row)), id };
      const signups = (await trx('work_day_signups').select('*').where({ workDayId: id })).map(toSignup);
      const refusal = workDayChangeRefusal(before, after, signups);
      if (refusal) throw new ConflictError(refusal.message);
      await trx('work_days').where({ id }).update(workDayColumns(after));
      return { before, after };
    });
  }

  async addSignup(signup: WorkDaySignup, mail: readonly OutboxMessage[] = []): Promise<void> {
    // One write transaction: the day's sign-ups are read, the rule asked and the sign-up written
    // with no other writer in between, so two sign-ups at once cannot both take a job's last place.
    await writeTransaction(this.db, async (trx) => {
      const row = await trx('work_days').where({ id: signup.workDayId }).first();
      if (!row) throw new NotFoundError('Work Day Not Found');
      const existing = (await trx('work_day_signups').select('*').where({ workDayId: signup.workDayId })).map(toSignup);
      const refusal = signupRefusal(toWorkDay(row), existing, signup);
      if (refusal) throw new ConflictError(refusal.message);
      await insertSignup(trx, signup);
      // The confirmation in the same transaction: written with the sign-up, never without it.
      await addToOutbox(trx, mail);
    });
  }

  async removeSignup(workDayId: string, signupId: string, mailFor: SignupRemovalMail = () => []): Promise<WorkDaySignup | null> {
    return (await this.removeSignups(workDayId, [signupId], mailFor))[0] ?? null;
  }

  async removeSignups(workDayId: string, signupIds: readonly string[], mailFor: SignupRemovalMail = () => []): Promise<WorkDaySignup[]> {
    const ids = [...new Set(signupIds)];
    if (ids.length === 0) return [];
    return writeTransaction(this.db, async (trx) => {
      const rows = await trx('work_day_signups').where({ workDayId }).whereIn('id', ids);
      await trx('work_day_signups').where({ workDayId }).whereIn('id', ids).delete();
      const byId = new Map(rows.map((row) => [String(row.id), toSignup(row)]));
      const removed = ids.flatMap((id) => byId.get(id) ?? []);
      // The removal's e-mails in the same transaction: written with the removal, never without it.
      await addToOutbox(trx, removed.flatMap(mailFor));
      return removed;
    });
  }

  async assignMissingEmailKeys(): Promise<number> {
    // Migration 0031 gave every stored sign-up its key, and every insert writes one.
    return 0;
  }

  async listSignupsByEmail(emailKey: string, limit: number): Promise<WorkDaySignup[]> {
    const rows = await this.signupsBySubmission({ emailKey }, 'desc').limit(limit);
    return rows.map(toSignup);
  }

  async listSignups(workDayId: string): Promise<WorkDaySignup[]> {
    const rows = await this.signupsBySubmission({ workDayId }, 'asc');
    return rows.map(toSignup);
  }

  /** The sign-ups matching `where` in order of submission, ties by id so the order never varies. */
  private signupsBySubmission(where: { emailKey: string } | { workDayId: string }, order: 'asc' | 'desc') {
    return this.db('work_day_signups')
      .select('*')
      .where(where)
      .orderBy([
        { column: 'submittedAtMs', order },
        { column: 'id', order: 'asc' },
      ]);
  }
}

async function insertSignup(trx: Knex.Transaction, signup: WorkDaySignup): Promise<void> {
  try {
    await trx('work_day_signups').insert({
      id: signup.id,
      workDayId: signup.workDayId,
      firstName: signup.firstName,
      lastName: signup.lastName,
      selectedJobs: JSON.stringify(signup.selectedJobs),
      otherJob: signup.otherJob,
      notes: signup.notes,
      bringingTools: writeBoolean(signup.bringingTools),
      wantsFood: writeBoolean(signup.wantsFood),
      email: signup.email ?? null,
      // My club finds a member's sign-ups by it (migration 0031).
      emailKey: bookingEmailKey(signup.email ?? null),
      submittedAt: signup.submittedAt,
      submittedAtMs: instantMillis(signup.submittedAt),
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError('Work Day Not Found');
    if (isUniqueViolation(error)) throw new ConflictError('A sign-up with this id already exists');
    throw error;
  }
}

function workDayColumns(workDay: WorkDay) {
  return {
    name: workDay.name,
    description: workDay.description,
    date: workDay.date,
    dateMs: instantMillis(workDay.date),
    foodAvailable: writeBoolean(workDay.foodAvailable),
    active: writeBoolean(workDay.active),
    // NULL when the day never had the flag, so a day reads back exactly as it was stored.
    archived: workDay.archived === undefined ? null : writeBoolean(workDay.archived),
    tools: workDay.tools,
    notes: workDay.notes,
    jobs: JSON.stringify(workDay.jobs),
  };
}

function toWorkDay(row: Record<string, unknown>): WorkDay {
  const { archived, ...rest } = row;
  if (archived === null || archived === undefined) return readRow(WorkDaySchema, rest, { booleans: ['foodAvailable', 'active'], json: ['jobs'] });
  return readRow(WorkDaySchema, { ...rest, archived }, { booleans: ['foodAvailable', 'active', 'archived'], json: ['jobs'] });
}

function toSignup(row: Record<string, unknown>): WorkDaySignup {
  return readRow(WorkDaySignupSchema, row, { booleans: ['bringingTools', 'wantsFood'], json: ['selectedJobs'] });
}
