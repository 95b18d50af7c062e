import { holdsPlace } from '../bookings/booking-state';
import type { Booking } from '../bookings/booking';
import { memberEmailKey, type Member } from '../members/member';
import { isErasedAddress } from '../shared/anonymised';
import { isInLine } from '../waiting-list/waiting-list';
import type { WaitingListEntry } from '../waiting-list/waiting-list-entry';
import type { AnnouncementAudience } from './announcement';

export type AnnouncedBooking = Pick<
  Booking,
  'firstName' | 'lastName' | 'userEmail' | 'memberId' | 'householdAttendees' | 'paymentRequired' | 'paid' | 'submittedAt' | 'cancelledAt' | 'checkoutOpenedAt'
>;

/** An event's people, as the stores hold them, for announcementRecipients. */
export interface EventPeople {
  /** The event's bookings (any state: those that no longer stand are left out here). */
  bookings: readonly AnnouncedBooking[];
  /** The event's waiting-list entries (any status: only those still in line count). */
  waitingList: readonly Pick<WaitingListEntry, 'name' | 'email' | 'status' | 'memberId'>[];
  /** The member ids holding the event's duties (a member on two duties may appear twice). */
  dutyHolderIds: readonly string[];
  /**
   * For a booker (member id) whose booking names household people: their household's contact
   * (member id), who is told for those people, as they have no address of their own.
   */
  householdContacts: ReadonlyMap<string, string>;
  /** The member list, for the duty holders' and contacts' addresses and who is disabled. */
  members: readonly Pick<Member, 'id' | 'name' | 'email' | 'disabled'>[];
}

/** One person told: their address as given, its key (trimmed, lower case), name, member id when known, and why they are told. */
export interface AnnouncementRecipient {
  email: string;
  key: string;
  name: string;
  memberId: string | null;
  audiences: AnnouncementAudience[];
}

/**
 * Who an announcement reaches (docs/notifications.md#who-is-told): for each audience chosen, its
 * people, each once by e-mail address compared trimmed and without letter case, whatever their
 * roles (the first name and member id found are kept). Booked: each booking that stands at `now`
 * (not cancelled, no lapsed unpaid hold), its booker's address (a member's booking without one:
 * the member's), and the household contact of the people it names. Waiting: entries still in
 * line (waiting or offered). Duty: each holder's address on the member list. Nobody who is a
 * disabled member (by member id or address) and no erased person's placeholder address.
 */
export function announcementRecipients(people: EventPeople, audiences: readonly AnnouncementAudience[], now: Date): AnnouncementRecipient[] {
  const byId = new Map(people.members.map((member) => [member.id, member]));
  const byKey = new Map(people.members.map((member) => [memberEmailKey(member.email), member]));
  const disabledKeys = new Set(people.members.filter((member) => member.disabled).map((member) => memberEmailKey(member.email)));
  const chosen = new Set(audiences);
  const found = new Map<string, AnnouncementRecipient>();

  const add = (audience: AnnouncementAudience, email: string | null | undefined, name: string, memberId: string | null) => {
    if (email === null || email === undefined) return;
    const key = memberEmailKey(email);
    if (key === '' || isErasedAddress(key)) return;
    const member = (memberId === null ? undefined : byId.get(memberId)) ?? byKey.get(key);
    if (member?.disabled || disabledKeys.has(key)) return;
    const known = found.get(key);
    if (known) {
      if (!known.audiences.includes(audience)) known.audiences.push(audience);
      known.memberId ??= member?.id ?? null;
      return;
    }
    found.set(key, { email: email.trim(), key, name, memberId: member?.id ?? null, audiences: [audience] });
  };
  const addMember = (audience: AnnouncementAudience, memberId: string) => {
    const member = byId.get(memberId);
    if (member) add(audience, member.email, member.name, member.id);
  };

  if (chosen.has('booked')) {
    for (const booking of people.bookings) {
      if (!holdsPlace(booking, now)) continue;
      const booker = booking.memberId === null ? undefined : byId.get(booking.memberId);
      add('booked', booking.userEmail ?? booker?.email, `${booking.firstName} ${booking.lastName}`, booking.memberId);
      const contact = booking.memberId !== null && booking.householdAttendees.length > 0 ? people.householdContacts.get(booking.memberId) : undefined;
      if (contact !== undefined) addMember('booked', contact);
    }
  }
  if (chosen.has('waiting')) {
    for (const entry of people.waitingList) if (isInLine(entry)) add('waiting', entry.email, entry.name, entry.memberId);
  }
  if (chosen.has('duty')) {
    for (const memberId of people.dutyHolderIds) addMember('duty', memberId);
  }
  return [...found.values()];
}
