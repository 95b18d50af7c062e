import type { Booking } from '../entities/booking';

export type AddBookingResult = { added: true } | { added: false; placesLeft: number };

export interface BookingRepository {
  /**
   * Adds the booking only if the event still has room for it: with `capacity` null it is always
   * added; otherwise the places taken by the event's bookings at `now` (core rule `placesTaken`:
   * free and paid bookings, plus unpaid holds younger than 30 minutes) plus this booking's
   * `numberAttending` must not exceed `capacity`. Atomic: concurrent calls never overfill.
   * When refused, returns the places left at that moment (never negative).
   */
  addIfPlacesRemain(booking: Booking, limit: { capacity: number | null; now: Date }): Promise<AddBookingResult>;
  /** The booking with this id, or null. */
  get(id: string): Promise<Booking | null>;
  /** The booking holding this checkout id, or null. */
  findByCheckoutId(checkoutId: string): Promise<Booking | null>;
  /** Every booking of every event, newest `submittedAt` first. */
  listAll(): Promise<Booking[]>;
  /** The event's bookings, newest `submittedAt` first. */
  listByEvent(eventId: string): Promise<Booking[]>;
  /** How many bookings the event has (of any payment state). */
  countByEvent(eventId: string): Promise<number>;
  /** Records the checkout created for a booking. Throws NotFoundError for an unknown booking. */
  setCheckout(bookingId: string, checkoutId: string): Promise<void>;
  /**
   * Marks the booking paid with this payment id and time. Idempotent: a booking already paid is
   * left exactly as it was, and the call returns false; returns true when it changed the booking.
   * Throws NotFoundError for an unknown booking.
   */
  markPaid(bookingId: string, payment: { paymentId: string; paymentCompletedAt: string }): Promise<boolean>;
}
