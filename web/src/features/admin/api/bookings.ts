import { BookingsOverviewSchema, type BookingsOverview } from '@core/domain/bookings-report';
import { EventBookingsSchema, type BookingRow, type EventBookings } from '@core/use-cases/event-bookings';
import { apiGet } from '../../../lib/api';

export type { EventBookings };
export type AdminBooking = BookingRow;

export function fetchBookingsOverview(): Promise<BookingsOverview> {
  return apiGet('/api/admin/bookings', BookingsOverviewSchema);
}

export function fetchEventBookings(eventId: string): Promise<EventBookings> {
  return apiGet(`/api/admin/events/${encodeURIComponent(eventId)}/bookings`, EventBookingsSchema);
}

export function bookingsCsvUrl(eventId: string): string {
  return `/api/admin/events/${encodeURIComponent(eventId)}/bookings.csv`;
}
