/**
 * Messages that more than one use case (or a use case and the adapters) show, word for word as
 * the product specification has them. A message of one use case only stays beside it.
 */
export const MESSAGES = { noEventId: 'No event ID provided', eventNotFound: 'Event not found', bookingNotFound: 'Booking not found' } as const;

export const NO_EVENT_ID = MESSAGES.noEventId;
export const EVENT_NOT_FOUND = MESSAGES.eventNotFound;
export const BOOKING_NOT_FOUND = MESSAGES.bookingNotFound;
