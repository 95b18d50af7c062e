import type { Booking } from './booking';
import { linkActor } from '../audit/audit-filter';
import { cancelled, selfCancelRefusal } from './booking-lifecycle';
import { ConflictError } from '../shared/errors';
import type { BookingLinks } from './booking-links.port';
import { changeOf, handRefundNotice, memberMail, settleCardRefund, type BookingChangeDeps } from './booking-changes';
import type { AdminRepository } from '../admins/admin-repository.port';
import { parseInput } from '../shared/parse-input';
import { CancelMyBookingRequestSchema } from './my-booking-schema';
import { manageLinkBooking } from './manage-link-booking';
import { UseCase } from '../shared/use-case';

export { CancelMyBookingRequestSchema };

export interface CancelMyBookingDeps extends BookingChangeDeps {
  bookingLinks: BookingLinks;
  /** Whom a member who can no longer cancel online should contact (an e-mail address). */
  contactEmail: string;
  /** The admins told when the member's money, taken by hand, is to be repaid by hand. */
  admins: AdminRepository;
}

/**
 * A member cancels their booking through the manage link, until the booking deadline (or the
 * event's start). The places are released at once, in the same transaction as the cancellation
 * e-mail and the audit entry; a paid booking is refunded in full through the gateway (its e-mail
 * then says whether the refund went through). Cancelling again changes nothing and says so.
 */
export class CancelMyBooking extends UseCase<CancelMyBookingDeps> {
  /** `by`: the admin whose session came with the request, if any (the audit names them). */
  async execute(request: unknown, by: { uid: string; email: string } | null = null): Promise<Booking> {
    const actor = linkActor(by);
    const summary = by === null ? 'Cancelled by the member' : `Cancelled by ${by.email} with the member's manage link`;
    const { token } = parseInput(CancelMyBookingRequestSchema, request);
    const now = this.deps.clock.now();
    const { booking: found, event } = await manageLinkBooking(this.deps, token, now);
    const admins = await this.deps.admins.list();
    const { booking, changed } = await this.deps.bookings.change(found.id, now, (current) => {
      const refusal = selfCancelRefusal(current, event, now, this.deps.contactEmail);
      if (refusal) throw new ConflictError(refusal);
      const next = cancelled(current, { at: now, by: 'member', refund: true });
      // Without a refund to make the e-mail goes now; with one it waits for the gateway's answer.
      // Money taken by hand: the admins are told in the same write, to repay it.
      const mail = [
        ...(next.refundStatus === 'pending' ? [] : memberMail(this.deps, 'booking-cancellation', next, event, now)),
        ...handRefundNotice(this.deps, next, admins, now),
      ];
      return changeOf(this.deps, current, next, { action: 'booking.cancelled', summary, actor, at: now, mail });
    });
    return changed ? settleCardRefund(this.deps, booking, actor) : booking;
  }
}
