import type { EventForBooking } from '@core/use-cases/get-event-for-booking';

export type BookingEventAnswer = EventForBooking;
export type ClosedReason = EventForBooking['closedReason'];
