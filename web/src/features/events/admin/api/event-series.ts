import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeriesChangeFormValues, SeriesFormValues } from '@core/events/event-series';
import type { z } from 'zod';
import {
  AdminEventSeriesSchema,
  EventSeriesCreatedSchema,
  EventSeriesListSchema,
  SeriesChangedSchema,
  SeriesEndedSchema,
} from '@core/contract/event-series-api-schema';
import { apiGet, apiPost } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';
import { eventsQueryOptions } from '../exports/event-queries';

/** A season's event series (docs/events.md, "Event series"). */
export const seriesPath = (id: string) => `/api/admin/event-series/${encodeURIComponent(id)}`;

export const eventSeriesListQueryOptions = () => adminQueryOptions(['event-series'], () => apiGet('/api/admin/event-series', EventSeriesListSchema));
export const eventSeriesQueryOptions = (id: string) => adminQueryOptions(['event-series', id], () => apiGet(seriesPath(id), AdminEventSeriesSchema));

export const useEventSeriesList = () => useQuery(eventSeriesListQueryOptions());
export const useEventSeries = (id: string) => useQuery(eventSeriesQueryOptions(id));

export function createSeries(values: SeriesFormValues) {
  return apiPost('/api/admin/event-series', values, EventSeriesCreatedSchema);
}

export function changeSeriesFrom({ seriesId, values }: { seriesId: string; values: SeriesChangeFormValues }) {
  return apiPost(`${seriesPath(seriesId)}/change`, values, SeriesChangedSchema);
}

/** What ending a series did: the dates cancelled and their bookings by outcome. */
export type SeriesEnded = z.infer<typeof SeriesEndedSchema>;

/** Ends the series early: `fromEventId` and every later date that stands are cancelled, members told `reason`. */
export function endSeriesFrom({ seriesId, values }: { seriesId: string; values: { fromEventId: string; reason: string } }) {
  return apiPost(`${seriesPath(seriesId)}/end`, values, SeriesEndedSchema);
}

/** A series write: the series and the events list are read again (their dates are events). */
function useSeriesWrite<V, R>(write: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'event-series'] }),
        client.invalidateQueries({ queryKey: eventsQueryOptions().queryKey, refetchType: 'none' }),
      ]);
    },
  });
}

export const useCreateSeries = () => useSeriesWrite(createSeries);
export const useChangeSeriesFrom = () => useSeriesWrite(changeSeriesFrom);
export const useEndSeriesFrom = () => useSeriesWrite(endSeriesFrom);
