import {
  ANNOUNCEMENT_MESSAGES,
  AdminAnnouncementListSchema,
  MemberAnnouncementListSchema,
  SendAnnouncementSchema,
  SentAnnouncementSchema,
} from '../../../core/announcements/announcement';
import { ListAnnouncements } from '../../../core/announcements/list-announcements';
import { SendAnnouncement } from '../../../core/announcements/send-announcement';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';
import { EVENT_NOT_FOUND } from '../../http/route-parts';

const TAG = 'announcements';

/** Announcements to an event's people (docs/notifications.md#announcements). */
export function registerAnnouncementRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/events/:id/announcements',
    operationId: 'adminSendAnnouncement',
    summary:
      "Send an announcement to the event's people: its booked members (and the household contact of the people a booking names), its waiting list, its duty holders, or any of these; each person e-mailed once (Reply-To: the admin's address). By an id made on the device (a UUID: an id sent before sends nothing again). Needs events:write; the officer of the day (bookings:write) may send for today's events only (London)",
    tag: TAG,
    // Either permission may send (the use case decides): events:write, or bookings:write for today's events.
    access: 'signed-in',
    params: IdParamsSchema,
    body: SendAnnouncementSchema,
    responses: {
      200: { description: 'Sent, or repeated (this id was sent before): the announcement as stored, with how many were told', schema: SentAnnouncementSchema },
      403: { description: `"${ANNOUNCEMENT_MESSAGES.permission}", or "${ANNOUNCEMENT_MESSAGES.notToday}" (the officer of the day); names events:write` },
      404: EVENT_NOT_FOUND,
      409: { description: `"${ANNOUNCEMENT_MESSAGES.idTaken}"` },
    },
    handler: async ({ admin, params, body }) => {
      const sent = await ports.useCase(SendAnnouncement).execute(admin, params.id, body);
      return reply(200, { result: sent.result, announcement: sent.announcement });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/announcements',
    operationId: 'adminListAnnouncements',
    summary: "The event's announcements, newest first, each with its audiences, author, Reply-To and how many were told",
    tag: TAG,
    access: { action: 'events.list' },
    params: IdParamsSchema,
    responses: { 200: { description: 'Newest first', schema: AdminAnnouncementListSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ params }) => reply(200, await ports.useCase(ListAnnouncements).forAdmin(params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/my/events/:id/announcements',
    operationId: 'listEventAnnouncements',
    summary: "The event's announcements for a signed-in member (the event page): subject, words and when, newest first",
    tag: TAG,
    access: 'member',
    params: IdParamsSchema,
    responses: { 200: { description: 'Newest first', schema: MemberAnnouncementListSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ params }) => reply(200, await ports.useCase(ListAnnouncements).forEvent(params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/my/announcements',
    operationId: 'listMyAnnouncements',
    summary: 'The newest announcements (at most 20) of the events the signed-in member is booked on, on duty at, or waiting for',
    tag: TAG,
    access: 'member',
    responses: { 200: { description: 'Newest first', schema: MemberAnnouncementListSchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(ListAnnouncements).forMember(member)),
  });
}
