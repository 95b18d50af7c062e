import { z } from 'zod';
import { EventFormValuesSchema, type EventFormValues } from '@core/domain/event-form';
import { EventSchema, type ClubEvent } from '@core/entities/event';
import type { EventCancellationPreview } from '@core/domain/event-cancellation';
import type { CancelEventResult } from '@core/use-cases/cancel-event';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';

const EventsAnswer = z.object({ events: z.array(EventSchema) });
const EventAnswer = z.object({ event: EventSchema });
const EditableEventAnswer = z.object({ event: EventSchema, form: EventFormValuesSchema });
const path = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

export async function listEvents(): Promise<ClubEvent[]> {
  return (await apiGet('/api/admin/events', EventsAnswer)).events;
}

export function getEvent(id: string): Promise<{ event: ClubEvent; form: EventFormValues }> {
  return apiGet(path(id), EditableEventAnswer);
}

export async function createEvent(values: EventFormValues): Promise<ClubEvent> {
  return (await apiPost('/api/admin/events', values, EventAnswer)).event;
}

export async function updateEvent(id: string, values: EventFormValues): Promise<ClubEvent> {
  return (await apiPut(path(id), values, EventAnswer)).event;
}

export async function deleteEvent(id: string): Promise<void> {
  await apiDelete(path(id));
}

// The core's answer types; the schemas check the server's answers are of them.
export type CancelPreview = EventCancellationPreview;
export type EventCancelled = CancelEventResult;
const CancelPreviewAnswer: z.ZodType<CancelPreview> = z.object({ bookings: z.number().int(), cardRefunds: z.number().int(), handRefunds: z.number().int() });
const CancelledAnswer: z.ZodType<EventCancelled> = z.object({ event: EventSchema, cancelled: z.number().int(), refunded: z.number().int(), refundsFailed: z.number().int() });

/** What cancelling the event would do: its standing bookings, and how they are refunded. */
export function getCancelPreview(id: string): Promise<CancelPreview> {
  return apiGet(`${path(id)}/cancel`, CancelPreviewAnswer);
}

/** Cancels the event for this reason: every standing booking cancelled and refunded, members e-mailed. */
export function cancelEvent(id: string, reason: string): Promise<EventCancelled> {
  return apiPost(`${path(id)}/cancel`, { reason }, CancelledAnswer);
}
