import { EventForBookingSchema, type EventForBooking } from '@core/use-cases/get-event-for-booking';
import { apiGet, parseAnswer } from '../../../lib/api';
import { bookingEventPath } from './booking-event-path';

export type BookingEventAnswer = EventForBooking;
export type ClosedReason = EventForBooking['closedReason'];

export function getBookingEvent(id: string, signal?: AbortSignal): Promise<BookingEventAnswer> {
  return apiGet(bookingEventPath(id), EventForBookingSchema, { signal });
}

/** The booking page's answer fetched before this code had loaded (app-routes.tsx), read now. */
export function readBookingEvent(id: string, json: unknown): BookingEventAnswer {
  return parseAnswer(EventForBookingSchema, json, `GET ${bookingEventPath(id)}`);
}
