import type { Admin } from '../admins/admin';
import type { AuditActor } from '../audit/audit';
import { adminBookingView, type Booking } from './booking';
import { bookingCancelReason, LIFECYCLE_MESSAGES, paidByCard, paidOffline, refundMadeByHand, refundOpen, roomRefusal } from './booking-lifecycle';
import { isCancelled, paymentStatus } from './booking-state';
import { householdAttendeesFitting } from './household-attendees';
import { validateBookingForm } from './booking-validation';
import { requirePermission } from '../admins/permissions';
import { permittedChange, permittedInput, permittedRecord } from '../admins/admin-record';
import { formatMoney } from '../shared/money';
import { ConflictError, ValidationError } from '../shared/errors';
import { BOOKING_NOT_FOUND } from '../shared/messages';
import type { AuditLog } from '../audit/audit-log.port';
import type { AdminRepository } from '../admins/admin-repository.port';
import { handRefundOf } from './hand-refunds';
import type { BookingLinks } from './booking-links.port';
import type { Outbox } from '../mail/outbox.port';
import { adminCancellation, changeOf, memberMail, refundSummary, settleCardRefund, type BookingChangeDeps } from './booking-changes';
import { confirmationMail } from './booking-confirmations';
import { acceptedForm } from '../shared/parse-input';
import {
  AdminCancelRequestSchema,
  AdminCorrectRequestSchema,
  AdminMarkPaidRequestSchema,
  AdminRefundRequestSchema,
  BOOKING_ACTION_MESSAGES,
  type AdminBooking,
} from './admin-booking-schema';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import { BOOKING_REFERENCE_MESSAGES, parseBookingReference, referencePrefix } from './booking-reference';
import { adminNamesFor } from '../audit/admin-names';

export interface AdminBookingActionsDeps extends BookingChangeDeps {
  audit: AuditLog;
  /** To name the admins in a booking's history, and to tell them of money to repay by hand. */
  admins: AdminRepository;
  outbox: Outbox;
  bookingLinks: BookingLinks;
  /** MAX_ATTENDEES_PER_BOOKING: the most places one booking may take. */
  maxAttendees: number;
  /** PAYMENTS_TEST_HOOK: the test card's price hook. */
  testHook: boolean;
}

function actorOf(admin: Admin): AuditActor & { kind: 'admin' } {
  return { kind: 'admin', uid: admin.uid, email: admin.email };
}

/**
 * What admins do to one booking on its detail screen: read it with its history (bookings:read);
 * cancel with or without a refund, retry a refund, mark it paid by cash or transfer, correct it,
 * resend its confirmation (bookings:write). Each change is written with its places, e-mail and
 * audit entry in one transaction; a refusal changes nothing.
 */
export class AdminBookingActions extends UseCase<AdminBookingActionsDeps> {
  async get(admin: Admin, bookingId: string): Promise<AdminBooking> {
    const booking = await permittedRecord(admin, 'bookings.read', () => this.deps.bookings.get(bookingId), BOOKING_NOT_FOUND);
    const now = this.deps.clock.now();
    const status = paymentStatus(booking, now);
    const history = await this.deps.audit.list({ recordId: booking.id, limit: 100 });
    const standing = !isCancelled(booking) && status !== 'Expired';
    return {
      booking: { ...adminBookingView(booking), paymentStatus: status },
      event: await this.deps.events.get(booking.eventId),
      handRefund: handRefundOf(booking),
      can: {
        cancel: !isCancelled(booking),
        refund: refundOpen(booking),
        markPaid: !isCancelled(booking) && !booking.paid && booking.paymentRequired && Boolean(booking.paymentAmount),
        correct: !isCancelled(booking),
        resend: standing && booking.userEmail !== null,
      },
      history,
      adminNames: await adminNamesFor(this.deps.admins, history),
    };
  }

  /**
   * The booking an admin looks up by its short reference, as typed or heard (case, spaces and
   * dashes forgiven; the club's prefix may be left out): 400 for text that cannot be a reference,
   * 404 when no booking has it.
   */
  async findByReference(admin: Admin, typed: string): Promise<AdminBooking> {
    requirePermission(admin, 'bookings.read');
    const reference = parseBookingReference(typed, referencePrefix(this.deps.siteSettings.clubName));
    if (reference === null) throw new ValidationError(BOOKING_REFERENCE_MESSAGES.badReference, { reference: BOOKING_REFERENCE_MESSAGES.badReference });
    const booking = await requireFound(this.deps.bookings.findByReference(reference), BOOKING_REFERENCE_MESSAGES.notFound(reference));
    return this.get(admin, booking.id);
  }

  async cancel(admin: Admin, bookingId: string, request: unknown): Promise<Booking> {
    const { refund, reason: given } = permittedInput(admin, 'bookings.write', AdminCancelRequestSchema, request);
    const reason = bookingCancelReason(given);
    if (!reason.ok) throw new ValidationError(reason.message, { reason: reason.message });
    const now = this.deps.clock.now();
    const event = await this.eventOf(bookingId);
    const actor = actorOf(admin);
    // Read before the write: the admins told (in the same transaction) when the money is to be repaid by hand.
    const tellAdmins = await this.deps.admins.list();
    const { booking, changed } = await this.deps.bookings.change(bookingId, now, (current) =>
      adminCancellation(this.deps, current, { at: now, actor, refund, event, reason: reason.reason, tellAdmins }),
    );
    return changed ? settleCardRefund(this.deps, booking, actor) : booking;
  }

  /** Tries a failed (or stuck) refund again; for cash or a transfer, records it as handed back. */
  async refund(admin: Admin, bookingId: string, request: unknown): Promise<Booking> {
    const {
      input: { reference },
      record: stored,
    } = await permittedChange(
      admin,
      'bookings.write',
      { schema: AdminRefundRequestSchema, request },
      () => this.deps.bookings.get(bookingId),
      BOOKING_NOT_FOUND,
    );
    if (!refundOpen(stored)) throw new ConflictError(LIFECYCLE_MESSAGES.noRefundOwed);
    const actor = actorOf(admin);
    if (paidByCard(stored)) return settleCardRefund(this.deps, stored, actor);
    const now = this.deps.clock.now();
    const event = await this.deps.events.get(stored.eventId);
    const { booking } = await this.deps.bookings.change(bookingId, now, (current) => {
      if (!refundOpen(current)) throw new ConflictError(LIFECYCLE_MESSAGES.noRefundOwed);
      const next = refundMadeByHand(current, now, reference || null);
      const mail = memberMail(this.deps, current.refundStatus === 'pending' ? 'booking-cancellation' : 'booking-refund', next, event, now);
      return changeOf(this.deps, current, next, { action: 'booking.refund', summary: `${refundSummary(next)} by hand`, actor, at: now, mail });
    });
    return booking;
  }

  async markPaid(admin: Admin, bookingId: string, request: unknown): Promise<Booking> {
    const payment = permittedInput(admin, 'bookings.write', AdminMarkPaidRequestSchema, request);
    const now = this.deps.clock.now();
    const event = await this.eventOf(bookingId);
    const actor = actorOf(admin);
    const { booking } = await this.deps.bookings.change(bookingId, now, (current, placesTaken) => {
      const next = paidOffline(
        current,
        { method: payment.method, reference: payment.reference || null, at: now },
        { capacity: event?.capacity ?? null, placesTaken, now },
      );
      if (typeof next === 'string') throw new ConflictError(next);
      const mail = event ? confirmationMail(this.deps, next, event, now) : [];
      const amount = next.paymentAmount !== null && next.paymentCurrency !== null ? formatMoney(next.paymentAmount, next.paymentCurrency) : '';
      const how = payment.method === 'cash' ? 'cash' : 'bank transfer';
      return changeOf(this.deps, current, next, { action: 'booking.paid-offline', summary: `Marked paid by ${how} (${amount})`, actor, at: now, mail });
    });
    return booking;
  }

  async correct(admin: Admin, bookingId: string, request: unknown): Promise<Booking> {
    const { input: values, record: stored } = await permittedChange(
      admin,
      'bookings.write',
      { schema: AdminCorrectRequestSchema, request },
      () => this.deps.bookings.get(bookingId),
      BOOKING_NOT_FOUND,
    );
    const event = await requireFound(this.deps.events.get(stored.eventId), 'Event not found');
    const valid = acceptedForm(validateBookingForm(values, event, this.deps));
    const form = valid;
    const now = this.deps.clock.now();
    const actor = actorOf(admin);
    const { booking } = await this.deps.bookings.change(bookingId, now, (current, placesTaken) => {
      if (isCancelled(current)) throw new ConflictError(LIFECYCLE_MESSAGES.cancelledNotEditable);
      const priced = current.paymentAmount !== null && current.paymentAmount > 0;
      if (priced && (form.numberAttending !== current.numberAttending || form.numberOfChildren !== current.numberOfChildren)) {
        throw new ValidationError(BOOKING_ACTION_MESSAGES.countsOfPaid, { numberAttending: BOOKING_ACTION_MESSAGES.countsOfPaid });
      }
      if (form.numberAttending > current.numberAttending) {
        const refusal = roomRefusal(current, form.numberAttending, { capacity: event.capacity, placesTaken, now });
        if (refusal) throw new ValidationError(refusal, { numberAttending: refusal });
      }
      // Named household attendees stay named while the corrected numbers still hold them.
      const next: Booking = { ...current, ...form, householdAttendees: householdAttendeesFitting(current.householdAttendees, form) };
      const fields = Object.keys(form).filter((key) => form[key as keyof typeof form] !== current[key as keyof typeof form]);
      if (fields.length === 0) return null;
      return changeOf(this.deps, current, next, { action: 'booking.corrected', summary: 'Corrected by an admin', actor, at: now });
    });
    return booking;
  }

  /** Writes the booking's confirmation to the outbox again (a member who lost it, or a corrected address). */
  async resend(admin: Admin, bookingId: string): Promise<{ queued: number }> {
    const booking = await permittedRecord(admin, 'bookings.write', () => this.deps.bookings.get(bookingId), BOOKING_NOT_FOUND);
    const now = this.deps.clock.now();
    const status = paymentStatus(booking, now);
    if (isCancelled(booking) || status === 'Expired' || status === 'Pending') throw new ConflictError(BOOKING_ACTION_MESSAGES.notStanding);
    if (!booking.userEmail) throw new ConflictError(BOOKING_ACTION_MESSAGES.noEmail);
    const event = await this.deps.events.get(booking.eventId);
    const mail = event ? confirmationMail(this.deps, booking, event, now) : [];
    await this.deps.outbox.add(mail);
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: now.toISOString(),
        actor: actorOf(admin),
        action: 'booking.confirmation-resent',
        recordType: 'booking',
        recordId: booking.id,
        summary: `Confirmation sent again to ${booking.userEmail}`,
        changes: [],
      },
    ]);
    return { queued: mail.length };
  }

  private async eventOf(bookingId: string) {
    const booking = await requireFound(this.deps.bookings.get(bookingId), BOOKING_NOT_FOUND);
    return this.deps.events.get(booking.eventId);
  }
}
