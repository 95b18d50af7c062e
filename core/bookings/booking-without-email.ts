import type { Booking } from './booking';

/**
 * A booking made without an e-mail address gets no confirmation, no reminder and no notice: the
 * manage link shown once booked is the member's only way back to it. What the booking form and
 * the receipt tell the member about it, before and after they book.
 */
export const NO_EMAIL_MESSAGES = {
  /** The booking form's e-mail hint, read before submitting. */
  hint: 'Only used to contact you about this booking. Without one, no confirmation is sent, and the link shown once you have booked is your only way back to your booking.',
  title: 'No confirmation will be sent',
  body: 'You gave no e-mail address, so no confirmation e-mail will come. The link below is the only way back to your booking, to see or cancel it: copy it and keep it somewhere safe.',
  linkLabel: 'Your booking’s link',
  copy: 'Copy Link',
  copied: 'Copied',
  copiedStatus: 'The link is copied. Keep it somewhere safe.',
  copyFailed: 'The link could not be copied here: select it and copy it yourself.',
} as const;

/**
 * Whether the booking's member gets e-mails (its confirmation, reminders, notices): only with an
 * address, as the confirmation's own rule (bookingConfirmation) has it.
 */
export function isEmailed(booking: Pick<Booking, 'userEmail'>): boolean {
  return Boolean(booking.userEmail);
}
