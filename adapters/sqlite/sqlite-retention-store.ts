import type { Knex } from 'knex';
import { AuditEntrySchema } from '../../core/audit/audit';
import { OutboxMessageSchema } from '../../core/mail/mail';
import { pseudonymiseAuditEntry, type PseudonymisedPerson } from '../../core/privacy/audit-pseudonyms';
import { bookingPerson, dutyAssignmentKey, memberPerson, messageWithoutBody } from '../../core/privacy/retention-records';
import { anonymisedHolderId } from '../../core/duties/anonymised-holder';
import { DELETED_MAIL_TEXT, anonymisedEmail, type RetentionCutoff, type RetentionKind } from '../../core/privacy/retention-schedule';
import { ANONYMISED_LAST_NAME, ANONYMISED_NAME } from '../../core/shared/anonymised';
import type { AnonymisedPerson, AuditEntryRewrite, AuditRewrite, RetentionHolding, RetentionStore } from '../../core/privacy/retention-store.port';
import { BookedAttendeeSchema } from '../../core/bookings/booking';
import { readJson } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

// Each kind's rows as SQL: which still hold personal data, and the column that dates them.
const BOOKING_HOLDS = `NOT (b.firstName = '${ANONYMISED_NAME}' AND b.lastName = '${ANONYMISED_LAST_NAME}' AND b.userEmail IS NULL AND b.boatName IS NULL)`;
const MEMBER_HOLDS = `NOT (name = '${ANONYMISED_NAME}' AND email LIKE 'anonymised+%@invalid.invalid' AND phone IS NULL AND emergencyContactName IS NULL AND emergencyContactPhone IS NULL)`;
const MESSAGE_HOLDS = `json_extract(message, '$.mail.text') IS NOT ?`;
const SIGNUP_HOLDS = `NOT (s.firstName = '${ANONYMISED_NAME}' AND s.lastName = '${ANONYMISED_LAST_NAME}' AND s.email IS NULL AND s.notes = '' AND s.otherJob = '')`;
const HOLDER_HOLDS = `memberId NOT LIKE 'anonymised-%'`;
/** A swap request's duty start (an ISO instant, any offset) in ms. */
const SWAP_START_MS = `CAST(round(unixepoch(start, 'subsec') * 1000) AS INTEGER)`;

interface HoldingRow {
  count: number;
  oldest: number | string | null;
  due: number | null;
}

/** The retention store on the SQLite tables of the other repositories (bookings, events, members, outbox, login_failures, audit_log). */
export class SqliteRetentionStore implements RetentionStore {
  constructor(private readonly db: Knex) {}

  async holding(kind: RetentionKind, cutoff: RetentionCutoff): Promise<RetentionHolding> {
    const ms = cutoff.instant.getTime();
    const instant = (row: HoldingRow): RetentionHolding => ({
      count: row.count,
      oldest: row.oldest === null ? null : new Date(Number(row.oldest)).toISOString(),
      due: row.due ?? 0,
    });
    switch (kind) {
      case 'bookingDetails':
        return instant(
          await this.one(
            // The bookings still holding their details, and the walk-ins not erased (kept as long).
            `SELECT COUNT(*) AS count, MIN(ms) AS oldest, SUM(ms < ?) AS due FROM (SELECT e.eventStartMs AS ms FROM bookings b JOIN events e ON e.id = b.eventId WHERE e.eventStartMs IS NOT NULL AND ${BOOKING_HOLDS} UNION ALL SELECT e.eventStartMs AS ms FROM walk_ins w JOIN events e ON e.id = w.eventId WHERE e.eventStartMs IS NOT NULL AND w.value IS NOT NULL)`,
            [ms],
          ),
        );
      case 'financialRecords':
        return instant(
          await this.one(`SELECT COUNT(*) AS count, MIN(submittedAtMs) AS oldest, SUM(submittedAtMs < ?) AS due FROM bookings WHERE paymentRequired = 1`, [ms]),
        );
      case 'outboxBodies':
        return instant(
          await this.one(`SELECT COUNT(*) AS count, MIN(createdAtMs) AS oldest, SUM(createdAtMs < ?) AS due FROM outbox WHERE ${MESSAGE_HOLDS}`, [
            ms,
            DELETED_MAIL_TEXT,
          ]),
        );
      case 'signInAttempts':
        return instant(await this.one(`SELECT COUNT(*) AS count, MIN(atMs) AS oldest, SUM(atMs < ?) AS due FROM login_failures`, [ms]));
      case 'lapsedMembers': {
        const row = await this.one(`SELECT COUNT(*) AS count, MIN(renewalDate) AS oldest, SUM(renewalDate < ?) AS due FROM members WHERE ${MEMBER_HOLDS}`, [
          cutoff.day,
        ]);
        return { count: row.count, oldest: row.oldest === null ? null : String(row.oldest), due: row.due ?? 0 };
      }
      case 'waitingListEntries':
        return instant(
          await this.one(
            `SELECT COUNT(*) AS count, MIN(e.eventStartMs) AS oldest, SUM(e.eventStartMs < ?) AS due FROM waitlist_entries w JOIN events e ON e.id = w.eventId WHERE e.eventStartMs IS NOT NULL`,
            [ms],
          ),
        );
      case 'workDaySignups':
        return instant(
          await this.one(
            `SELECT COUNT(*) AS count, MIN(d.dateMs) AS oldest, SUM(d.dateMs < ?) AS due FROM work_day_signups s JOIN work_days d ON d.id = s.workDayId WHERE d.dateMs IS NOT NULL AND ${SIGNUP_HOLDS}`,
            [ms],
          ),
        );
      case 'dutySignups':
        return instant(
          await this.one(
            `SELECT COUNT(*) AS count, MIN(ms) AS oldest, SUM(ms < ?) AS due FROM (SELECT startMs AS ms FROM duty_assignments WHERE ${HOLDER_HOLDS} UNION ALL SELECT ${SWAP_START_MS} AS ms FROM duty_swaps)`,
            [ms],
          ),
        );
    }
  }

  private async one(sql: string, bindings: readonly (string | number)[]): Promise<HoldingRow> {
    const rows = (await this.db.raw(sql, bindings)) as HoldingRow[];
    return rows[0] ?? { count: 0, oldest: null, due: 0 };
  }

  async apply(kind: RetentionKind, cutoff: RetentionCutoff, limit: number, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number> {
    const ms = cutoff.instant.getTime();
    switch (kind) {
      case 'financialRecords':
        return 0;
      case 'signInAttempts':
        return writeTransaction(this.db, async (trx) =>
          trx('login_failures')
            .whereIn('id', trx('login_failures').select('id').where('atMs', '<', ms).limit(limit))
            .delete(),
        );
      case 'bookingDetails':
        return writeTransaction(this.db, async (trx) => {
          const rows = (await trx.raw(
            `SELECT b.id, b.firstName, b.lastName, b.userEmail, b.boatName, b.householdAttendees FROM bookings b JOIN events e ON e.id = b.eventId WHERE e.eventStartMs < ? AND ${BOOKING_HOLDS} ORDER BY e.eventStartMs, b.id LIMIT ?`,
            [ms, limit],
          )) as { id: string; firstName: string; lastName: string; userEmail: string | null; boatName: string | null; householdAttendees: string }[];
          for (const row of rows) {
            const householdAttendees = BookedAttendeeSchema.array().parse(readJson(row.householdAttendees));
            await this.pseudonymise(trx, row.id, pseudonymOf(bookingPerson({ ...row, householdAttendees })));
            await trx('bookings')
              .where({ id: row.id })
              .update({
                firstName: ANONYMISED_NAME,
                lastName: ANONYMISED_LAST_NAME,
                userEmail: null,
                emailKey: null,
                boatName: null,
                householdAttendees: JSON.stringify(householdAttendees.map((attendee) => ({ ...attendee, name: ANONYMISED_NAME }))),
              });
          }
          // The event's walk-ins go with its bookings' details: their details erased (the id kept,
          // as for one removed, so their adding sent again stays applied once), each a record.
          const walkIns = (await trx.raw(
            `SELECT w.id FROM walk_ins w JOIN events e ON e.id = w.eventId WHERE e.eventStartMs < ? AND w.value IS NOT NULL ORDER BY e.eventStartMs, w.id LIMIT ?`,
            [ms, Math.max(0, limit - rows.length)],
          )) as { id: string }[];
          if (walkIns.length > 0)
            await trx('walk_ins')
              .whereIn(
                'id',
                walkIns.map((row) => row.id),
              )
              .update({ value: null, removedAt: new Date().toISOString() });
          return rows.length + walkIns.length;
        });
      case 'outboxBodies':
        return writeTransaction(this.db, async (trx) => {
          const rows = (await trx.raw(`SELECT id, message FROM outbox WHERE createdAtMs < ? AND ${MESSAGE_HOLDS} ORDER BY createdAtMs, id LIMIT ?`, [
            ms,
            DELETED_MAIL_TEXT,
            limit,
          ])) as { id: string; message: string }[];
          for (const row of rows) {
            const message = OutboxMessageSchema.parse(readJson(row.message));
            const kept = messageWithoutBody(message, (email) => pseudonymOf({ key: email, texts: [email] }).pseudonym);
            await trx('outbox')
              .where({ id: row.id })
              .update({ message: JSON.stringify(kept) });
          }
          return rows.length;
        });
      case 'lapsedMembers':
        return writeTransaction(this.db, async (trx) => {
          const rows = (await trx.raw(
            `SELECT id, name, email, phone, emergencyContactName, emergencyContactPhone FROM members WHERE renewalDate < ? AND ${MEMBER_HOLDS} ORDER BY renewalDate, id LIMIT ?`,
            [cutoff.day, limit],
          )) as { id: string; name: string; email: string; phone: string | null; emergencyContactName: string | null; emergencyContactPhone: string | null }[];
          for (const row of rows) {
            await this.pseudonymise(
              trx,
              row.id,
              pseudonymOf(
                memberPerson({
                  name: row.name,
                  email: row.email,
                  phone: row.phone ?? undefined,
                  emergencyContactName: row.emergencyContactName ?? undefined,
                  emergencyContactPhone: row.emergencyContactPhone ?? undefined,
                }),
              ),
            );
            const email = anonymisedEmail(row.id);
            await trx('members')
              .where({ id: row.id })
              .update({ name: ANONYMISED_NAME, email, emailKey: email, phone: null, emergencyContactName: null, emergencyContactPhone: null });
          }
          return rows.length;
        });
      case 'waitingListEntries':
        return writeTransaction(this.db, async (trx) =>
          trx('waitlist_entries')
            .whereIn('id', trx('waitlist_entries as w').join('events as e', 'e.id', 'w.eventId').where('e.eventStartMs', '<', ms).select('w.id').limit(limit))
            .delete(),
        );
      case 'workDaySignups':
        return writeTransaction(this.db, async (trx) => {
          const rows = (await trx.raw(
            `SELECT s.id FROM work_day_signups s JOIN work_days d ON d.id = s.workDayId WHERE d.dateMs < ? AND ${SIGNUP_HOLDS} ORDER BY d.dateMs, s.id LIMIT ?`,
            [ms, limit],
          )) as { id: string }[];
          if (rows.length > 0) {
            await trx('work_day_signups')
              .whereIn(
                'id',
                rows.map((row) => row.id),
              )
              .update({ firstName: ANONYMISED_NAME, lastName: ANONYMISED_LAST_NAME, email: null, emailKey: null, notes: '', otherJob: '' });
          }
          return rows.length;
        });
      case 'dutySignups':
        return writeTransaction(this.db, async (trx) => {
          const rows = (await trx.raw(
            `SELECT slotId, memberId FROM duty_assignments WHERE startMs < ? AND ${HOLDER_HOLDS} ORDER BY startMs, slotId, memberId LIMIT ?`,
            [ms, limit],
          )) as { slotId: string; memberId: string }[];
          for (const row of rows) {
            const memberId = anonymisedHolderId(pseudonymOf(dutyAssignmentKey(row)).pseudonym);
            await trx('duty_assignments').where(row).update({ memberId, overrideReason: null });
          }
          // Then the swap requests of duties past the limit: who asked, and who took them over.
          if (rows.length >= limit) return rows.length;
          const pastSwaps = trx('duty_swaps')
            .select('id')
            .whereRaw(`${SWAP_START_MS} < ?`, [ms])
            .orderByRaw(`${SWAP_START_MS}, id`)
            .limit(limit - rows.length);
          return rows.length + (await trx('duty_swaps').whereIn('id', pastSwaps).delete());
        });
    }
  }

  /**
   * Reads the entries of the actions before the date by the `atMs` index, oldest first, and
   * rewrites up to `limit` that still name someone (those are few: removals and withdrawals).
   */
  async pseudonymiseAudit(_kind: RetentionKind, actions: readonly string[], before: Date, limit: number, rewrite: AuditEntryRewrite): Promise<AuditRewrite> {
    return writeTransaction(this.db, async (trx) => {
      const rows = (await trx.raw(
        `SELECT id, entry FROM audit_log WHERE atMs < ? AND json_extract(entry, '$.action') IN (${actions.map(() => '?').join(', ')}) ORDER BY atMs, id`,
        [before.getTime(), ...actions],
      )) as { id: string; entry: string }[];
      let rewritten = 0;
      for (const row of rows) {
        if (rewritten === limit) break;
        const entry = rewrite(AuditEntrySchema.parse(readJson(row.entry)));
        if (entry === null) continue;
        await trx('audit_log')
          .where({ id: row.id })
          .update({ entry: JSON.stringify(entry) });
        rewritten += 1;
      }
      return { rewritten, more: rewritten === limit };
    });
  }

  /** Rewrites the audit entries about one record with the person's pseudonym (the one place audit rows change). */
  private async pseudonymise(trx: Knex.Transaction, recordId: string, person: PseudonymisedPerson): Promise<void> {
    const rows: { id: string; entry: string }[] = await trx('audit_log').select('id', 'entry').where({ recordId });
    for (const row of rows) {
      const entry = pseudonymiseAuditEntry(AuditEntrySchema.parse(readJson(row.entry)), person);
      await trx('audit_log')
        .where({ id: row.id })
        .update({ entry: JSON.stringify(entry) });
    }
  }
}
