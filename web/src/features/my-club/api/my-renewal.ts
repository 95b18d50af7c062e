import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RenewalOfferSchema, RenewalPaymentResultSchema, StartedRenewalSchema, type StartRenewalRequest } from '@core/my-club/renew-online';
import { apiGet, apiPost } from '../../../lib/api';
import { myDetailsQuery } from './my-details';

const MEMBER = { ignoreUnauthenticated: true } as const;

/** What renewing offers the signed-in member (GET /api/my/renewal). */
export const myRenewalQuery = queryOptions({
  queryKey: ['my', 'renewal'],
  queryFn: ({ signal }) => apiGet('/api/my/renewal', RenewalOfferSchema, { ...MEMBER, signal }),
});

export function useMyRenewal(enabled = true) {
  return useQuery({ ...myRenewalQuery, enabled });
}

/** Starts a renewal (POST /api/my/renewal): the open order, and its checkout for a card. */
export function useStartRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: StartRenewalRequest) => apiPost('/api/my/renewal', request, StartedRenewalSchema, MEMBER),
    onSuccess: () => void client.invalidateQueries({ queryKey: myDetailsQuery.queryKey }),
  });
}

/** Pays the open card renewal with the card form's token (POST /api/my/renewal/pay). */
export function usePayRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { orderId: string; cardToken: string }) => apiPost('/api/my/renewal/pay', request, RenewalPaymentResultSchema, MEMBER),
    onSuccess: (answer) => {
      if (answer.status !== 'COMPLETED') return;
      void client.invalidateQueries({ queryKey: ['my'] });
    },
  });
}
