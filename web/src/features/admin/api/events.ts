import { z } from 'zod';
import { EventFormValuesSchema, type EventFormValues } from '@core/domain/event-form';
import { EventSchema, type ClubEvent } from '@core/entities/event';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

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
