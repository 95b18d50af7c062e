import { anonymisedHolderId } from '../duties/anonymised-holder';
import type { Booking } from '../bookings/booking';
import type { Member } from '../members/member';
import type { OutboxMessage } from '../mail/mail';
import type { DutyAssignment } from '../duty-rosters/duty-roster';
import type { WorkDaySignup } from '../work-days/work-day';
import type { PseudonymisedPerson } from './audit-pseudonyms';
import type { AnonymisedPerson } from './retention-store.port';
import { DELETED_MAIL_TEXT, anonymisedEmail, isAnonymisedEmail } from './retention-schedule';
import { ANONYMISED_LAST_NAME, ANONYMISED_NAME } from '../shared/anonymised';

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
    texts: [
      name,
      booking.firstName,
      booking.lastName,
      booking.userEmail ?? '',
      booking.boatName ?? '',
      ...booking.householdAttendees.map((attendee) => attendee.name),
    ],
  };
}

/** Whether a member record still holds personal data. */
export function memberHoldsData(member: Member): boolean {
  return !(
    member.name === ANONYMISED_NAME &&
    isAnonymisedEmail(member.email) &&
    member.phone === undefined &&
    member.emergencyContactName === undefined &&
    member.emergencyContactPhone === undefined
  );
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

/** Whether a work-day sign-up still holds its volunteer's personal data. */
export function signupHoldsData(signup: Pick<WorkDaySignup, 'firstName' | 'lastName' | 'email' | 'notes' | 'otherJob'>): boolean {
  return !(
    signup.firstName === ANONYMISED_NAME &&
    signup.lastName === ANONYMISED_LAST_NAME &&
    (signup.email ?? null) === null &&
    signup.notes === '' &&
    signup.otherJob === ''
  );
}

/** The sign-up without its volunteer: the chosen jobs, tools, food and date stay, so the day's counts stay. */
export function anonymisedSignup(signup: WorkDaySignup): WorkDaySignup {
  return { ...signup, firstName: ANONYMISED_NAME, lastName: ANONYMISED_LAST_NAME, email: null, notes: '', otherJob: '' };
}

/** The key a duty assignment's placeholder is the pseudonym of. */
export function dutyAssignmentKey(assignment: Pick<DutyAssignment, 'slotId' | 'memberId'>): AnonymisedPerson {
  return { key: `duty:${assignment.slotId}:${assignment.memberId}`, texts: [] };
}

/** The assignment without its member: the slot, its event and its time stay, so the roster keeps its counts. */
export function anonymisedAssignment(assignment: DutyAssignment, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): DutyAssignment {
  return { ...assignment, memberId: anonymisedHolderId(pseudonymOf(dutyAssignmentKey(assignment)).pseudonym), overrideReason: null };
}
