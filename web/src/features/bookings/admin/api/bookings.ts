import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookingsOverviewSchema, type BookingsOverview } from '@core/bookings/bookings-report';
import { EventBookingsSchema, type BookingRow, type EventBookings } from '@core/operations/event-bookings';
import { AdminBookingSchema, type AdminBooking as AdminBookingDetail } from '@core/bookings/admin-booking-schema';
import { AdminWaitingListSchema, type AdminWaitingListAnswer } from '@core/waiting-list/waiting-list-schema';
import { apiGet, apiPatch, apiPost } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useAdminMutation } from '../../../../admin/shared/api/admin-query';

export type { AdminWaitingListAnswer };

export type { EventBookings };
export type AdminBooking = BookingRow;
export type { AdminBookingDetail };

export function fetchBookingsOverview(): Promise<BookingsOverview> {
  return apiGet('/api/admin/bookings', BookingsOverviewSchema);
}

export const bookingsOverviewQueryOptions = () => adminQueryOptions(['bookings'], fetchBookingsOverview);

export function useBookingsOverview() {
  return useQuery(bookingsOverviewQueryOptions());
}

export function fetchEventBookings(eventId: string): Promise<EventBookings> {
  return apiGet(`/api/admin/events/${encodeURIComponent(eventId)}/bookings`, EventBookingsSchema);
}

export const eventBookingsQueryOptions = (eventId: string) => adminQueryOptions(['event-bookings', eventId], () => fetchEventBookings(eventId));

export function useEventBookings(eventId: string) {
  return useQuery(eventBookingsQueryOptions(eventId));
}

export function bookingsCsvUrl(eventId: string): string {
  return `/api/admin/events/${encodeURIComponent(eventId)}/bookings.csv`;
}

const bookingPath = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;

export function fetchBooking(id: string): Promise<AdminBookingDetail> {
  return apiGet(bookingPath(id), AdminBookingSchema);
}

export const bookingQueryOptions = (id: string) => adminQueryOptions(['booking', id], () => fetchBooking(id));

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}

export function fetchBookingByReference(reference: string): Promise<AdminBookingDetail> {
  return apiGet(`/api/admin/booking-references/${encodeURIComponent(reference)}`, AdminBookingSchema);
}

export const bookingByReferenceQueryOptions = (reference: string) => ({
  ...adminQueryOptions(['booking-reference', reference], () => fetchBookingByReference(reference)),
  // A 400 or 404 is the answer: asking again would not change it.
  retry: false,
});

/** The booking with this reference, once one is asked for (null: none asked yet). */
export function useBookingByReference(reference: string | null) {
  return useQuery({ ...bookingByReferenceQueryOptions(reference ?? ''), enabled: reference !== null });
}

/** Cancels one booking, with or without a refund, with the reason the member is told ('' for none). */
export function cancelBooking({ id, refund, reason }: { id: string; refund: boolean; reason: string }): Promise<AdminBookingDetail> {
  return apiPost(`${bookingPath(id)}/cancel`, { refund, reason }, AdminBookingSchema);
}

export function refundBooking({ id, reference }: { id: string; reference: string }): Promise<AdminBookingDetail> {
  return apiPost(`${bookingPath(id)}/refund`, { reference }, AdminBookingSchema);
}

export function markBookingPaid({ id, method, reference }: { id: string; method: 'cash' | 'transfer'; reference: string }): Promise<AdminBookingDetail> {
  return apiPost(`${bookingPath(id)}/mark-paid`, { method, reference }, AdminBookingSchema);
}

export function correctBooking({ id, values }: { id: string; values: Record<string, string> }): Promise<AdminBookingDetail> {
  return apiPatch(bookingPath(id), values, AdminBookingSchema);
}

export function resendConfirmation(id: string): Promise<{ queued: number }> {
  return apiPost(`${bookingPath(id)}/resend`, {});
}

/**
 * A change to one booking that the server answers with the booking as it now is: the booking's
 * cached answer is replaced, and the event's bookings and the overview are marked stale.
 */
function useBookingChange<V>(mutationFn: (variables: V) => Promise<AdminBookingDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (next) => {
      client.setQueryData(bookingQueryOptions(next.booking.id).queryKey, next);
      void client.invalidateQueries({ queryKey: eventBookingsQueryOptions(next.booking.eventId).queryKey, exact: true, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: bookingsOverviewQueryOptions().queryKey, exact: true, refetchType: 'none' });
    },
  });
}

export const useCancelBooking = () => useBookingChange(cancelBooking);
export const useRefundBooking = () => useBookingChange(refundBooking);
export const useMarkBookingPaid = () => useBookingChange(markBookingPaid);
export const useCorrectBooking = () => useBookingChange(correctBooking);

/** Queues the confirmation again, then has the booking read again (its history shows the resend). */
export function useResendConfirmation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    onSuccess: (_, id) => client.invalidateQueries({ queryKey: bookingQueryOptions(id).queryKey, exact: true }),
  });
}

const waitingListPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/waiting-list`;

export function fetchWaitingList(eventId: string): Promise<AdminWaitingListAnswer> {
  return apiGet(waitingListPath(eventId), AdminWaitingListSchema);
}

export const waitingListQueryOptions = (eventId: string) => adminQueryOptions(['event-waiting-list', eventId], () => fetchWaitingList(eventId));

export function useWaitingList(eventId: string) {
  return useQuery(waitingListQueryOptions(eventId));
}

export function offerToWaitingListEntry({ eventId, entryId }: { eventId: string; entryId: string }): Promise<AdminWaitingListAnswer> {
  return apiPost(`${waitingListPath(eventId)}/${encodeURIComponent(entryId)}/offer`, {}, AdminWaitingListSchema);
}

export function removeFromWaitingList({ eventId, entryId }: { eventId: string; entryId: string }): Promise<AdminWaitingListAnswer> {
  return apiPost(`${waitingListPath(eventId)}/${encodeURIComponent(entryId)}/remove`, {}, AdminWaitingListSchema);
}

type WaitingListEntry = AdminWaitingListAnswer['entries'][number];

/**
 * A change to an event's waiting list (offer, remove): the server answers the list as it now is,
 * which replaces the cached one; after a failure the list starts again from the server's.
 */
function useWaitingListChange(eventId: string, change: typeof offerToWaitingListEntry, config: MutationConfig<AdminWaitingListAnswer, WaitingListEntry>) {
  const client = useQueryClient();
  const { queryKey } = waitingListQueryOptions(eventId);
  const cache = {
    onSuccess: (list: AdminWaitingListAnswer) => client.setQueryData(queryKey, list),
    onError: () => void client.resetQueries({ queryKey, exact: true }),
  };
  return useAdminMutation((entry: WaitingListEntry) => change({ eventId, entryId: entry.id }), cache, config);
}

export function useOfferToWaitingListEntry(eventId: string, config: MutationConfig<AdminWaitingListAnswer, WaitingListEntry> = {}) {
  return useWaitingListChange(eventId, offerToWaitingListEntry, config);
}

export function useRemoveFromWaitingList(eventId: string, config: MutationConfig<AdminWaitingListAnswer, WaitingListEntry> = {}) {
  return useWaitingListChange(eventId, removeFromWaitingList, config);
}
