import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AskSwapAnswerSchema, SwapAnswerSchema, SwapViewSchema, TransferCandidatesSchema } from '@core/duties/duty-swap-forms';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import { myDutiesQuery } from '../exports/my-duties-query';

const MEMBER = { ignoreUnauthenticated: true } as const;

/** A swap request as the signed-in member sees it (GET /api/my/duty-swaps/:id), the e-mail's page. */
export function swapQuery(swapId: string) {
  return queryOptions({
    queryKey: ['my', 'duty-swaps', swapId],
    queryFn: ({ signal }) => apiGet(`/api/my/duty-swaps/${encodeURIComponent(swapId)}`, SwapViewSchema, { ...MEMBER, signal }),
  });
}

export function useSwap(swapId: string | null, enabled: boolean) {
  return useQuery({ ...swapQuery(swapId ?? ''), enabled: enabled && swapId !== null });
}

/**
 * The members a duty may be handed to (eligible and free then) whose name answers what the member
 * typed: read once they have typed 2 letters (the server shows no list without a search).
 */
export function useTransferCandidates(slotId: string | null, name: string) {
  return useQuery({
    queryKey: ['my', 'duties', slotId, 'transfer-candidates', name],
    queryFn: ({ signal }) =>
      apiGet(`/api/my/duties/${encodeURIComponent(slotId ?? '')}/transfer-candidates?${new URLSearchParams({ name }).toString()}`, TransferCandidatesSchema, {
        ...MEMBER,
        signal,
      }),
    enabled: slotId !== null && name.length >= 2,
  });
}

/** Ask for a swap (or a transfer), accept one, withdraw one; each reads the member's duties (and the swap) again after. */
export function useSwapChanges() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: ['my'] });
  return {
    ask: useMutation({
      mutationFn: ({ slotId, toMemberId }: { slotId: string; toMemberId: string | null }) =>
        apiPost(`/api/my/duties/${encodeURIComponent(slotId)}/swap`, { toMemberId }, AskSwapAnswerSchema, MEMBER),
      onSettled: settled,
    }),
    accept: useMutation({
      mutationFn: (swapId: string) => apiPost(`/api/my/duty-swaps/${encodeURIComponent(swapId)}/accept`, {}, SwapAnswerSchema, MEMBER),
      onSettled: settled,
    }),
    withdraw: useMutation({
      mutationFn: (swapId: string) => apiDelete(`/api/my/duty-swaps/${encodeURIComponent(swapId)}`, undefined, MEMBER),
      onSettled: () => client.invalidateQueries({ queryKey: myDutiesQuery.queryKey }),
    }),
  };
}
