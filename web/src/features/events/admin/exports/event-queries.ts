import type { AdminListEvent } from '@core/operations/list-admin-events';
import type { AdminEvent } from '@core/operations/get-admin-event';
import { AdminEventResponseSchema, AdminEventsResponseSchema } from '@core/contract/admin-api-schema';
import { apiGet } from '../../../../lib/api';
import { adminRecords } from '../../../../admin/shared/api/admin-records';

/** The admin's events, listed and one by one: read by the events screens and by the go/no-go panel. */
export const eventPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

export async function listEvents(): Promise<AdminListEvent[]> {
  return (await apiGet('/api/admin/events', AdminEventsResponseSchema)).events;
}

export function getEvent(id: string): Promise<AdminEvent> {
  return apiGet(eventPath(id), AdminEventResponseSchema);
}

/** The events as admin records (list, one, and the writes' cache updates, used by the events screens). */
export const eventRecords = adminRecords('events', listEvents, 'event', getEvent);
export const { listQueryOptions: eventsQueryOptions, recordQueryOptions: eventQueryOptions, useList: useEvents, useRecord: useEvent } = eventRecords;
