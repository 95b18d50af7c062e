import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityForm } from '@core/duties/availability';
import { MyAvailabilitySchema, MyDutyQuotaSchema, SeasonRotaSchema } from '@core/duties/availability-schema';
import { apiGet, apiPut } from '../../../lib/api';

const MEMBER = { ignoreUnauthenticated: true } as const;

/** The member's (and household's) availability and wishes for the season (GET /api/my/availability). */
export const myAvailabilityQuery = queryOptions({
  queryKey: ['my', 'availability'],
  queryFn: ({ signal }) => apiGet('/api/my/availability', MyAvailabilitySchema, { ...MEMBER, signal }),
});

export function useMyAvailability() {
  return useQuery(myAvailabilityQuery);
}

/** Sets the member's own marks for the season (PUT /api/my/availability); the answer is the section as it now is. */
export function useSetMyAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: AvailabilityForm) => apiPut('/api/my/availability', form, MyAvailabilitySchema, MEMBER),
    onSuccess: (view) => client.setQueryData(myAvailabilityQuery.queryKey, view),
  });
}

/** The member's duty quota for the season (GET /api/my/duty-quota). */
export const myDutyQuotaQuery = queryOptions({
  queryKey: ['my', 'duty-quota'],
  queryFn: ({ signal }) => apiGet('/api/my/duty-quota', MyDutyQuotaSchema, { ...MEMBER, signal }),
});

export function useMyDutyQuota() {
  return useQuery(myDutyQuotaQuery);
}

/** The season's rota, holders by first name and last initial (GET /api/my/rota). */
export const seasonRotaQuery = queryOptions({
  queryKey: ['my', 'rota'],
  queryFn: ({ signal }) => apiGet('/api/my/rota', SeasonRotaSchema, { ...MEMBER, signal }),
});

export function useSeasonRota() {
  return useQuery(seasonRotaQuery);
}
