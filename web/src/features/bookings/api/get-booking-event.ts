import type { EventForBooking } from '@core/bookings/get-event-for-booking';

export type BookingEventAnswer = EventForBooking;
export type ClosedReason = EventForBooking['closedReason'];
