import { BookingSchema, type Booking } from './booking';

/**
 * The changed booking a repository is asked to store, checked: the same id and event as the
 * stored one (a change never moves a booking), its reference kept, and a well-formed booking. Throws otherwise: a
 * rule that broke this is a bug, and nothing is written.
 */
export function checkedChange(stored: Pick<Booking, 'id' | 'eventId' | 'reference'>, next: Booking): Booking {
  if (next.id !== stored.id || next.eventId !== stored.eventId) throw new Error('A booking change may not change its id or event');
  // The reference is given once (with the booking, or to an older one by assignMissingReferences) and kept.
  return BookingSchema.parse({ ...next, reference: stored.reference ?? next.reference ?? null });
}
