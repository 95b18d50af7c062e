import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookingChangeQuoteSchema, type BookingChangeQuote } from '@core/bookings/booking-change-form';
import { apiPost } from '../../../lib/api';
import { calendarQueryOptions } from '../../events/exports/calendar-events-path';
import { myBookingQueryOptions } from './my-booking-read';

export type { BookingChangeQuote };

export interface ChangeNumbers {
  numberAttending: string;
  numberOfChildren: string;
}

/** Asks for (confirm false) or makes (confirm true) a change of the booking's numbers: POST /api/my-booking/change. */
export function changeMyBooking(token: string, numbers: ChangeNumbers, confirm: boolean): Promise<BookingChangeQuote> {
  return apiPost('/api/my-booking/change', { token, ...numbers, confirm }, BookingChangeQuoteSchema);
}

/**
 * Change booking: asking changes nothing; a confirmed change reads the booking again (its new
 * numbers and price) and the calendar's places left on its next visit; a larger one to pay first
 * reads the booking again on the manage page's next visit.
 */
export function useChangeMyBooking(token: string) {
  const client = useQueryClient();
  const { queryKey } = myBookingQueryOptions(token);
  return useMutation({
    mutationFn: ({ numbers, confirm }: { numbers: ChangeNumbers; confirm: boolean }) => changeMyBooking(token, numbers, confirm),
    onSuccess: (quote) => {
      // A larger change goes to its card step and changes the booking once paid: the manage page
      // reads it again on its next visit (not now: it would still read the old numbers).
      if (quote.checkoutId !== null) void client.invalidateQueries({ queryKey, refetchType: 'none' });
      if (!quote.changed) return;
      void client.invalidateQueries({ queryKey });
      void client.invalidateQueries({ queryKey: calendarQueryOptions().queryKey });
    },
  });
}
