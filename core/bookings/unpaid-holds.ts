/**
 * How much of one paid event the unpaid bookings from one client address may hold at once: a
 * share of its capacity (BOOKING_MAX_UNPAID_SHARE_OF_EVENT, in percent), never less than one
 * place so that a small event can still be booked. Null when the event has no capacity (nothing
 * to fill). Without it one booking of 40 places held a whole 40-place paid event unpaid, again
 * and again.
 */
export function maxUnpaidPlacesPerAddress(capacity: number | null, sharePercent: number): number | null {
  if (capacity === null) return null;
  return Math.max(1, Math.floor((capacity * sharePercent) / 100));
}

export function tooManyUnpaidPlaces(max: number): string {
  return `One connection can hold at most ${max === 1 ? '1 unpaid place' : `${max} unpaid places`} of this event at a time. Please pay for the places you have booked first, or contact the club to book more.`;
}
