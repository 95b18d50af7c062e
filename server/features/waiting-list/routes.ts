import { z } from 'zod';
import { AdminWaitingList } from '../../../core/waiting-list/admin-waiting-list';
import { GetMyWaitingListEntry } from '../../../core/waiting-list/get-my-waiting-list-entry';
import { JoinWaitingList } from '../../../core/waiting-list/join-waiting-list';
import { LeaveWaitingList } from '../../../core/waiting-list/leave-waiting-list';
import { GetWaitingListOffer } from '../../../core/waiting-list/get-waiting-list-offer';
import {
  AdminWaitingListSchema,
  JoinedWaitingListSchema,
  JoinWaitingListRequestSchema,
  MyWaitingListEntrySchema,
  WaitingListOfferSchema,
  WaitingListTokenSchema,
} from '../../../core/waiting-list/waiting-list-schema';
import type { AppConfig } from '../../config';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { PAGE_READ } from '../../http/route-parts';
import { IdParamsSchema } from '../../http/api-schemas';
import { configuredBookingRateLimits } from '../../http/rate-limits';
import { currentMemberOf } from '../../http/member-session';

/** The members' routes: joining, and the entry or offer named by the signed token of an e-mailed link. */
const MEMBERS = { tag: 'waiting list', access: 'public' } as const;
const ENTRY_GONE = { description: 'A forged, altered or expired link, or an entry that is gone' };

const EntryParamsSchema = z.object({ id: z.string().min(1).max(200), entryId: z.string().min(1).max(200) });

/** The waiting list of full events: joining and leaving (public), and the admins' list. */
export function registerWaitingListRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig): void {
  routes.add({
    method: 'post',
    path: '/api/events/:id/waiting-list',
    operationId: 'joinWaitingList',
    summary: "Join a full event's waiting list; the member is e-mailed a link to leave it",
    ...MEMBERS,
    params: IdParamsSchema,
    body: JoinWaitingListRequestSchema,
    // Joins count against the same per-address limits as bookings: each one sends an e-mail.
    before: configuredBookingRateLimits(ports, config),
    responses: {
      201: { description: 'On the list, with the place in line', schema: JoinedWaitingListSchema },
      404: { description: '"Event not found"' },
      409: { description: 'Booking closed; the places wanted are free (book instead); no capacity; or the address is already in line' },
      429: { description: 'Too many bookings or joins from this client address' },
    },
    // A signed-in member joins in their name (My club lists the entry); a disabled one as a guest.
    handler: async ({ params, body, req }) => reply(201, await ports.useCase(JoinWaitingList).execute(params.id, body, await currentMemberOf(ports, req))),
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/waiting-list',
    operationId: 'getMyWaitingListEntry',
    summary: "A member's own waiting-list entry, named by the signed token of its leave link",
    ...MEMBERS,
    query: WaitingListTokenSchema,
    responses: { 200: { description: 'The entry', schema: MyWaitingListEntrySchema }, 404: ENTRY_GONE },
    handler: async ({ query }) => reply(200, await ports.useCase(GetMyWaitingListEntry).execute(query)),
  });

  routes.add({
    method: 'get',
    path: '/api/waiting-list/offer',
    operationId: 'getWaitingListOffer',
    summary: 'A waiting-list offer, named by the signed token of its e-mailed link: what the booking form is filled with',
    ...MEMBERS,
    query: WaitingListTokenSchema,
    responses: {
      200: { description: 'The offer', schema: WaitingListOfferSchema },
      409: { description: '"This offer is no longer valid. ...": forged, altered, expired, taken up or withdrawn' },
    },
    handler: async ({ query }) => reply(200, await ports.useCase(GetWaitingListOffer).execute(query)),
  });

  routes.add({
    method: 'post',
    path: '/api/waiting-list/leave',
    operationId: 'leaveWaitingList',
    summary: 'Leave the waiting list through the signed link (again: no change)',
    ...MEMBERS,
    body: WaitingListTokenSchema,
    responses: { 200: { description: 'The entry as it now is', schema: MyWaitingListEntrySchema }, 404: ENTRY_GONE },
    handler: async ({ body }) => reply(200, await ports.useCase(LeaveWaitingList).execute(body)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/waiting-list',
    operationId: 'adminListEventWaitingList',
    summary: "One event's waiting list: position, name, e-mail, places wanted, status, offered until",
    tag: 'admin bookings',
    access: { action: 'bookings.read' },
    params: IdParamsSchema,
    responses: { 200: { description: 'The waiting list', schema: AdminWaitingListSchema }, 404: { description: '"Event not found"' } },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(AdminWaitingList).list(admin, params.id)),
  });

  // What admins do to one entry: the same route but for its last word, its name, summary and conflict.
  const entryActions = [
    {
      action: 'offer',
      operationId: 'adminOfferWaitingListPlaces',
      summary: 'Offers this person their places now, by hand (held for WAITLIST_OFFER_HOURS; audit-logged on the event)',
      conflict: '"The places this person wants are not free", or no longer waiting',
    },
    {
      action: 'remove',
      operationId: 'adminRemoveWaitingListEntry',
      summary: 'Removes someone from the waiting list (audit-logged on the event)',
      conflict: 'No longer on the list',
    },
  ] as const;
  for (const { action, operationId, summary, conflict } of entryActions) {
    routes.add({
      method: 'post',
      path: `/api/admin/events/:id/waiting-list/:entryId/${action}`,
      operationId,
      summary,
      tag: 'admin bookings',
      access: { action: 'bookings.write' },
      params: EntryParamsSchema,
      responses: {
        200: { description: 'The waiting list as it now is', schema: AdminWaitingListSchema },
        404: { description: '"Waiting-list entry not found"' },
        409: { description: conflict },
      },
      handler: async ({ admin, params }) => reply(200, await ports.useCase(AdminWaitingList)[action](admin, params.id, params.entryId)),
    });
  }
}
