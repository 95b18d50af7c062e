import { queryOptions } from '@tanstack/react-query';
import { WaitlistOfferSchema, type WaitlistOffer } from '@core/waiting-list/waiting-list-schema';
import { apiGet } from '../../../lib/api';
import { useQueryState } from '../../../lib/query';

export type { WaitlistOffer };

/** The places a waiting-list offer holds for its member (GET /api/waiting-list/offer); 409 once it is no longer valid. */
export function getWaitlistOffer(token: string, signal?: AbortSignal): Promise<WaitlistOffer> {
  return apiGet(`/api/waiting-list/offer?${new URLSearchParams({ token }).toString()}`, WaitlistOfferSchema, { signal });
}

export function waitlistOfferQueryOptions(token: string) {
  return queryOptions({ queryKey: ['waitlist-offer', token], queryFn: ({ signal }) => getWaitlistOffer(token, signal) });
}

/** The offer the booking form is filled in from. */
export function useWaitlistOffer(token: string) {
  return useQueryState(waitlistOfferQueryOptions(token));
}
