import type { AuditEntry } from '../../core/audit/audit';
import type { Booking } from '../../core/bookings/booking';
import type { ClubEvent } from '../../core/events/event';
import type { OutboxMessage } from '../../core/mail/mail';
import type { Member } from '../../core/members/member';
import type { StaffedSlot } from '../../core/duties/duties';
import type { DutySwap } from '../../core/duties/duty-swaps';
import type { WaitingListEntry } from '../../core/waiting-list/waiting-list-entry';
import type { WorkDay, WorkDaySignup } from '../../core/work-days/work-day';
import { pseudonymiseAuditEntry, type PseudonymisedPerson } from '../../core/privacy/audit-pseudonyms';
import {
  anonymisedAssignment,
  anonymisedBooking,
  anonymisedMember,
  anonymisedSignup,
  signupHoldsData,
  bookingHoldsDetails,
  bookingPerson,
  memberHoldsData,
  memberPerson,
  messageHoldsBody,
  messageWithoutBody,
} from '../../core/privacy/retention-records';
import { isAnonymisedHolder } from '../../core/duties/anonymised-holder';
import type { RetentionCutoff, RetentionKind } from '../../core/privacy/retention-schedule';
import type { AnonymisedPerson, AuditEntryRewrite, AuditRewrite, RetentionHolding, RetentionStore } from '../../core/privacy/retention-store.port';
import type { MemoryAttendanceStore } from './memory-attendance-store';
import type { MemoryAuditLog } from './memory-audit-log';
import type { MemoryBookingRepository } from './memory-booking-repository';
import type { MemoryClaimables } from './memory-claims';
import type { MemoryEventRepository } from './memory-event-repository';
import type { MemoryLoginAttemptStore } from './memory-login-attempt-store';
import type { MemoryMemberRepository } from './memory-member-repository';
import type { MemoryOutbox } from './memory-outbox';
import type { MemoryDutyRepository } from './memory-duty-repository';
import type { MemoryDutySwapRepository } from './memory-duty-swap-repository';
import type { MemoryWaitingList } from './memory-waiting-list';
import type { MemoryWorkDayRepository } from './memory-work-day-repository';

/** The memory adapters this store reads and changes, as one storage's ports. */
export interface MemoryRetentionSources {
  events: MemoryEventRepository;
  bookings: MemoryBookingRepository;
  members: MemoryMemberRepository;
  outbox: MemoryOutbox;
  loginAttempts: MemoryLoginAttemptStore;
  audit: MemoryAuditLog;
  waitingList: MemoryWaitingList;
  workDays: MemoryWorkDayRepository;
  duties: MemoryDutyRepository;
  dutySwaps: MemoryDutySwapRepository;
  /** The officer's walk-ins, deleted with their event's booking details (docs/data-protection.md). */
  attendance?: MemoryAttendanceStore;
}

/**
 * The retention store over the memory adapters: it reaches into their maps (the memory storage has
 * no shared tables), so that the feature adds no methods to the other repositories.
 */
export class MemoryRetentionStore implements RetentionStore {
  constructor(private readonly sources: MemoryRetentionSources) {}

  private map<T>(source: object, field: string): Map<string, T> {
    return (source as Record<string, Map<string, T>>)[field];
  }

  /** The bookings of dated events that still hold their details, with their event's start. */
  private bookingsWithDetails(): { booking: Booking; startMs: number }[] {
    const events = this.map<ClubEvent>(this.sources.events, 'events');
    return [...this.map<Booking>(this.sources.bookings, 'bookings').values()]
      .map((booking) => ({ booking, startMs: startMsOf(events.get(booking.eventId)) }))
      .filter((row): row is { booking: Booking; startMs: number } => row.startMs !== null && bookingHoldsDetails(row.booking));
  }

  async holding(kind: RetentionKind, cutoff: RetentionCutoff): Promise<RetentionHolding> {
    switch (kind) {
      case 'bookingDetails': {
        const rows = this.bookingsWithDetails();
        // The walk-ins not erased are kept as long as their event's bookings' details.
        const events = this.map<ClubEvent>(this.sources.events, 'events');
        const walkIns = (this.sources.attendance?.walkInEvents() ?? []).map((id) => startMsOf(events.get(id))).filter((ms): ms is number => ms !== null);
        return summary(
          [...rows.map((row) => row.startMs), ...walkIns].map((ms) => new Date(ms).toISOString()),
          cutoff.instant.toISOString(),
        );
      }
      case 'financialRecords': {
        const dates = [...this.map<Booking>(this.sources.bookings, 'bookings').values()].filter(isFinancial).map((booking) => booking.submittedAt);
        return summary(dates.map(normalInstant), cutoff.instant.toISOString());
      }
      case 'outboxBodies': {
        const dates = this.messages()
          .filter(messageHoldsBody)
          .map((message) => normalInstant(message.createdAt));
        return summary(dates, cutoff.instant.toISOString());
      }
      case 'signInAttempts': {
        const dates = [...this.attempts().values()].flat().map((attempt) => new Date(attempt.at).toISOString());
        return summary(dates, cutoff.instant.toISOString());
      }
      case 'lapsedMembers': {
        const dates = [...this.map<Member>(this.sources.members, 'members').values()].filter(memberHoldsData).map((member) => member.renewalDate);
        return summary(dates, cutoff.day);
      }
      case 'waitingListEntries':
        return summary(
          this.waitingEntries().map((row) => new Date(row.startMs).toISOString()),
          cutoff.instant.toISOString(),
        );
      case 'workDaySignups':
        return summary(
          this.signupsWithData().map((row) => new Date(row.dateMs).toISOString()),
          cutoff.instant.toISOString(),
        );
      case 'dutySignups':
        return summary(
          [...this.heldDuties().map((row) => row.assignment.window.start), ...this.swaps().map((swap) => swap.window.start)].map(normalInstant),
          cutoff.instant.toISOString(),
        );
    }
  }

  /** Waiting-list entries of dated events, with their event's start. */
  private waitingEntries(): { entry: WaitingListEntry; startMs: number }[] {
    const events = this.map<ClubEvent>(this.sources.events, 'events');
    return [...this.map<WaitingListEntry>(this.sources.waitingList, 'entries').values()]
      .map((entry) => ({ entry, startMs: startMsOf(events.get(entry.eventId)) }))
      .filter((row): row is { entry: WaitingListEntry; startMs: number } => row.startMs !== null);
  }

  /** Sign-ups of dated work days that still hold their volunteer's data, with the work day's date. */
  private signupsWithData(): { signup: WorkDaySignup; dateMs: number }[] {
    const workDays = this.map<WorkDay>(this.sources.workDays, 'workDays');
    return [...this.map<WorkDaySignup>(this.sources.workDays, 'signups').values()]
      .map((signup) => ({ signup, date: workDays.get(signup.workDayId)?.date ?? null }))
      .filter((row) => row.date !== null && signupHoldsData(row.signup))
      .map((row) => ({ signup: row.signup, dateMs: Date.parse(row.date!) }));
  }

  /** Duty swap requests, all of them (each names its members). */
  private swaps(): DutySwap[] {
    return [...this.map<DutySwap>(this.sources.dutySwaps, 'swaps').values()];
  }

  /** Duty assignments still naming their member. */
  private heldDuties(): { slot: StaffedSlot; assignment: StaffedSlot['holders'][number] }[] {
    return [...this.map<StaffedSlot>(this.sources.duties, 'slots').values()].flatMap((slot) =>
      slot.holders.filter((holder) => !isAnonymisedHolder(holder.memberId)).map((assignment) => ({ slot, assignment })),
    );
  }

  async apply(kind: RetentionKind, cutoff: RetentionCutoff, limit: number, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number> {
    switch (kind) {
      case 'bookingDetails': {
        const bookings = this.map<Booking>(this.sources.bookings, 'bookings');
        const due = firstBefore(this.bookingsWithDetails(), (row) => row.startMs, cutoff, limit);
        for (const { booking } of due) {
          this.pseudonymise(booking.id, pseudonymOf(bookingPerson(booking)));
          bookings.set(booking.id, anonymisedBooking(booking));
        }
        // The event's walk-ins go with its bookings' details: deleted, each counted as a record.
        const past = new Set(
          [...this.map<ClubEvent>(this.sources.events, 'events').values()]
            .filter((event) => (startMsOf(event) ?? Infinity) < cutoff.instant.getTime())
            .map((event) => event.id),
        );
        return due.length + (this.sources.attendance?.deleteWalkInsOf(past, limit - due.length) ?? 0);
      }
      case 'financialRecords':
        return 0;
      case 'outboxBodies': {
        const rows = this.map<unknown>(this.sources.outbox, 'rows') as unknown as MemoryClaimables<OutboxMessage>;
        const due = this.messages()
          .filter((message) => messageHoldsBody(message) && Date.parse(message.createdAt) < cutoff.instant.getTime())
          .slice(0, limit);
        for (const message of due) rows.put(messageWithoutBody(message, (email) => pseudonymOf({ key: email, texts: [email] }).pseudonym));
        return due.length;
      }
      case 'signInAttempts': {
        const attempts = this.attempts();
        const due = firstBefore([...attempts.values()].flat(), (attempt) => attempt.at, cutoff, limit);
        const gone = new Set(due.map((attempt) => attempt.id));
        for (const [key, list] of attempts) {
          const kept = list.filter((attempt) => !gone.has(attempt.id));
          if (kept.length === 0) attempts.delete(key);
          else attempts.set(key, kept);
        }
        return due.length;
      }
      case 'lapsedMembers': {
        const members = this.map<Member>(this.sources.members, 'members');
        const due = [...members.values()].filter((member) => memberHoldsData(member) && member.renewalDate < cutoff.day).slice(0, limit);
        for (const member of due) {
          this.pseudonymise(member.id, pseudonymOf(memberPerson(member)));
          members.set(member.id, anonymisedMember(member));
        }
        return due.length;
      }
      case 'waitingListEntries': {
        const entries = this.map<WaitingListEntry>(this.sources.waitingList, 'entries');
        const due = firstBefore(this.waitingEntries(), (row) => row.startMs, cutoff, limit);
        for (const { entry } of due) entries.delete(entry.id);
        return due.length;
      }
      case 'workDaySignups': {
        const signups = this.map<WorkDaySignup>(this.sources.workDays, 'signups');
        const due = firstBefore(this.signupsWithData(), (row) => row.dateMs, cutoff, limit);
        for (const { signup } of due) signups.set(signup.id, anonymisedSignup(signup));
        return due.length;
      }
      case 'dutySignups': {
        const due = firstBefore(this.heldDuties(), (row) => Date.parse(row.assignment.window.start), cutoff, limit);
        for (const { slot, assignment } of due)
          slot.holders = slot.holders.map((holder) => (holder === assignment ? anonymisedAssignment(holder, pseudonymOf) : holder));
        // Then the swap requests of duties past the limit.
        const swaps = this.map<DutySwap>(this.sources.dutySwaps, 'swaps');
        const pastSwaps = firstBefore(this.swaps(), (swap) => Date.parse(swap.window.start), cutoff, limit - due.length);
        for (const swap of pastSwaps) swaps.delete(swap.id);
        return due.length + pastSwaps.length;
      }
    }
  }

  private messages(): OutboxMessage[] {
    return (this.map<unknown>(this.sources.outbox, 'rows') as unknown as MemoryClaimables<OutboxMessage>).all();
  }

  private attempts(): Map<string, { id: number; at: number }[]> {
    return this.map<{ id: number; at: number }[]>(this.sources.loginAttempts, 'attempts');
  }

  async pseudonymiseAudit(_kind: RetentionKind, actions: readonly string[], before: Date, limit: number, rewrite: AuditEntryRewrite): Promise<AuditRewrite> {
    const entries = this.map<AuditEntry>(this.sources.audit, 'entries');
    const due = [...entries.values()]
      .filter((entry) => actions.includes(entry.action) && Date.parse(entry.at) < before.getTime())
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id.localeCompare(b.id))
      .flatMap((entry) => {
        const rewritten = rewrite(entry);
        return rewritten === null ? [] : [rewritten];
      })
      .slice(0, limit);
    for (const entry of due) entries.set(entry.id, entry);
    return { rewritten: due.length, more: due.length === limit };
  }

  private pseudonymise(recordId: string, person: PseudonymisedPerson): void {
    const entries = this.map<AuditEntry>(this.sources.audit, 'entries');
    for (const [id, entry] of entries) if (entry.recordId === recordId) entries.set(id, pseudonymiseAuditEntry(entry, person));
  }
}

/** A booking that is a financial record: money was asked for. */
export function isFinancial(booking: Booking): boolean {
  return booking.paymentRequired;
}

function startMsOf(event: ClubEvent | undefined): number | null {
  return event?.eventdatetime ? Date.parse(event.eventdatetime) : null;
}

function normalInstant(instant: string): string {
  return new Date(instant).toISOString();
}

/** The first `limit` of `rows` (in their order) whose moment, `msOf`, falls before the cutoff: what one run deals with. */
function firstBefore<T>(rows: readonly T[], msOf: (row: T) => number, cutoff: RetentionCutoff, limit: number): T[] {
  return rows.filter((row) => msOf(row) < cutoff.instant.getTime()).slice(0, limit);
}

/** The holding of dates (ISO texts, all of one form, compared as text): count, oldest, and how many fall before `cutoff`. */
export function summary(dates: readonly string[], cutoff: string): RetentionHolding {
  const sorted = [...dates].sort();
  return { count: sorted.length, oldest: sorted[0] ?? null, due: sorted.filter((date) => date < cutoff).length };
}
