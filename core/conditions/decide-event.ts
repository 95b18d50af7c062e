import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { isEventOver } from '../events/event-time';
import type { ClubEvent } from '../events/event';
import { isEventCancelled } from '../events/event-time';
import { eventToFormValues, type EventFormValues } from '../events/event-form';
import type { EventRepository } from '../events/event-repository.port';
import { ConflictError, ValidationError } from '../shared/errors';
import { londonWallClock, parseInstant, wallClockToInstant } from '../shared/london-time';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import type { ConditionsRepository } from './conditions-repository.port';
import { GO_NO_GO_MESSAGES, GoDecisionRequestSchema, type GoDecisionRequest } from './conditions-schema';
import type { GoDecision } from './event-conditions';
import type { ChangeNoticeTold } from '../events/event-change-notice';
import type { BookingRepository } from '../bookings/booking-repository.port';
import { bookingsToTell } from '../bookings/bookings-to-tell';
import type { DutyRepository } from '../duties/duty-repository.port';
import { goNoGoPush } from '../push/push-notifications';
import { queuePush, type QueuePushDeps } from '../push/queue-push';
import type { JobQueue } from '../jobs/job-queue.port';
import type { JobPayload } from '../jobs/job';
import { newJob } from '../jobs/jobs';

/** The job that queues a Go's push should the server stop before it did (docs/notifications.md#push). */
export const GO_PUSH_JOB = 'go-push';
/** How long after a Go its job checks the push was queued: the push itself goes out at once. */
export const GO_PUSH_CHECK_AFTER_MS = 60_000;

export interface DecideEventDeps extends AuditTrailDeps {
  events: Pick<EventRepository, 'get'>;
  conditions: Pick<ConditionsRepository, 'getEvent' | 'changeEvent'>;
  /** The admin's event edit: a postponement moves the event through it, its e-mails written with the event. */
  updateEvent: {
    executeTelling(admin: Admin, eventId: string, form: unknown, options: { reason?: string }): Promise<{ event: ClubEvent; told: ChangeNoticeTold }>;
  };
  /** The event's cancellation: every booking cancelled and refunded, members told. */
  cancelEvent: { execute(admin: Admin, eventId: string, request: unknown): Promise<{ event: ClubEvent }> };
  /** Who a Go is pushed to: the event's booked members and its duty holders (docs/notifications.md). */
  bookings: Pick<BookingRepository, 'listByEvent'>;
  duties: Pick<DutyRepository, 'listSlots'>;
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
  /** A Go's push is also a job, written before the decision (GO_PUSH_JOB). */
  jobs: Pick<JobQueue, 'schedule'>;
}

/** What a decision did: the decision as recorded, the event as it now stands, and who a postponement e-mailed. */
export interface DecisionOutcome {
  decision: GoDecision;
  event: ClubEvent;
  told: ChangeNoticeTold;
}

const fieldError = (field: string, message: string) => new ValidationError(message, { [field]: message });

/**
 * The officer's go/no-go decision on an upcoming event (events:write), with its reason:
 * - go: recorded, nothing else changes;
 * - postpone: the event moves to the new start (and end; the booking deadline moves by as much)
 *   through the event edit, which keeps every booking and writes, with the event, the e-mail with
 *   the new time and the reason, the updated .ics (same UID, higher SEQUENCE) and the manage link to cancel with
 *   a full refund;
 * - cancel: the event's cancellation (bookings cancelled and refunded, members told).
 * The decision is recorded after its work is done (a refused move records nothing), in the audit
 * log and on the event's record, where members and the panel read it.
 */
export class DecideEvent extends UseCase<DecideEventDeps> {
  async execute(admin: Admin, eventId: string, request: unknown): Promise<DecisionOutcome> {
    const input = permittedInput(admin, 'events.update', GoDecisionRequestSchema, request);
    const reason = input.reason.trim();
    if (reason === '') throw fieldError('reason', GO_NO_GO_MESSAGES.reasonRequired);
    const existing = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const now = this.deps.clock.now();
    if (isEventCancelled(existing)) throw new ConflictError(GO_NO_GO_MESSAGES.eventCancelled);
    if (!existing.eventdatetime) throw new ValidationError(GO_NO_GO_MESSAGES.noDate);
    if (isEventOver(existing, now)) throw new ConflictError(GO_NO_GO_MESSAGES.eventOver);

    let event = existing;
    let moved: GoDecision['moved'] = null;
    let told: ChangeNoticeTold = { members: 0, dutyHolders: 0 };
    if (input.decision === 'postpone') {
      const form = postponedForm(existing, input, now);
      // The reason goes into the e-mails, so members and duty holders learn why it moved.
      ({ event, told } = await this.deps.updateEvent.executeTelling(admin, eventId, form, { reason }));
      moved = {
        fromStart: existing.eventdatetime,
        fromEnd: existing.eventenddatetime,
        toStart: event.eventdatetime ?? existing.eventdatetime,
        toEnd: event.eventenddatetime,
      };
    } else if (input.decision === 'cancel') {
      event = (await this.deps.cancelEvent.execute(admin, eventId, { reason })).event;
    }

    const decision: GoDecision = { decision: input.decision, reason, decidedAt: this.deps.clock.now().toISOString(), decidedBy: admin.email, moved };
    // A Go's push has no e-mail to travel with: a job written first queues it a minute later if
    // the server stops before the push below; it pushes only a Go that was recorded.
    if (input.decision === 'go') {
      const payload: JobPayload = { eventId, decidedAt: decision.decidedAt };
      const checkAt = new Date(Date.parse(decision.decidedAt) + GO_PUSH_CHECK_AFTER_MS);
      await this.deps.jobs.schedule([newJob({ id: goPushKey(eventId, decision.decidedAt), kind: GO_PUSH_JOB, payload, dueAt: checkAt }, now)]);
    }
    // Added in one step with the record: a decision another officer records at the same moment is
    // kept too. The record keeps the latest 100 decisions (far more than an event ever gets).
    await this.deps.conditions.changeEvent(eventId, (record) => ({ ...record, decisions: [...record.decisions, decision].slice(-100) }));
    await recordAdminAction(this.deps, admin, {
      action: `event.${input.decision === 'go' ? 'go' : input.decision === 'postpone' ? 'postponed' : 'called-off'}`,
      recordType: 'event',
      recordId: eventId,
      summary: `${DECISION_WORDS[input.decision]} ${event.name}: ${reason}`,
      before: { decision: null, eventdatetime: existing.eventdatetime, eventenddatetime: existing.eventenddatetime },
      after: { decision: input.decision, eventdatetime: event.eventdatetime, eventenddatetime: event.eventenddatetime },
    });
    if (input.decision === 'go') await this.pushGo(event, decision);
    return { decision, event, told };
  }

  /**
   * GO_PUSH_JOB's work: the Go recorded at `decidedAt` pushed, to devices not queued already;
   * nothing when no such Go was recorded (its decision was not saved) or the event is gone or cancelled.
   */
  async pushRecordedGo(payload: JobPayload): Promise<void> {
    const { eventId, decidedAt } = payload;
    if (typeof eventId !== 'string' || typeof decidedAt !== 'string') return;
    const [event, record] = await Promise.all([this.deps.events.get(eventId), this.deps.conditions.getEvent(eventId)]);
    const decision = record?.decisions.find((d) => d.decidedAt === decidedAt && d.decision === 'go');
    if (!event || isEventCancelled(event) || !decision) return;
    await this.pushGo(event, decision);
  }

  /**
   * A Go pushed to the devices of the event's booked members and duty holders that chose the
   * go/no-go, once per decision (its time is in the key). A no-go reaches them as the event's move
   * or cancellation (the `event-change` kind), so nobody gets two notifications for one decision.
   */
  private async pushGo(event: ClubEvent, decision: GoDecision): Promise<void> {
    const now = this.deps.clock.now();
    const [bookings, slots] = await Promise.all([this.deps.bookings.listByEvent(event.id), this.deps.duties.listSlots(event.id)]);
    const people = new Set([
      ...bookingsToTell(bookings, now).flatMap((booking) => (booking.memberId === null ? [] : [booking.memberId])),
      ...slots.flatMap((slot) => slot.holders.map((holder) => holder.memberId)),
    ]);
    const push = goNoGoPush({ id: event.id, title: event.name }, 'go', decision.reason);
    for (const memberId of people) await queuePush(this.deps, memberId, goPushKey(event.id, decision.decidedAt), push);
  }
}

/** A Go's push key, and its job's id: one per decision. */
const goPushKey = (eventId: string, decidedAt: string) => `go-${eventId}-${decidedAt}`;

const DECISION_WORDS = { go: 'Go for', postpone: 'Postponed', cancel: 'Called off' } as const;

/**
 * The event's form with the postponement's new times: the start (required, to come), the end
 * (empty: none; else after the start), and the booking deadline moved by as much as the start, so
 * members keep as long to book, or to cancel with the e-mail's link, before the new time.
 */
export function postponedForm(event: ClubEvent, input: GoDecisionRequest, now: Date): EventFormValues {
  const startText = (input.eventdatetime ?? '').trim();
  if (startText === '') throw fieldError('eventdatetime', GO_NO_GO_MESSAGES.newStartRequired);
  const start = wallClockToInstant(startText);
  if (!start) throw fieldError('eventdatetime', GO_NO_GO_MESSAGES.newStartNotDate);
  if (start.getTime() <= now.getTime()) throw fieldError('eventdatetime', GO_NO_GO_MESSAGES.newStartInPast);
  const endText = (input.eventenddatetime ?? '').trim();
  const end = endText === '' ? null : wallClockToInstant(endText);
  if (endText !== '' && !end) throw fieldError('eventenddatetime', GO_NO_GO_MESSAGES.newStartNotDate);
  if (end && end.getTime() <= start.getTime()) throw fieldError('eventenddatetime', GO_NO_GO_MESSAGES.newEndBeforeStart);
  const oldStart = parseInstant(event.eventdatetime);
  const deadline = parseInstant(event.bookingEndDate);
  const shifted = deadline && oldStart ? new Date(deadline.getTime() + (start.getTime() - oldStart.getTime())) : null;
  return {
    ...eventToFormValues(event),
    eventdatetime: londonWallClock(start),
    eventenddatetime: end ? londonWallClock(end) : '',
    bookingEndDate: shifted ? londonWallClock(shifted) : '',
  };
}
