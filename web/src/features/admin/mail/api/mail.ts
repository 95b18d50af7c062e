import { z } from 'zod';
import type { OutboxStatus } from '@core/entities/mail';
import { OutboxListSchema, OutboxMessageDetailSchema, type OutboxList, type OutboxMessageDetail, type OutboxRow } from '@core/use-cases/list-outbox';
import { apiGet, apiPost } from '../../../../lib/api';

export type { OutboxList, OutboxMessageDetail, OutboxRow };

const MessageAnswer = z.object({ message: OutboxMessageDetailSchema });

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

export async function getOutboxMessage(id: string): Promise<OutboxMessageDetail> {
  return (await apiGet(`/api/admin/outbox/${encodeURIComponent(id)}`, MessageAnswer)).message;
}

/** The message's HTML as it would be sent, served for a sandboxed preview frame. */
export function outboxHtmlUrl(id: string): string {
  return `/api/admin/outbox/${encodeURIComponent(id)}/html`;
}

/** Queues a sent or failed e-mail to be sent again; answers the message as it now is. */
export async function resendOutboxMessage(id: string): Promise<OutboxMessageDetail> {
  return (await apiPost(`/api/admin/outbox/${encodeURIComponent(id)}/resend`, undefined, MessageAnswer)).message;
}
