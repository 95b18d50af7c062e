import type { Admin } from '../admins/admin';
import type { OutboxMessage, OutgoingMail } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import { composeMail } from '../mail/compose-mail';
import { handRefundRecipients, type HandRefund } from './hand-refunds';
import { formatMoney } from '../shared/money';

/** The outbox kind of the admins' list of refunds to make by hand. */
export const HAND_REFUND_MAIL_KIND = 'hand-refunds';

/** What the e-mail is about: an event called off (every booking it left to repay), one booking cancelled, or one made smaller by its member. */
export interface HandRefundOccasion {
  kind: 'event' | 'booking' | 'change';
  eventId: string;
  eventName: string;
}

/** How a refund is listed: the amount, how it was paid, the payment's reference. */
export function handRefundLine(refund: HandRefund): string {
  const how = refund.paymentMethod === 'transfer' ? 'paid by bank transfer' : 'paid in cash';
  return `${formatMoney(refund.amount, refund.currency)}, ${how}${refund.paymentReference ? ` (payment reference ${refund.paymentReference})` : ''}`;
}

/**
 * The e-mail that tells one admin which bookings to repay by hand: each member's name and booking
 * reference, the amount and how it was paid, and the link to the event's bookings, where each is
 * recorded as repaid once handed back.
 */
export function handRefundMail(
  admin: Pick<Admin, 'email' | 'name'>,
  refunds: readonly HandRefund[],
  occasion: HandRefundOccasion,
  context: { clubName: string; publicBaseUrl: string },
): OutgoingMail {
  const count = refunds.length;
  const lead =
    occasion.kind === 'event'
      ? `${occasion.eventName} has been cancelled. ${count === 1 ? 'One booking was' : `${count} bookings were`} paid in cash or by bank transfer, and the club must repay ${count === 1 ? 'it' : 'them'} by hand:`
      : occasion.kind === 'change'
        ? `A booking of ${occasion.eventName} paid in cash or by bank transfer has been made smaller by its member, and the club must repay the difference by hand:`
        : `A booking of ${occasion.eventName} paid in cash or by bank transfer has been cancelled, and the club must repay it by hand:`;
  const mail = composeMail(
    admin.name,
    refunds.map((refund) => [`${refund.name} (booking ${refund.bookingId})`, handRefundLine(refund)]),
    {
      subject: `To refund by hand: ${occasion.eventName}`,
      paragraphs: [
        lead,
        occasion.kind === 'change'
          ? "The member has been told the club will repay the difference. The booking's history in the audit log records the change."
          : 'Each member has been told the club will repay them. Once you have repaid one, open their booking and press "Record refund as handed back".',
      ],
      link: {
        lead: 'The bookings of the event, with those to refund by hand:',
        text: `Bookings of ${occasion.eventName}`,
        url: `${context.publicBaseUrl.replace(/\/$/, '')}/admin/bookings/${encodeURIComponent(occasion.eventId)}`,
      },
      clubName: context.clubName,
    },
  );
  return { to: admin.email, ...mail, attachments: [] };
}

/**
 * The admins' e-mails about refunds to make by hand: one to each admin who may record them
 * (handRefundRecipients), none when there is nothing to repay. `idOf` names each message: a fixed
 * id per event and admin where the work may run again (the outbox then writes it once), a new id
 * where the message is written with the change that causes it.
 */
export function handRefundMessages(
  admins: readonly Admin[],
  refunds: readonly HandRefund[],
  occasion: HandRefundOccasion & { recordId: string },
  context: { clubName: string; publicBaseUrl: string },
  at: Date,
  idOf: (admin: Admin) => string,
): OutboxMessage[] {
  if (refunds.length === 0) return [];
  return handRefundRecipients(admins).map((admin) =>
    newOutboxMessage(idOf(admin), HAND_REFUND_MAIL_KIND, occasion.recordId, handRefundMail(admin, refunds, occasion, context), at),
  );
}
