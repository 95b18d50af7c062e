import { z } from 'zod';
import { apiGet } from '../../../lib/api';
import { CalendarEventSchema } from '../../calendar/api/get-calendar-events';
import { bookingEventPath } from './booking-event-path';

export const ClosedReasonSchema = z.enum(['not-bookable', 'deadline-passed', 'event-over']).nullable();
export type ClosedReason = z.infer<typeof ClosedReasonSchema>;

const BookingEventAnswerSchema = z.object({ event: CalendarEventSchema, closedReason: ClosedReasonSchema });
export type BookingEventAnswer = z.infer<typeof BookingEventAnswerSchema>;

export function getBookingEvent(id: string, signal?: AbortSignal): Promise<BookingEventAnswer> {
  return apiGet(bookingEventPath(id), BookingEventAnswerSchema, { signal });
}
