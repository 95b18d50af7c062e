import type { Booking } from '../bookings/booking';
import type { Member } from '../members/member';
import type { OutboxMessage } from '../mail/mail';
import type { AnonymisedPerson } from './retention-store.port';
import { ANONYMISED_LAST_NAME, ANONYMISED_NAME, DELETED_MAIL_TEXT, anonymisedEmail, isAnonymisedEmail } from './retention-schedule';

// The records' anonymised forms, shared by every RetentionStore adapter so that all three
// storages leave the same thing behind.

/** Whether a booking still holds its booker's personal details. */
export function bookingHoldsDetails(booking: Pick<Booking, 'firstName' | 'lastName' | 'userEmail' | 'boatName'>): boolean {
  return !(booking.firstName === ANONYMISED_NAME && booking.lastName === ANONYMISED_LAST_NAME && booking.userEmail === null && booking.boatName === null);
}

/** The booking without its personal details: counts, money, references, dates and states stay. */
export function anonymisedBooking(booking: Booking): Booking {
  return {
    ...booking,
    firstName: ANONYMISED_NAME,
    lastName: ANONYMISED_LAST_NAME,
    userEmail: null,
    boatName: null,
    householdAttendees: booking.householdAttendees.map((attendee) => ({ ...attendee, name: ANONYMISED_NAME })),
  };
}

/** Who an anonymised booking named, for the audit log's pseudonyms. */
export function bookingPerson(booking: Pick<Booking, 'id' | 'firstName' | 'lastName' | 'userEmail' | 'boatName' | 'householdAttendees'>): AnonymisedPerson {
  const name = `${booking.firstName} ${booking.lastName}`;
  return {
    key: booking.userEmail ?? `booking:${booking.id}`,
    texts: [name, booking.firstName, booking.lastName, booking.userEmail ?? '', booking.boatName ?? '', ...booking.householdAttendees.map((attendee) => attendee.name)],
  };
}

/** Whether a member record still holds personal data. */
export function memberHoldsData(member: Member): boolean {
  return !(member.name === ANONYMISED_NAME && isAnonymisedEmail(member.email) && member.phone === undefined && member.emergencyContactName === undefined && member.emergencyContactPhone === undefined);
}

/** The member without personal data: type, renewal date and dates stay. */
export function anonymisedMember(member: Member): Member {
  const { phone: _phone, emergencyContactName: _name, emergencyContactPhone: _contactPhone, ...rest } = member;
  return { ...rest, name: ANONYMISED_NAME, email: anonymisedEmail(member.id) };
}

export function memberPerson(member: Pick<Member, 'name' | 'email' | 'phone' | 'emergencyContactName' | 'emergencyContactPhone'>): AnonymisedPerson {
  return { key: member.email, texts: [member.name, member.email, member.phone ?? '', member.emergencyContactName ?? '', member.emergencyContactPhone ?? ''] };
}

/** Whether an outbox message still holds its words. */
export function messageHoldsBody(message: OutboxMessage): boolean {
  return !(message.mail.text === DELETED_MAIL_TEXT && message.mail.html === '' && message.mail.attachments.length === 0);
}

/** The delivery record alone: what, when, whether sent, and to a pseudonym. */
export function messageWithoutBody(message: OutboxMessage, pseudonymOf: (email: string) => string): OutboxMessage {
  return { ...message, mail: { ...message.mail, to: pseudonymOf(message.mail.to), text: DELETED_MAIL_TEXT, html: '', attachments: [] } };
}
