import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConditionsLimitsAnswerSchema, GoNoGoListSchema, GoNoGoPanelSchema, type GoDecisionRequest } from '@core/conditions/conditions-schema';
import { apiGet, apiPost, apiPut } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';
import { ConditionsLimitsSavedSchema, GoDecisionAnswerSchema } from '@core/contract/admin-api-schema';

const panelPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}/go-no-go`;

export const limitsQueryOptions = () => adminQueryOptions(['conditions', 'limits'], () => apiGet('/api/admin/conditions/limits', ConditionsLimitsAnswerSchema));
export const panelQueryOptions = (id: string) => adminQueryOptions(['conditions', 'panel', id], () => apiGet(panelPath(id), GoNoGoPanelSchema));
export const panelsQueryOptions = () => adminQueryOptions(['conditions', 'panels'], () => apiGet('/api/admin/go-no-go', GoNoGoListSchema));

export function useLimits() {
  return useQuery(limitsQueryOptions());
}

export function usePanel(id: string) {
  return useQuery(panelQueryOptions(id));
}

export function usePanels() {
  return useQuery(panelsQueryOptions());
}

/** After any change the go/no-go screens (and the events list, for a move or a cancellation) read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'conditions'] });
    void client.invalidateQueries({ queryKey: ['admin', 'events'] });
    void client.invalidateQueries({ queryKey: ['admin', 'event'] });
  };
}

export interface LimitsFormValues {
  kinds: { id: string; name: string; windKn: number; gustKn: number }[];
  defaultKind: string;
  marginKn: number;
}

export function useSaveLimits() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (values: LimitsFormValues) => apiPut('/api/admin/conditions/limits', values, ConditionsLimitsSavedSchema),
    onSuccess: refresh,
  });
}

export function useSetKind(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (kind: string | null) => apiPut(`${panelPath(id)}/kind`, { kind }), onSuccess: refresh });
}

export function useDecide(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (request: GoDecisionRequest) => apiPost(`${panelPath(id)}/decisions`, request, GoDecisionAnswerSchema),
    onSuccess: refresh,
  });
}
