import type { MyClubBooking } from './my-club-schema';

/**
 * The signed-in member's live booking of this event, if any (the booking page's warning: they may
 * mean to change it rather than book again, docs/my-club.md#already-booked): one they made signed
 * in, or made without signing in with their e-mail, not cancelled and still holding its places
 * (My club lists no lapsed hold). The first such booking, newest first as My club lists them.
 */
export function liveBookingOf<T extends Pick<MyClubBooking, 'eventId' | 'cancelled' | 'upcoming'>>(bookings: readonly T[], eventId: string): T | null {
  return bookings.find((booking) => booking.eventId === eventId && !booking.cancelled && booking.upcoming) ?? null;
}
