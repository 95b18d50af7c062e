import { useMutation } from '@tanstack/react-query';
import type { BookingFormValues } from '@core/bookings/booking';
import { BookingReceiptSchema, type BookingReceipt } from '@core/bookings/booking-receipt-schema';
import { apiPost } from '../../../lib/api';

export type { BookingReceipt };

/** Books places at the event (POST /api/bookings), taking up a waiting-list offer's places when given its token. */
export function submitBooking(
  eventId: string,
  values: BookingFormValues,
  offerToken?: string,
  householdAttendees: readonly string[] = [],
): Promise<BookingReceipt> {
  return apiPost(
    '/api/bookings',
    { eventId, ...values, ...(offerToken ? { offerToken } : {}), ...(householdAttendees.length > 0 ? { householdAttendees } : {}) },
    BookingReceiptSchema,
  );
}

/** What the form sends: its fields, and the signed-in member's household people ticked as attendees. */
export type BookingSubmission = BookingFormValues & { householdAttendees?: readonly string[] };

/**
 * Submit Booking. What follows a booking (the card step, the receipt, the places left read
 * again) is the page's to decide, so the hook changes nothing in the data layer itself.
 */
export function useSubmitBooking(eventId: string, offerToken?: string) {
  return useMutation({ mutationFn: ({ householdAttendees, ...values }: BookingSubmission) => submitBooking(eventId, values, offerToken, householdAttendees) });
}
