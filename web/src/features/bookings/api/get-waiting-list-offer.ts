import { queryOptions } from '@tanstack/react-query';
import { WaitingListOfferSchema, type WaitingListOffer } from '@core/waiting-list/waiting-list-schema';
import { apiGet } from '../../../lib/api';
import { useRead } from '../../../lib/reads';

export type { WaitingListOffer };

/** The places a waiting-list offer holds for its member (GET /api/waiting-list/offer); 409 once it is no longer valid. */
export function getWaitingListOffer(token: string, signal?: AbortSignal): Promise<WaitingListOffer> {
  return apiGet(`/api/waiting-list/offer?${new URLSearchParams({ token }).toString()}`, WaitingListOfferSchema, { signal });
}

export function waitingListOfferQueryOptions(token: string) {
  return queryOptions({ queryKey: ['waitlist-offer', token], queryFn: ({ signal }) => getWaitingListOffer(token, signal) });
}

/** The offer the booking form is filled in from. */
export function useWaitingListOffer(token: string) {
  return useRead(waitingListOfferQueryOptions(token));
}
