import type { ClubEvent } from '@core/entities/event';
import type { EventFormValues } from '@core/domain/event-form';
import { adminRequest } from './admin-client';

export async function listEvents(): Promise<ClubEvent[]> {
  const { events } = await adminRequest<{ events: ClubEvent[] }>('GET', '/admin/events');
  return events;
}

export function getEvent(id: string): Promise<{ event: ClubEvent; form: EventFormValues }> {
  return adminRequest('GET', `/admin/events/${encodeURIComponent(id)}`);
}

export async function createEvent(values: EventFormValues): Promise<ClubEvent> {
  const { event } = await adminRequest<{ event: ClubEvent }>('POST', '/admin/events', { body: values });
  return event;
}

export async function updateEvent(id: string, values: EventFormValues): Promise<ClubEvent> {
  const { event } = await adminRequest<{ event: ClubEvent }>('PUT', `/admin/events/${encodeURIComponent(id)}`, { body: values });
  return event;
}

export function deleteEvent(id: string): Promise<void> {
  return adminRequest('DELETE', `/admin/events/${encodeURIComponent(id)}`);
}
