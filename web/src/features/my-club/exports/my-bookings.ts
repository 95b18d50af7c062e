import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyClubBookingsSchema } from '@core/my-club/my-club-schema';
import { apiGet } from '../../../lib/api';

/** The signed-in member's bookings, upcoming and past (GET /api/my/bookings). */
export const myBookingsQuery = queryOptions({
  queryKey: ['my', 'bookings'],
  queryFn: ({ signal }) => apiGet('/api/my/bookings', MyClubBookingsSchema, { ignoreUnauthenticated: true, signal }),
});

export function useMyBookings() {
  return useQuery(myBookingsQuery);
}
