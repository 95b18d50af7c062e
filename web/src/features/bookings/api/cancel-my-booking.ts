import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MyBookingSchema, type MyBooking } from '@core/bookings/my-booking-schema';
import { apiPost } from '../../../lib/api';
import { calendarQueryOptions } from '../../events/exports/calendar-events-path';
import { myBookingQueryOptions } from './my-booking-read';

export type { MyBooking };

/** Cancels the booking the token names (POST /api/my-booking/cancel); answers the booking as the page now shows it. */
export function cancelMyBooking(token: string): Promise<MyBooking> {
  return apiPost('/api/my-booking/cancel', { token }, MyBookingSchema);
}

/**
 * Cancel Booking: the answer replaces the booking the page shows, and the calendar's places left
 * are asked for again on its next visit. A refusal reads the booking again, which may have
 * changed meanwhile (cancelled in another tab, the deadline passed).
 */
export function useCancelMyBooking(token: string) {
  const client = useQueryClient();
  const { queryKey } = myBookingQueryOptions(token);
  return useMutation({
    mutationFn: () => cancelMyBooking(token),
    onSuccess: (cancelled) => {
      client.setQueryData(queryKey, cancelled);
      void client.invalidateQueries({ queryKey: calendarQueryOptions().queryKey });
    },
    onError: () => void client.invalidateQueries({ queryKey }),
  });
}
