import { BookingsOverviewSchema, type BookingsOverview } from '@core/domain/bookings-report';
import { EventBookingsSchema, type BookingRow, type EventBookings } from '@core/use-cases/event-bookings';
import { AdminBookingSchema, type AdminBooking as AdminBookingDetail } from '@core/use-cases/admin-booking-schema';
import { AdminWaitingListSchema, type AdminWaitingListAnswer } from '@core/use-cases/waitlist-schema';
import { apiGet, apiPatch, apiPost } from '../../../../lib/api';

export type { AdminWaitingListAnswer };

export type { EventBookings };
export type AdminBooking = BookingRow;
export type { AdminBookingDetail };

export function fetchBookingsOverview(): Promise<BookingsOverview> {
  return apiGet('/api/admin/bookings', BookingsOverviewSchema);
}

export function fetchEventBookings(eventId: string): Promise<EventBookings> {
  return apiGet(`/api/admin/events/${encodeURIComponent(eventId)}/bookings`, EventBookingsSchema);
}

export function bookingsCsvUrl(eventId: string): string {
  return `/api/admin/events/${encodeURIComponent(eventId)}/bookings.csv`;
}

const bookingPath = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;

export function fetchBooking(id: string): Promise<AdminBookingDetail> {
  return apiGet(bookingPath(id), AdminBookingSchema);
}

export function cancelBooking(id: string, refund: boolean): Promise<AdminBookingDetail> {
  return apiPost(`${bookingPath(id)}/cancel`, { refund }, AdminBookingSchema);
}

export function refundBooking(id: string, reference: string): Promise<AdminBookingDetail> {
  return apiPost(`${bookingPath(id)}/refund`, { reference }, AdminBookingSchema);
}

export function markBookingPaid(id: string, method: 'cash' | 'transfer', reference: string): Promise<AdminBookingDetail> {
  return apiPost(`${bookingPath(id)}/mark-paid`, { method, reference }, AdminBookingSchema);
}

export function correctBooking(id: string, values: Record<string, string>): Promise<AdminBookingDetail> {
  return apiPatch(bookingPath(id), values, AdminBookingSchema);
}

export function resendConfirmation(id: string): Promise<{ queued: number }> {
  return apiPost(`${bookingPath(id)}/resend`, {});
}

const waitingListPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/waiting-list`;

export function fetchWaitingList(eventId: string): Promise<AdminWaitingListAnswer> {
  return apiGet(waitingListPath(eventId), AdminWaitingListSchema);
}

export function offerToWaitingListEntry(eventId: string, entryId: string): Promise<AdminWaitingListAnswer> {
  return apiPost(`${waitingListPath(eventId)}/${encodeURIComponent(entryId)}/offer`, {}, AdminWaitingListSchema);
}

export function removeFromWaitingList(eventId: string, entryId: string): Promise<AdminWaitingListAnswer> {
  return apiPost(`${waitingListPath(eventId)}/${encodeURIComponent(entryId)}/remove`, {}, AdminWaitingListSchema);
}
