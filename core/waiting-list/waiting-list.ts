import { z } from 'zod';
import type { ClubEvent } from '../events/event';
import type { WaitingListEntry, WaitingListFormValues } from './waiting-list-entry';
import { type BookingOffer } from '../bookings/booking-state';
import { bookingClosedReason } from '../events/event-time';
import { parseCount } from '../bookings/booking-validation';

/** The waiting list's messages, shared by the booking page and the server. */
export const WAITING_LIST_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required to join the waiting list',
  emailInvalid: 'Please enter a valid email address',
  placesMin: 'Places wanted must be at least 1',
  placesNotWhole: 'Places wanted must be a whole number',
  tooMany: (max: number) => `At most ${max} places can be wanted`,
  notFull: 'This event still has places for you: please book instead',
  noCapacity: 'This event has no limit on places: please book instead',
  alreadyWaiting: 'This e-mail address is already on the waiting list for this event',
  joined: "You're on the waiting list. We've e-mailed you a link to leave it.",
  left: 'You have left the waiting list.',
  linkInvalid: 'This waiting-list link is not valid, or has expired',
  entryNotFound: 'Waiting-list entry not found',
  offerInvalid: 'This offer is no longer valid. The places may have been offered to someone else.',
  offerDoesNotFit: 'The places this person wants are not free',
} as const;

export type WaitingListFormErrors = Partial<Record<'name' | 'email' | 'places', string>>;
export interface ValidWaitingListForm {
  name: string;
  email: string;
  places: number;
}

const emailSchema = z.email();

/** The join form's rules: a name, an e-mail (required here) and a whole number of places, 1 to `maxAttendees`. */
export function validateWaitingListForm(
  values: Required<Pick<WaitingListFormValues, 'name' | 'email'>> & { places: string | number },
  limits: { maxAttendees: number },
): { ok: true; value: ValidWaitingListForm } | { ok: false; errors: WaitingListFormErrors } {
  const errors: WaitingListFormErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const places = parseCount(values.places);
  if (name === '') errors.name = WAITING_LIST_MESSAGES.nameRequired;
  if (email === '') errors.email = WAITING_LIST_MESSAGES.emailRequired;
  else if (!emailSchema.safeParse(email).success) errors.email = WAITING_LIST_MESSAGES.emailInvalid;
  if (!Number.isFinite(places) || !Number.isInteger(places)) errors.places = WAITING_LIST_MESSAGES.placesNotWhole;
  else if (places < 1) errors.places = WAITING_LIST_MESSAGES.placesMin;
  else if (places > limits.maxAttendees) errors.places = WAITING_LIST_MESSAGES.tooMany(limits.maxAttendees);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { name, email, places } };
}

/**
 * Why a member may not join the event's waiting list now, or null when they may: the event must
 * take bookings, have a capacity, and not have the places they want free (then they book).
 */
export function joinRefusal(
  event: Pick<ClubEvent, 'capacity' | 'allowBooking' | 'bookingEndDate' | 'eventdatetime' | 'eventenddatetime'>,
  placesLeft: number | null,
  placesWanted: number,
  now: Date,
): 'closed' | 'no-capacity' | 'not-full' | null {
  if (bookingClosedReason(event, now) !== null) return 'closed';
  if (event.capacity === null || placesLeft === null) return 'no-capacity';
  if (placesLeft >= placesWanted) return 'not-full';
  return null;
}

/**
 * Whether members are offered the event's waiting list, one rule for the calendar card and the
 * booking page: when the event is full (booking open, a capacity, no place left). It is then open
 * to anyone wanting one place or more (joinRefusal answers null), so the offer never leads to a
 * form that refuses.
 */
export function offersWaitingList(offer: BookingOffer): boolean {
  return offer === 'full';
}

/** Entries still in line (waiting or holding an offer). */
export function isInLine(entry: Pick<WaitingListEntry, 'status'>): boolean {
  return entry.status === 'waiting' || entry.status === 'offered';
}

/** The line in order: first come first, ties by id, so every reader sees the same order. */
export function inLineOrder<T extends Pick<WaitingListEntry, 'joinedAt' | 'id'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Who is offered next when `freePlaces` places are free: the first waiting member (first come)
 * whose wanted places fit; null when nobody's do. Members holding an offer are skipped.
 */
export function nextToOffer<T extends Pick<WaitingListEntry, 'joinedAt' | 'id' | 'status' | 'places'>>(entries: readonly T[], freePlaces: number): T | null {
  for (const entry of inLineOrder(entries)) {
    if (entry.status === 'waiting' && entry.places <= freePlaces) return entry;
  }
  return null;
}

/** Each in-line entry's place in the line (1 first), as admins see it. */
export function linePositions(entries: readonly WaitingListEntry[]): Map<string, number> {
  return new Map(inLineOrder(entries.filter(isInLine)).map((entry, i) => [entry.id, i + 1]));
}

/** The entry once its member leaves (or an admin removes them); null when it is no longer in line. */
export function leftEntry(entry: WaitingListEntry, now: Date): WaitingListEntry | null {
  if (!isInLine(entry)) return null;
  return { ...entry, status: 'left', offeredUntil: null, updatedAt: now.toISOString() };
}

/** The entry once places are offered to its member, held until `until`; null when it is not waiting. */
export function offeredEntry(entry: WaitingListEntry, now: Date, until: Date): WaitingListEntry | null {
  if (entry.status !== 'waiting') return null;
  return { ...entry, status: 'offered', offeredUntil: until.toISOString(), updatedAt: now.toISOString() };
}

/** The entry once its offer ran out untaken at `now`; null unless it holds an offer that has lapsed. */
export function expiredEntry(entry: WaitingListEntry, now: Date): WaitingListEntry | null {
  if (entry.status !== 'offered' || entry.offeredUntil === null || Date.parse(entry.offeredUntil) > now.getTime()) return null;
  return { ...entry, status: 'expired', updatedAt: now.toISOString() };
}

/** The entry once its member booked through the offer; null unless it holds an offer. */
export function bookedEntry(entry: WaitingListEntry, now: Date): WaitingListEntry | null {
  if (entry.status !== 'offered') return null;
  return { ...entry, status: 'booked', offeredUntil: null, updatedAt: now.toISOString() };
}

/** Whether the entry's offer still holds its places at `now`. */
export function offerStands(entry: Pick<WaitingListEntry, 'status' | 'offeredUntil'>, now: Date): boolean {
  return entry.status === 'offered' && entry.offeredUntil !== null && now.getTime() < Date.parse(entry.offeredUntil);
}

/** WAITLIST_OFFER_HOURS: how long an offer holds its places unless set otherwise. */
export const DEFAULT_WAITING_LIST_OFFER_HOURS = 24;

/** A decided change must keep the entry's id, event, member and joining time. */
export function checkedWaitingListChange(stored: WaitingListEntry, next: WaitingListEntry): WaitingListEntry {
  if (next.id !== stored.id || next.eventId !== stored.eventId || next.joinedAt !== stored.joinedAt || next.memberId !== stored.memberId) {
    throw new Error('A waiting-list change may not move the entry to another id, event, member or place in line');
  }
  return next;
}
