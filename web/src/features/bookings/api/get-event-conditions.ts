import { useQuery } from '@tanstack/react-query';
import { MemberEventConditionsSchema } from '@core/conditions/conditions-schema';
import { apiGet } from '../../../lib/api';

/** The event's forecast for its hours and the go/no-go decision (GET /api/events/:id/conditions), read in the browser. */
export function useEventConditions(id: string) {
  return useQuery({
    queryKey: ['event-conditions', id],
    queryFn: () => apiGet(`/api/events/${encodeURIComponent(id)}/conditions`, MemberEventConditionsSchema),
    // The forecast changes at most hourly.
    staleTime: 5 * 60_000,
  });
}
