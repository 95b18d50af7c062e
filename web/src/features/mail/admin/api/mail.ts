import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxStatus } from '@core/mail/mail';
import { OutboxListSchema, type OutboxList, type OutboxMessageDetail, type OutboxRow } from '@core/mail/list-outbox';
import { ApiError, apiGet, apiPost } from '../../../../lib/api';
import { OutboxMessageResponseSchema } from '@core/contract/admin-api-schema';
import { adminQueryOptions, type MutationConfig, useAdminMutation } from '../../../../admin/shared/api/admin-query';

export type { OutboxList, OutboxMessageDetail, OutboxRow };

export interface OutboxFilter {
  status?: OutboxStatus;
  /** The record the e-mails are about (a booking id). */
  recordId?: string;
}

export function listOutbox(filter: OutboxFilter = {}): Promise<OutboxList> {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.recordId) query.set('recordId', filter.recordId);
  const search = query.toString();
  return apiGet(`/api/admin/outbox${search ? `?${search}` : ''}`, OutboxListSchema);
}

export const outboxQueryOptions = ({ status, recordId }: OutboxFilter) =>
  adminQueryOptions(['outbox', status ?? 'all', recordId ?? ''], () => listOutbox({ status, recordId }));

export function useOutbox(filter: OutboxFilter) {
  return useQuery(outboxQueryOptions(filter));
}

export async function getOutboxMessage(id: string): Promise<OutboxMessageDetail> {
  return (await apiGet(`/api/admin/outbox/${encodeURIComponent(id)}`, OutboxMessageResponseSchema)).message;
}

export const outboxMessageQueryOptions = (id: string) => adminQueryOptions(['outbox-message', id], () => getOutboxMessage(id));

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}

/** The message's HTML as it would be sent, served for a sandboxed preview frame. */
export function outboxHtmlUrl(id: string): string {
  return `/api/admin/outbox/${encodeURIComponent(id)}/html`;
}

/** Queues a sent or failed e-mail to be sent again; answers the message as it now is. */
export async function resendOutboxMessage(id: string): Promise<OutboxMessageDetail> {
  return (await apiPost(`/api/admin/outbox/${encodeURIComponent(id)}/resend`, undefined, OutboxMessageResponseSchema)).message;
}

/**
 * Resends a message: the answer replaces the cached message, and the lists are marked stale. A 409
 * (queued meanwhile) has the message read again from its loading state.
 */
export function useResendOutboxMessage(config: MutationConfig<OutboxMessageDetail, string> = {}) {
  const client = useQueryClient();
  const cache = {
    onSuccess: (queued: OutboxMessageDetail, id: string) => {
      client.setQueryData(outboxMessageQueryOptions(id).queryKey, queued);
      void client.invalidateQueries({ queryKey: ['admin', 'outbox'], refetchType: 'none' });
    },
    onError: (error: Error, id: string) => {
      if (error instanceof ApiError && error.status === 409) void client.resetQueries({ queryKey: outboxMessageQueryOptions(id).queryKey, exact: true });
    },
  };
  return useAdminMutation(resendOutboxMessage, cache, config);
}
