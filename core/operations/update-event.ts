import { queuePush, withPush, type QueuePushDeps } from '../push/queue-push';
import { eventChangePush } from '../push/push-notifications';
import { formatMoment } from '../shared/date-text';
import type { Admin } from '../admins/admin';
import type { ClubEvent } from '../events/event';
import { EventFormValuesSchema, keepingShownTimes, validateEventForm } from '../events/event-form';
import { permittedRecord } from '../admins/admin-record';
import { eventSearchRecord } from '../events/event-search-record';
import { ConflictError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import { upsertInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { cardCurrencyOf } from '../payments/card-currency';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_EVENT } from '../events/event-audit';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import type { Booking } from '../bookings/booking';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { Outbox } from '../mail/outbox.port';
import type { OutboxMessage } from '../mail/mail';
import { eventChange } from '../bookings/booking-mail';
import { manageUrl } from '../bookings/booking-confirmations';
import { newOutboxMessage } from '../mail/outbox';
import { eventBookingPath, PATHS } from '../shared/paths';
import { changeNeedsTelling, EVENT_CHANGE_MAIL_KIND, eventChangeMessageId, type ChangeNoticeTold } from '../events/event-change-notice';
import { bookingsToTell } from '../bookings/bookings-to-tell';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import { dutyWindow } from '../duties/duties';
import { DUTY_CHANGE_MAIL_KIND, dutyChangeMail, dutyChangeMessageId, holdersAfterMove } from '../duties/event-move-duties';
import { type DutyMove } from '../duty-rosters/duty-roster';
import type { JobQueue } from '../jobs/job-queue.port';
import type { JobPayload } from '../jobs/job';
import { newJob } from '../jobs/jobs';

/**
 * The job that tells an event's move to the bookings its write did not hold, should the server
 * stop before it did (docs/mail.md, "None lost"): a minute after the move.
 */
export const EVENT_MOVE_MAIL_JOB = 'event-move-mail';
export const EVENT_MOVE_MAIL_AFTER_MS = 60_000;

export interface UpdateEventDeps extends AuditTrailDeps, SearchIndexingDeps {
  events: EventRepository;
  /**
   * The event's places taken, from its ledger: the capacity may not go below them; and its
   * bookings, told by e-mail when the event moves.
   */
  bookings: Pick<BookingRepository, 'placesTakenByEvent' | 'listByEvent'>;
  /** Where the e-mail to a booking made while the event was being saved is written (once). */
  outbox: Pick<Outbox, 'addOnce'>;
  /** Members' push devices and the push outbox: a booked member's devices that chose it hear of the move too (docs/notifications.md). */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
  /** A move's job (EVENT_MOVE_MAIL_JOB), written before the event. */
  jobs: Pick<JobQueue, 'schedule'>;
  /** The manage link in the e-mail about a change. */
  bookingLinks: BookingLinks;
  siteSettings: { clubName: string; publicBaseUrl: string };
  clock: Clock;
  /** MAX_ATTENDEES_PER_BOOKING: the price is capped so the largest booking fits one payment. */
  maxAttendees: number;
  /** Asked which currency card payments can take, for an event that requires payment. */
  payments: PaymentGateway;
  /** The event's duty roster, moved with the event: who still fits the new time. */
  duties: Pick<DutyRepository, 'listSlots' | 'listMemberDuties' | 'listCatalogue' | 'listMemberQualifications'>;
  /** The duty holders, judged and told of a move. */
  members: Pick<MemberRepository, 'get'>;
}

/** What the admin gave with the edit: the reason for a move (a postponement's), carried into the e-mails. */
export interface UpdateEventOptions {
  reason?: string;
}

/**
 * The most e-mails written in the same write as the event (a Firestore transaction takes 500
 * writes); the bookings beyond them, rare in a club, are written just after it, each once.
 */
export const MAIL_WITH_THE_EVENT = 400;

/** An edit refused because the event changed after it was read (another admin's edit, or its cancellation). */
export const EVENT_CHANGED_MEANWHILE = 'This event was changed by someone else meanwhile. Please reload it and make your change again.';

/**
 * An admin's edit of an event (events:write): checked by the form's rules, written over the version
 * read as a new calendar revision. When the edit moves the event (changeNeedsTelling: its start or
 * end, while it stands and is still to come), each live booking with an e-mail gets the
 * `event-change` e-mail (old and new time, the updated .ics), written with the event; its outbox id
 * names the booking and the revision, so a retry or a re-save never tells anyone twice.
 * The event's duty roster moves with it in the same write: each holder who no longer fits the new
 * time (holdersAfterMove: busy, or not eligible then) is taken off the slot, the others' duties
 * take the new time, and each holder gets one `duty-change` e-mail (the new time and the updated
 * .ics, or that they were released and why).
 */
export class UpdateEvent extends UseCase<UpdateEventDeps> {
  async execute(admin: Admin, eventId: string, form: unknown, options: UpdateEventOptions = {}): Promise<ClubEvent> {
    return (await this.executeTelling(admin, eventId, form, options)).event;
  }

  /** The edit, answering with who its move e-mailed (none when it moved nothing): the admin is told. */
  async executeTelling(admin: Admin, eventId: string, form: unknown, options: UpdateEventOptions = {}): Promise<{ event: ClubEvent; told: ChangeNoticeTold }> {
    const existing = await permittedRecord(admin, 'events.update', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const values = parseInput(EventFormValuesSchema, form);
    const placesTaken = (await this.deps.bookings.placesTakenByEvent([eventId], this.deps.clock.now())).get(eventId) ?? 0;
    const valid = acceptedForm(
      validateEventForm(values, {
        maxAttendees: this.deps.maxAttendees,
        cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
        placesTaken,
      }),
    );
    const now = this.deps.clock.now();
    const updated: ClubEvent = {
      ...existing,
      ...keepingShownTimes(valid, values, existing),
      updatedAt: now.toISOString(),
      // Every saved change is a new revision for the calendars that hold the event (SEQUENCE).
      sequence: existing.sequence + 1,
    };
    const tell = changeNeedsTelling(existing, updated, now);
    const told = tell ? bookingsToTell(await this.deps.bookings.listByEvent(eventId), now).slice(0, MAIL_WITH_THE_EVENT) : [];
    // Only over the event as read, so an edit never undoes a cancellation (or another edit) made
    // meanwhile; the e-mails about the move are written in the same write, so none is lost; and
    // the capacity checked again against the places taken in the same atomic step as the write,
    // so a booking made since the check above cannot leave the event overfull.
    const reason = options.reason?.trim() || null;
    const roster = tell ? await this.rosterMove(existing, updated, now, reason) : null;
    const mail = [...told.map((booking) => this.changeMail(booking, existing, updated, now, reason)), ...(roster?.mail ?? [])];
    // Written before the event: it tells the bookings beyond this write a minute later, should the
    // server stop before the lines after the write do; for a move that was not saved it tells no one.
    if (tell) await this.deps.jobs.schedule([moveMailJob(existing, updated, reason, now)]);
    if (
      !(await this.deps.events.update(
        updated,
        { sequence: existing.sequence },
        { mail, placesAt: this.deps.clock.now(), ...(roster ? { duties: roster.move } : {}) },
      ))
    ) {
      throw new ConflictError(EVENT_CHANGED_MEANWHILE);
    }
    // A booking made while the event was being saved may have been confirmed with the old time,
    // and an event with more bookings than one write holds has some left: each is told now, under
    // its own id, so no booking is told twice of one change.
    const members = told.length + (tell ? await this.tellTheRest(existing, updated, reason, new Set(told.map((booking) => booking.id)), now) : 0);
    await recordChange(this.deps, admin, AUDITED_EVENT, {
      action: 'event.updated',
      summary: `Changed the event ${updated.name}`,
      before: existing,
      after: updated,
    });
    await upsertInStep(this.deps, 'events', [eventSearchRecord(updated)]);
    return { event: updated, told: { members, dutyHolders: roster?.mail.length ?? 0 } };
  }

  /**
   * EVENT_MOVE_MAIL_JOB's work: the move in `payload` told to each live booking not told already
   * (each e-mail's id names the booking and the revision), when the event stands at the move's
   * times; nothing when the move was not saved, the event moved again (that move tells everyone)
   * or was cancelled.
   */
  async tellMoveToTheRest(payload: JobPayload): Promise<void> {
    const { eventId, sequence, fromStart, fromEnd, toStart, toEnd, reason, movedAt } = payload;
    if (typeof eventId !== 'string' || typeof sequence !== 'number' || typeof movedAt !== 'string') return;
    const event = await this.deps.events.get(eventId);
    if (!event || event.cancelledAt !== null || event.sequence < sequence) return;
    if (event.eventdatetime !== toStart || event.eventenddatetime !== toEnd || typeof fromStart !== 'string') return;
    const before = { eventdatetime: fromStart, eventenddatetime: typeof fromEnd === 'string' ? fromEnd : null };
    // Only bookings made before the move: one made since was confirmed with the new time.
    const movedAtMs = Date.parse(movedAt);
    const bookedBefore = (booking: Booking) => Date.parse(booking.submittedAt) <= movedAtMs;
    await this.tellTheRest(before, { ...event, sequence }, typeof reason === 'string' ? reason : null, new Set(), this.deps.clock.now(), bookedBefore);
  }

  /**
   * After a move's write: each live booking not in `told` gets the move's e-mail (a booking made
   * while the event was being saved may have been confirmed with the old time, and an event with
   * more bookings than one write holds has some left), under its own id, so no booking is told
   * twice of one change; then each booked member's push, under the same ids (a save repeated
   * queues no second push to a device). Answers how many bookings it told.
   */
  private async tellTheRest(
    before: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>,
    after: ClubEvent,
    reason: string | null,
    told: ReadonlySet<string>,
    now: Date,
    among: (booking: Booking) => boolean = () => true,
  ): Promise<number> {
    const bookings = bookingsToTell(await this.deps.bookings.listByEvent(after.id), this.deps.clock.now()).filter(among);
    let written = 0;
    for (const booking of bookings) {
      if (told.has(booking.id)) continue;
      await this.deps.outbox.addOnce(this.changeMail(booking, before, after, now, reason));
      written += 1;
    }
    const push = this.movePush(after);
    for (const booking of bookings) {
      if (booking.memberId !== null) await queuePush(this.deps, booking.memberId, eventChangeMessageId(booking.id, after.sequence), push);
    }
    return written;
  }

  /**
   * What the move does to the event's roster (null without slots or a date): the holders released
   * and why, and one e-mail to each holder on the member list.
   */
  private async rosterMove(before: ClubEvent, after: ClubEvent, now: Date, reason: string | null): Promise<{ move: DutyMove; mail: OutboxMessage[] } | null> {
    const window = dutyWindow(after);
    const slots = await this.deps.duties.listSlots(after.id);
    const holders = slots.flatMap((slot) => slot.holders);
    if (!window || holders.length === 0) return null;
    const memberIds = [...new Set(holders.map((h) => h.memberId))];
    const [dutyTypes, qualifications, held, duties, members] = await Promise.all([
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.duties.listCatalogue('qualifications'),
      Promise.all(memberIds.map((id) => this.deps.duties.listMemberQualifications(id))),
      Promise.all(memberIds.map((id) => this.deps.duties.listMemberDuties(id))),
      Promise.all(memberIds.map((id) => this.deps.members.get(id))),
    ]);
    const found = members.filter((m) => m !== null);
    const judged = holdersAfterMove({
      eventId: after.id,
      slots,
      window,
      dutiesOf: (id) => duties[memberIds.indexOf(id)] ?? [],
      members: found,
      dutyTypes,
      held: held.flat(),
      qualifications,
    });
    const move: DutyMove = {
      eventId: after.id,
      window,
      holders: holders.map(({ slotId, memberId }) => ({ slotId, memberId })),
      release: judged.filter((j) => j.release !== null).map(({ holder }) => ({ slotId: holder.slotId, memberId: holder.memberId })),
    };
    const { clubName, publicBaseUrl } = this.deps.siteSettings;
    const context = {
      clubName,
      location: clubName,
      eventUrl: `${publicBaseUrl}${eventBookingPath(after.id)}`,
      dutiesUrl: `${publicBaseUrl}${PATHS.duties}`,
      reason,
    };
    const mail = judged.flatMap(({ holder, release }) => {
      const member = found.find((m) => m.id === holder.memberId);
      if (!member) return [];
      const slot = slots.find((s) => s.id === holder.slotId);
      const dutyName = dutyTypes.find((type) => type.id === slot?.dutyTypeId)?.name ?? 'a duty';
      return [
        newOutboxMessage(
          dutyChangeMessageId(holder.slotId, holder.memberId, after.sequence),
          DUTY_CHANGE_MAIL_KIND,
          after.id,
          dutyChangeMail(member, dutyName, before, after, release, context),
          now,
        ),
      ];
    });
    return { move, mail };
  }

  /** The e-mail telling the booking's member that the event moved: one outbox id per booking per revision. */
  private changeMail(
    booking: Booking,
    before: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>,
    after: ClubEvent,
    now: Date,
    reason: string | null,
  ): OutboxMessage {
    const { clubName, publicBaseUrl } = this.deps.siteSettings;
    const mail = eventChange(booking, before, after, {
      clubName,
      location: clubName,
      manageUrl: manageUrl(this.deps, booking, after),
      eventUrl: `${publicBaseUrl}${eventBookingPath(after.id)}`,
      reason,
    });
    const id = eventChangeMessageId(booking.id, after.sequence);
    const message = newOutboxMessage(id, EVENT_CHANGE_MAIL_KIND, booking.id, mail, now);
    // The move's push goes with the e-mail too, under the same id: queued after the write below,
    // and by the sender should the process stop before that.
    return booking.memberId === null ? message : withPush(message, booking.memberId, id, this.movePush(after));
  }

  /** The push telling a booked member's devices that the event moved. */
  private movePush(after: ClubEvent) {
    return eventChangePush({ id: after.id, title: after.name }, { cancelled: false, whenText: formatMoment(after.eventdatetime, 'member') });
  }
}

/** The move's EVENT_MOVE_MAIL_JOB, one per revision and new times: the times it moved from and to, and its reason. */
function moveMailJob(before: ClubEvent, after: ClubEvent, reason: string | null, now: Date) {
  const payload: JobPayload = {
    eventId: after.id,
    sequence: after.sequence,
    fromStart: before.eventdatetime,
    fromEnd: before.eventenddatetime,
    toStart: after.eventdatetime,
    toEnd: after.eventenddatetime,
    reason,
    movedAt: now.toISOString(),
  };
  const dueAt = new Date(now.getTime() + EVENT_MOVE_MAIL_AFTER_MS);
  // The times in the id too: two admins' moves from one revision are two jobs, each for its own move.
  const id = `${EVENT_MOVE_MAIL_JOB}-${after.id}-${after.sequence}-${after.eventdatetime}-${after.eventenddatetime ?? 'open'}`;
  return newJob({ id, kind: EVENT_MOVE_MAIL_JOB, payload, dueAt }, now);
}
