import type { Booking, PaymentStatus } from '@core/entities/booking';
import type { ClubEvent } from '@core/entities/event';
import type { BookingsOverview, EventBookingSummary } from '@core/domain/bookings-report';
import { adminRequest } from './admin-client';

export function fetchBookingsOverview(): Promise<BookingsOverview> {
  return adminRequest('GET', '/admin/bookings');
}

export type AdminBooking = Booking & { paymentStatus?: PaymentStatus; paymentIdShort?: string };

export interface EventBookings {
  event: ClubEvent;
  summary: EventBookingSummary;
  bookings: AdminBooking[];
}

export function fetchEventBookings(eventId: string): Promise<EventBookings> {
  return adminRequest('GET', `/admin/events/${encodeURIComponent(eventId)}/bookings`);
}

export function bookingsCsvUrl(eventId: string): string {
  return `/api/admin/events/${encodeURIComponent(eventId)}/bookings.csv`;
}
