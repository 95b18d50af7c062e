/**
 * Members' manage-my-booking links: a signed, unguessable token that names one booking and
 * carries no personal data. Anyone holding the link may see and cancel that booking, as with a
 * ticket; nobody can make one for another booking or stretch one past its expiry.
 */
export interface BookingLinks {
  /** A token for this booking, valid until `expiresAt`. */
  issue(bookingId: string, expiresAt: Date): string;
  /** The booking the token names; null when it is forged, altered, malformed or expired at `now`. */
  read(token: string, now: Date): string | null;
}
