import { z } from 'zod';
import { LoginFormSchema, type Admin } from '../../core/admins/admin';
import { EventFormValuesSchema } from '../../core/events/event-form';
import { GetBookingsOverview } from '../../core/bookings/bookings-overview';
import { CreateAdmin, CreateAdminRequestSchema } from '../../core/admin-accounts/create-admin';
import { CreateEvent } from '../../core/events/create-event';
import { GetDashboard } from '../../core/operations/dashboard';
import { GetAdminEvent } from '../../core/operations/get-admin-event';
import { ListAdminEvents } from '../../core/operations/list-admin-events';
import { ListAdmins } from '../../core/admins/list-admins';
import { DeleteEvent } from '../../core/operations/delete-event';
import { GetEventBookings } from '../../core/operations/event-bookings';
import { ExportEventBookings } from '../../core/operations/export-event-bookings';
import { ListWorkDaySignups } from '../../core/work-days/list-work-day-signups';
import { SignIn } from '../../core/admins/sign-in';
import { UpdateAdmin, UpdateAdminRequestSchema } from '../../core/admin-accounts/update-admin';
import { UpdateEvent } from '../../core/operations/update-event';
import type { AppConfig } from '../config';
import type { AppContainer } from '../container';
import { reply, type ApiRoutes } from './api-routes';
import {
  AdminEventResponseSchema,
  AdminEventsResponseSchema,
  AdminResponseSchema,
  AdminsResponseSchema,
  AdminWorkDaysSchema,
  DashboardSchema,
  EventBookingsSchema,
  EventSavedSchema,
  IdParamsSchema,
  OverviewSchema,
  SessionResponseSchema,
  UidParamsSchema,
} from './api-schemas';
import { callerAddress, clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from './auth';
import { noContent, sendCsvDownload } from './route-helpers';
import { DELETED, EVENT_NOT_FOUND } from './route-parts';

/** The areas of the admin panel in the OpenAPI document; each route names its own permission. */
const SESSION = { tag: 'admin session' } as const;
const EVENTS = { tag: 'admin events' } as const;
const ACCOUNTS = { tag: 'admin accounts' } as const;
/** The bookings of events, read (bookings:read). */
const BOOKINGS_READ = { tag: 'admin bookings', access: { action: 'bookings.read' } } as const;

function sessionAdmin(admin: Pick<Admin, 'uid' | 'email' | 'name' | 'role' | 'permissions'>) {
  return { uid: admin.uid, email: admin.email, name: admin.name, role: admin.role, permissions: admin.permissions };
}

export function registerAdminRoutes(routes: ApiRoutes, ports: AppContainer, _config: AppConfig): void {
  routes.add({
    method: 'post',
    path: '/api/admin/session',
    operationId: 'adminSignIn',
    summary: 'Sign in; sets the session cookie',
    ...SESSION,
    access: 'public',
    body: LoginFormSchema,
    responses: {
      200: { description: 'Signed in', schema: SessionResponseSchema },
      401: { description: '"Invalid email or password" (also for a disabled admin, whatever the password)' },
      403: { description: '"Access denied. You do not have admin privileges." for a user with no admin record (or a cross-site request)' },
      429: { description: '"Too many failed login attempts. Please try again later."' },
      502: { description: '"Login failed. Please try again."' },
    },
    handler: async ({ body, req, res }) => {
      const result = await ports.useCase(SignIn).execute(body, { ip: callerAddress(req) });
      setSessionCookie(req, res, result.token, result.expiresAt.getTime() - ports.get('clock').now().getTime());
      return reply(200, { admin: sessionAdmin(result.admin) });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/session',
    operationId: 'adminGetSession',
    summary: 'The signed-in admin',
    ...SESSION,
    access: 'signed-in',
    responses: { 200: { description: 'Signed in', schema: SessionResponseSchema } },
    handler: async ({ admin }) => reply(200, { admin: sessionAdmin(admin) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/session',
    operationId: 'adminSignOut',
    summary: 'Sign out: ends the session and clears the cookie',
    ...SESSION,
    access: 'public',
    responses: { 204: { description: 'Signed out' } },
    handler: async ({ req, res }) => {
      const token = readCookie(req, SESSION_COOKIE);
      if (token) await ports.get('identity').revokeSession(token);
      clearSessionCookie(req, res);
      return reply(204);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/dashboard',
    operationId: 'adminGetDashboard',
    summary: 'Recent events and (with bookings:read) booking statistics',
    tag: 'admin',
    access: 'signed-in',
    responses: { 200: { description: 'Dashboard', schema: DashboardSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetDashboard).execute(admin)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events',
    operationId: 'adminListEvents',
    summary: 'Every event, date descending',
    ...EVENTS,
    access: { action: 'events.list' },
    responses: { 200: { description: 'Events', schema: AdminEventsResponseSchema } },
    handler: async ({ admin }) => reply(200, { events: await ports.useCase(ListAdminEvents).execute(admin) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id',
    operationId: 'adminGetEvent',
    summary: 'One event and its values for the edit form',
    ...EVENTS,
    access: { action: 'events.list' },
    params: IdParamsSchema,
    responses: {
      200: { description: 'The event', schema: AdminEventResponseSchema },
      404: EVENT_NOT_FOUND,
    },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetAdminEvent).execute(admin, params.id)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/events',
    operationId: 'adminCreateEvent',
    summary: 'Create an event',
    ...EVENTS,
    access: { action: 'events.create' },
    body: EventFormValuesSchema,
    responses: { 201: { description: 'Created', schema: EventSavedSchema } },
    handler: async ({ admin, body }) => reply(201, { event: await ports.useCase(CreateEvent).execute(admin, body) }),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/events/:id',
    operationId: 'adminUpdateEvent',
    summary: 'Update an event',
    ...EVENTS,
    access: { action: 'events.update' },
    params: IdParamsSchema,
    body: EventFormValuesSchema,
    responses: {
      200: { description: 'Updated', schema: EventSavedSchema },
      400: { description: 'Field messages, among them fields.capacity "8 places are already taken: capacity cannot be less than 8." for a capacity below the places taken' },
      404: EVENT_NOT_FOUND,
      409: { description: '"This event was changed by someone else meanwhile. Please reload it and make your change again." (changed after it was read, e.g. cancelled)' },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(UpdateEvent).executeTelling(admin, params.id, body)),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/events/:id',
    operationId: 'adminDeleteEvent',
    summary: 'Delete an event that has no bookings',
    ...EVENTS,
    access: { action: 'events.delete' },
    params: IdParamsSchema,
    responses: {
      204: DELETED,
      404: EVENT_NOT_FOUND,
      409: { description: '"This event has bookings and cannot be deleted"' },
    },
    handler: async ({ admin, params }) => noContent(ports.useCase(DeleteEvent).execute(admin, params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/bookings',
    operationId: 'adminListBookings',
    summary: 'Bookings overview: events of the last 6 months and later, with counts and revenue',
    ...BOOKINGS_READ,
    responses: { 200: { description: 'Overview', schema: OverviewSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetBookingsOverview).execute(admin)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/bookings',
    operationId: 'adminListEventBookings',
    summary: "One event's bookings with a summary",
    ...BOOKINGS_READ,
    params: IdParamsSchema,
    responses: {
      200: { description: 'Bookings', schema: EventBookingsSchema },
      404: EVENT_NOT_FOUND,
    },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetEventBookings).execute(admin, params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/bookings.csv',
    operationId: 'adminExportEventBookingsCsv',
    summary: "One event's bookings as a CSV download",
    ...BOOKINGS_READ,
    params: IdParamsSchema,
    responses: {
      200: { description: 'CSV', schema: z.string(), contentType: 'text/csv' },
      404: EVENT_NOT_FOUND,
    },
    handler: async ({ admin, params, res }) => sendCsvDownload(res, await ports.useCase(ExportEventBookings).execute(admin, params.id), 'bookings.csv'),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/admins',
    operationId: 'adminListAdmins',
    summary: 'Every admin account with role and permissions',
    ...ACCOUNTS,
    access: 'signed-in',
    responses: { 200: { description: 'Admins', schema: AdminsResponseSchema } },
    handler: async ({ admin }) => reply(200, { admins: await ports.useCase(ListAdmins).execute(admin) }),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/admins',
    operationId: 'adminCreateAdmin',
    summary: 'Add an admin account',
    ...ACCOUNTS,
    access: { action: 'admins.manage' },
    body: CreateAdminRequestSchema,
    responses: {
      201: { description: 'Created', schema: AdminResponseSchema },
      409: { description: 'The e-mail is taken' },
    },
    handler: async ({ admin, body }) => reply(201, { admin: await ports.useCase(CreateAdmin).execute(admin, body) }),
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/admins/:uid',
    operationId: 'adminUpdateAdmin',
    summary: "Change an admin's name or permissions, or disable or enable the account",
    ...ACCOUNTS,
    access: { action: 'admins.manage' },
    params: UidParamsSchema,
    body: UpdateAdminRequestSchema,
    responses: {
      200: { description: 'Updated', schema: AdminResponseSchema },
      404: { description: 'No such admin' },
      400: { description: 'Bad input, or an admin disabling themself or removing their own admins:manage' },
    },
    handler: async ({ admin, params, body }) => reply(200, { admin: await ports.useCase(UpdateAdmin).execute(admin, params.uid, body) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/work-days',
    operationId: 'adminListWorkDays',
    summary: 'Every work day with its sign-ups',
    tag: 'admin work days',
    access: { action: 'workDays.read' },
    responses: { 200: { description: 'Work days', schema: AdminWorkDaysSchema } },
    handler: async ({ admin }) => reply(200, { workDays: await ports.useCase(ListWorkDaySignups).execute(admin) }),
  });
}
