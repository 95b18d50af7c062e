import type { Booking } from './booking';
import { linkActor } from '../audit/audit-filter';
import type { AuditActor } from '../audit/audit';
import {
  amendmentRefundSettled,
  bookingPrice,
  changeCheckoutBookingId,
  changeCounts,
  isChangeToPay,
  type ChangeCheckout,
  type ChangeToPay,
  type DecidedChange,
  changeMoneyText,
  ChangeMyBookingRequestSchema,
  decideBookingChange,
  type BookingChangeQuote,
} from './booking-amendment';
import { LIFECYCLE_MESSAGES, paidByCard, selfCancelDeadline } from './booking-lifecycle';
import { decideBookingPrice } from './booking-price';
import { bookingChanged } from './booking-mail';
import { paidByHand } from './booking-state';
import { ConflictError, NotEnoughPlacesError, UnavailableError } from '../shared/errors';
import type { BookingLinks } from './booking-links.port';
import { changeOf, combinedRefundOutcome, type BookingChangeDeps } from './booking-changes';
import { changeRefundParts, refundPartKey } from './refund-split';
import { formatMoney } from '../shared/money';
import { manageUrl } from './booking-confirmations';
import { newOutboxMessage } from '../mail/outbox';
import type { MemberRepository } from '../members/member-repository.port';
import type { AdminRepository } from '../admins/admin-repository.port';
import { handRefundMessages } from './hand-refund-mail';
import type { ClubEvent } from '../events/event';
import type { OutboxMessage } from '../mail/mail';
import { eventBookingPath } from '../shared/paths';
import { fieldsError, parseInput } from '../shared/parse-input';
import { CHANGE_MESSAGES } from './booking-amendment';
import { householdAttendeesFitting } from './household-attendees';
import { manageLinkBooking } from './manage-link-booking';
import { UseCase } from '../shared/use-case';

export { ChangeMyBookingRequestSchema };

export interface ChangeMyBookingDeps extends BookingChangeDeps {
  bookingLinks: BookingLinks;
  members: MemberRepository;
  /** Whom a member who can no longer change online should contact. */
  contactEmail: string;
  /** MAX_ATTENDEES_PER_BOOKING, as for a booking. */
  maxAttendees: number;
  /** The admins told when a difference paid by hand is to be repaid by hand. */
  admins: AdminRepository;
}

/**
 * A member changes the number of adults and children of their booking through the manage link
 * (docs/payments.md#changing-a-booking). Without `confirm` it answers the new total and the
 * difference and changes nothing; with it the change is made in one transaction with its
 * places (checked against the capacity in that same transaction), its audit entry and its
 * "Booking changed" e-mail; a smaller card-paid booking is then refunded the difference through
 * the payment gateway, once (one idempotency key per change). The price is the server's booking
 * rule (decideBookingPrice) for the new numbers, the member price as it applied when booked.
 */
export class ChangeMyBooking extends UseCase<ChangeMyBookingDeps> {
  async execute(request: unknown, by: { uid: string; email: string } | null = null): Promise<BookingChangeQuote> {
    const input = parseInput(ChangeMyBookingRequestSchema, request);
    const counts = changeCounts(input, this.deps.maxAttendees);
    if (!counts.ok) throw fieldsError({ [counts.field]: counts.error });
    const now = this.deps.clock.now();
    const { booking: found, event } = await manageLinkBooking(this.deps, input.token, now);
    const member = found.memberId === null ? null : await this.deps.members.get(found.memberId);
    const rules = (placesTaken: number) => ({
      deadline: selfCancelDeadline(event),
      contact: this.deps.contactEmail,
      room: { capacity: event.capacity, placesTaken },
    });
    const decide = (current: Booking, placesTaken: number, checkout?: ChangeCheckout) => {
      const price = priceOf(event, current, counts, member);
      const decided = decideBookingChange(current, { ...counts, price, at: now, checkout }, rules(placesTaken));
      if (typeof decided === 'string') {
        if (decided.startsWith('Sorry, only')) throw new NotEnoughPlacesError(Number(/\d+/.exec(decided)?.[0] ?? 0));
        throw new ConflictError(decided);
      }
      return decided;
    };

    const taken = (await this.deps.bookings.placesTakenByEvent([event.id], now)).get(event.id) ?? 0;
    const asked = decide(found, taken);
    if (!input.confirm) return quote(found, asked, false);

    const actor = linkActor(by);
    const summary = by === null ? 'Changed by the member' : `Changed by ${by.email} with the member's manage link`;
    // A larger card-paid booking pays the difference through the change's own checkout (a new
    // booking id for the gateway, so it never replays the booking's own payment), made before the
    // write as a booking's is; a double click finds the change already waiting and makes none.
    const checkout = isChangeToPay(asked) && asked.booking === found ? undefined : await this.changeCheckout(found, asked);
    if (checkout !== undefined || isChangeToPay(asked)) {
      const { booking } = await this.deps.bookings.change(found.id, now, (current, placesTaken) => {
        const decided = decide(current, placesTaken, checkout);
        if (!isChangeToPay(decided)) throw new ConflictError(CHANGE_MESSAGES.raced);
        if (decided.booking === current) return null;
        const more = formatMoney(decided.pending.difference, current.paymentCurrency ?? 'GBP');
        const words = `${summary}: ${current.numberAttending} to ${decided.pending.numberAttending} attending asked; ${more} more to pay by card`;
        return changeOf(this.deps, current, decided.booking, { action: 'booking.change-asked', summary: words, actor, at: now });
      });
      const pending = booking.pendingChange;
      if (pending === null) throw new ConflictError(CHANGE_MESSAGES.raced);
      return { ...quote(found, { booking, pending }, false), checkoutId: pending.checkoutId };
    }

    const admins = await this.deps.admins.list();
    const { booking, changed } = await this.deps.bookings.change(found.id, now, (current, placesTaken) => {
      const decided = decide(current, placesTaken);
      if (isChangeToPay(decided)) throw new ConflictError(CHANGE_MESSAGES.raced);
      const { booking: next, amendment } = decided;
      const money = changeMoneyText(amendment.difference, next.paymentCurrency, paidByHand(next));
      // Cash or a transfer: the admins are told in the same write to repay the difference.
      const handRefund =
        amendment.refundStatus === 'by-hand' && next.paymentCurrency !== null
          ? handRefundMessages(
              admins,
              [
                {
                  bookingId: next.id,
                  name: `${next.firstName} ${next.lastName}`,
                  amount: -amendment.difference,
                  currency: next.paymentCurrency,
                  paymentMethod: next.paymentMethod === 'transfer' ? 'transfer' : 'cash',
                  paymentReference: next.paymentReference,
                },
              ],
              { kind: 'change', eventId: next.eventId, eventName: next.eventName, recordId: next.id },
              this.deps.siteSettings,
              now,
              () => this.deps.ids.next(),
            )
          : [];
      const mail = [...changedMail(this.deps, next, event, money, now), ...handRefund];
      const words = `${summary}: ${amendment.numberAttendingBefore} to ${amendment.numberAttending} attending${money ? `; ${money}` : ''}`;
      return changeOf(this.deps, current, next, { action: 'booking.changed', summary: words, actor, at: now, mail });
    });
    const last = booking.amendments.at(-1);
    const settled = changed && last ? await this.settleRefund(booking, last.revision, actor) : booking;
    return quote(found, { booking: settled, amendment: last ?? null }, changed);
  }

  /** The checkout of a larger change, made with the gateway for its own attempt; none for any other change. */
  private async changeCheckout(booking: Booking, decided: DecidedChange | ChangeToPay): Promise<ChangeCheckout | undefined> {
    if (!isChangeToPay(decided) || booking.paymentCurrency === null) return undefined;
    const { attempt, difference, numberAttending } = decided.pending;
    const gatewayId = changeCheckoutBookingId(booking.id, attempt);
    const { checkoutId } = await this.deps.payments.createCheckout({
      bookingId: gatewayId,
      amount: difference,
      currency: booking.paymentCurrency,
      description: `${booking.eventName}: change to ${numberAttending} attending`,
      idempotencyKey: `change-${gatewayId}`,
    });
    return { attempt, checkoutId };
  }

  /** Asks the gateway for this change's card refund and records the outcome (once: the key is the change's). */
  private async settleRefund(booking: Booking, revision: number, actor: AuditActor): Promise<Booking> {
    const amendment = booking.amendments.find((a) => a.revision === revision);
    if (!amendment || amendment.refundStatus !== 'pending' || !paidByCard(booking) || booking.paymentId === null || booking.paymentCurrency === null)
      return booking;
    const currency = booking.paymentCurrency;
    // Split over the booking's payments newest first (a larger change's payment, then the booking's),
    // one idempotency key per payment, so a retry after a lost answer never refunds twice.
    const outcomes: Parameters<typeof amendmentRefundSettled>[2][] = [];
    for (const part of changeRefundParts(booking, revision)) {
      try {
        outcomes.push(
          await this.deps.payments.refund({
            paymentId: part.paymentId,
            amount: part.amount,
            currency,
            reason: `Booking ${booking.id} changed`,
            idempotencyKey: refundPartKey({ prefix: `change-${revision}`, bookingId: booking.id }, part),
          }),
        );
      } catch (error) {
        if (!(error instanceof UnavailableError)) throw error;
        outcomes.push({ status: 'UNKNOWN' });
      }
    }
    const outcome = combinedRefundOutcome(outcomes);
    const now = this.deps.clock.now();
    const { booking: stored } = await this.deps.bookings.change(booking.id, now, (current) => {
      const next = amendmentRefundSettled(current, revision, outcome, now, LIFECYCLE_MESSAGES.unreachable);
      const after = next.amendments.find((a) => a.revision === revision);
      if (after === undefined || after.refundStatus === 'pending') return null;
      const amount = -after.difference;
      const words =
        after.refundStatus === 'refunded'
          ? `Refunded ${amount} (minor units) of change ${revision}`
          : `Refund of change ${revision} failed: ${after.refundFailure ?? ''}`;
      return changeOf(this.deps, current, next, { action: 'booking.change-refund', summary: words, actor, at: now });
    });
    return stored;
  }
}

/** The price of the booking with the new numbers, by the booking rule: the member price as it applied when booked. */
function priceOf(
  event: ClubEvent,
  booking: Booking,
  counts: { numberAttending: number; numberOfChildren: number },
  member: Parameters<typeof decideBookingPrice>[0]['member'],
) {
  // The named household attendees who keep their places, each at the price they were charged.
  const kept = householdAttendeesFitting(booking.householdAttendees, counts).filter((a) => a.memberPrice);
  const others = { adults: kept.filter((a) => a.place === 'adult').length, children: kept.filter((a) => a.place === 'child').length };
  return decideBookingPrice({ event, counts, member, at: new Date(booking.submittedAt), otherMembers: others });
}

function quote(before: Booking, decided: { booking: Booking; amendment: { difference: number } | null } | ChangeToPay, changed: boolean): BookingChangeQuote {
  const after = decided.booking;
  if ('pending' in decided) {
    const { pending } = decided;
    return {
      numberAttending: pending.numberAttending,
      numberOfChildren: pending.numberOfChildren,
      currency: after.paymentCurrency,
      totalBefore: bookingPrice(before),
      totalAfter: bookingPrice(before) + pending.difference,
      difference: pending.difference,
      money: changeMoneyText(pending.difference, after.paymentCurrency, false),
      changed: false,
      checkoutId: null,
      bookingId: after.id,
      eventId: after.eventId,
    };
  }
  const difference = decided.amendment?.difference ?? 0;
  return {
    numberAttending: after.numberAttending,
    numberOfChildren: after.numberOfChildren,
    currency: after.paymentCurrency,
    totalBefore: bookingPrice(before),
    totalAfter: bookingPrice(after),
    difference,
    money: changeMoneyText(difference, after.paymentCurrency, paidByHand(after)),
    changed,
    checkoutId: null,
    bookingId: after.id,
    eventId: after.eventId,
  };
}

export function changedMail(
  deps: Pick<BookingChangeDeps, 'ids' | 'siteSettings'> & { bookingLinks: BookingLinks },
  booking: Booking,
  event: ClubEvent,
  money: string | null,
  now: Date,
): OutboxMessage[] {
  if (!booking.userEmail) return [];
  const { clubName, publicBaseUrl } = deps.siteSettings;
  const mail = bookingChanged(booking, event, {
    clubName,
    location: clubName,
    manageUrl: manageUrl(deps, booking, event),
    eventUrl: `${publicBaseUrl}${eventBookingPath(event.id)}`,
    money,
  });
  return [newOutboxMessage(deps.ids.next(), 'booking-changed', booking.id, mail, now)];
}

export { CHANGE_MESSAGES };
