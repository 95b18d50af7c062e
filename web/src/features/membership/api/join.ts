import { useMutation } from '@tanstack/react-query';
import type { ApplyRequest } from '@core/membership/membership-application';
import { apiPost } from '../../../lib/api';
import { apiQuery, useRead } from '../../../lib/reads';

/** The Join page's read (GET /api/membership/join): the categories offered, with their joining price. */
export const joinOfferRead = apiQuery(['membership', 'join'], '/api/membership/join', async () => (await import('@core/operations/join-club')).JoinOfferSchema);

export function useJoinOffer() {
  return useRead(joinOfferRead);
}

/** Submits the application (POST /api/membership/applications). */
export function useApply() {
  return useMutation({
    mutationFn: async (request: ApplyRequest) => apiPost('/api/membership/applications', request, (await import('@core/operations/join-club')).AppliedSchema),
  });
}

/** Pays the application's joining order with the card form's token (POST /api/membership/applications/pay). */
export function usePayApplication() {
  return useMutation({
    mutationFn: async (request: { applicationId: string; cardToken: string }) =>
      apiPost('/api/membership/applications/pay', request, (await import('@core/operations/join-club')).ApplicationPaymentResultSchema),
  });
}
