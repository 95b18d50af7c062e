import { WaitlistOfferSchema, type WaitlistOffer } from '@core/use-cases/waitlist-schema';
import { apiGet } from '../../../lib/api';

export type { WaitlistOffer };

export function waitlistOfferKey(token: string): readonly unknown[] {
  return ['waitlist-offer', token];
}

export function getWaitlistOffer(token: string, signal?: AbortSignal): Promise<WaitlistOffer> {
  return apiGet(`/api/waiting-list/offer?${new URLSearchParams({ token }).toString()}`, WaitlistOfferSchema, { signal });
}
