import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminAnnouncementListSchema,
  MemberAnnouncementListSchema,
  SentAnnouncementSchema,
  type SendAnnouncementInput,
} from '@core/announcements/announcement';
import { apiGet, apiPost } from '../../../lib/api';

/** An event's announcements with how many were told (GET /api/admin/events/:id/announcements). */
export const adminAnnouncementsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['admin', 'announcements', eventId],
    queryFn: ({ signal }) => apiGet(`/api/admin/events/${encodeURIComponent(eventId)}/announcements`, AdminAnnouncementListSchema, { signal }),
  });

export function useAdminAnnouncements(eventId: string) {
  return useQuery(adminAnnouncementsQuery(eventId));
}

/** Sends an announcement (its id made on the device: sent once however often it is asked); the list is read again after. */
export function useSendAnnouncement(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: SendAnnouncementInput) => apiPost(`/api/admin/events/${encodeURIComponent(eventId)}/announcements`, form, SentAnnouncementSchema),
    onSettled: () => client.invalidateQueries({ queryKey: adminAnnouncementsQuery(eventId).queryKey }),
  });
}

/** The event's announcements for a signed-in member (GET /api/my/events/:id/announcements). */
export const eventAnnouncementsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['my', 'announcements', eventId],
    queryFn: ({ signal }) =>
      apiGet(`/api/my/events/${encodeURIComponent(eventId)}/announcements`, MemberAnnouncementListSchema, { ignoreUnauthenticated: true, signal }),
  });

export function useEventAnnouncements(eventId: string, enabled: boolean) {
  return useQuery({ ...eventAnnouncementsQuery(eventId), enabled });
}

/** The newest announcements of the member's events (GET /api/my/announcements). */
export const myAnnouncementsQuery = queryOptions({
  queryKey: ['my', 'announcements'],
  queryFn: ({ signal }) => apiGet('/api/my/announcements', MemberAnnouncementListSchema, { ignoreUnauthenticated: true, signal }),
});

export function useMyAnnouncements() {
  return useQuery(myAnnouncementsQuery);
}
