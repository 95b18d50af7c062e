import { AfloatMarkSchema, AttendanceMarkSchema, CHECK_IN_MESSAGES } from '../../../core/check-in/attendance';
import { GetOfficerDay } from '../../../core/check-in/get-officer-day';
import { MarkAfloat } from '../../../core/check-in/mark-afloat';
import { ManageWalkIns } from '../../../core/check-in/manage-walk-ins';
import { MarkAttendance } from '../../../core/check-in/mark-attendance';
import type { WalkInOutcome } from '../../../core/check-in/attendance-store.port';
import { AddWalkInSchema, WALK_IN_MESSAGES, WalkInAfloatMarkSchema } from '../../../core/check-in/walk-in';
import {
  AfloatMarkAnswerSchema,
  AttendanceConflictSchema,
  AttendanceMarkAnswerSchema,
  OfficerDaySchema,
  WalkInAnswerSchema,
} from '../../../core/check-in/officer-day-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';
import { BOOKING_NOT_FOUND, EVENT_NOT_FOUND, saying } from '../../http/route-parts';

const CHECK_IN = { tag: 'admin check-in', access: { action: 'bookings.write' } } as const;

/** The officer of the day's page and check-in (docs/officer-of-the-day.md). */
export function registerCheckInRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/officer-day',
    operationId: 'adminGetOfficerDay',
    summary:
      "The officer of the day's page: today's and tomorrow's events (London dates), each with its standing bookings and their attendance, its duty roster with the holders' phones and emergency contacts, and its go/no-go panel; and the club's emergency numbers",
    ...CHECK_IN,
    responses: { 200: { description: 'The days', schema: OfficerDaySchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetOfficerDay).execute(admin)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/bookings/:id/attendance',
    operationId: 'adminMarkAttendance',
    summary:
      'Check in a booking: the number arrived (0 to its attendees, the ticked named attendees counted in it) and its named attendees ticked, with a key made on the device (a UUID: a key applied before is not applied again) and the version the officer saw',
    ...CHECK_IN,
    params: IdParamsSchema,
    body: AttendanceMarkSchema,
    responses: {
      200: { description: 'Applied, or repeated (this key was applied before): the attendance as it now stands', schema: AttendanceMarkAnswerSchema },
      404: BOOKING_NOT_FOUND,
      409: {
        description: `"${CHECK_IN_MESSAGES.conflict}": another officer changed it since the version sent; nothing changed, the attendance as it now stands. Or "${CHECK_IN_MESSAGES.cancelled}"`,
        schema: AttendanceConflictSchema,
      },
    },
    handler: async ({ admin, params, body }) => {
      const outcome = await ports.useCase(MarkAttendance).execute(admin, params.id, body);
      if (outcome.result === 'conflict') {
        return reply(409, { message: `${CHECK_IN_MESSAGES.conflict}: now ${outcome.attendance.arrived} arrived`, attendance: outcome.attendance });
      }
      return reply(200, { result: outcome.result, attendance: outcome.attendance });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/bookings/:id/afloat',
    operationId: 'adminMarkAfloat',
    summary:
      'The tally board: mark a named attendee of a booking (the booker as "booker", household people by id) afloat (only one ticked as arrived) or back ashore, with a key made on the device (a UUID: a key applied before is not applied again) and when the officer made the mark (the last mark by this time wins)',
    ...CHECK_IN,
    params: IdParamsSchema,
    body: AfloatMarkSchema,
    responses: {
      200: { description: 'Applied, or repeated (this key was applied before): the attendance as it now stands', schema: AfloatMarkAnswerSchema },
      404: BOOKING_NOT_FOUND,
      409: { description: `"${CHECK_IN_MESSAGES.cancelled}"` },
    },
    handler: async ({ admin, params, body }) => {
      const outcome = await ports.useCase(MarkAfloat).execute(admin, params.id, body);
      return reply(200, { result: outcome.result, attendance: outcome.attendance });
    },
  });
  // Walk-ins (docs/officer-of-the-day.md#walk-ins): each added by an id made on the officer's
  // device, so an add, removal or afloat mark sent again from the queue applies once.
  const WALK_IN_NOT_FOUND = saying(WALK_IN_MESSAGES.notFound);
  const answer = (outcome: WalkInOutcome) =>
    reply(200, { result: outcome.result === 'applied' ? ('applied' as const) : ('repeated' as const), walkIn: outcome.walkIn });

  routes.add({
    method: 'post',
    path: '/api/admin/events/:id/walk-ins',
    operationId: 'adminAddWalkIn',
    summary:
      "Add a walk-in (one person who came without a booking) to the event's sheet: name, and optionally a phone and an emergency contact; by an id made on the device (a UUID: an id added before, or removed since, is not added again). Takes no booking place",
    ...CHECK_IN,
    params: IdParamsSchema,
    body: AddWalkInSchema,
    responses: {
      200: { description: 'Added, or repeated (this id was added before): the walk-in as it now stands (null when removed since)', schema: WalkInAnswerSchema },
      404: EVENT_NOT_FOUND,
      409: { description: `"${WALK_IN_MESSAGES.eventCancelled}"` },
    },
    handler: async ({ admin, params, body }) => answer(await ports.useCase(ManageWalkIns).add(admin, params.id, body)),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/walk-ins/:id',
    operationId: 'adminRemoveWalkIn',
    summary: 'Remove a walk-in added by mistake; its details are erased at once. Removing it again changes nothing (repeated)',
    ...CHECK_IN,
    params: IdParamsSchema,
    responses: {
      200: { description: 'Removed, or repeated (removed before): walkIn is the one removed, or null', schema: WalkInAnswerSchema },
      404: WALK_IN_NOT_FOUND,
    },
    handler: async ({ admin, params }) => answer(await ports.useCase(ManageWalkIns).remove(admin, params.id)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/walk-ins/:id/afloat',
    operationId: 'adminMarkWalkInAfloat',
    summary:
      'The tally board for a walk-in: afloat or back ashore, with a key made on the device (a UUID: a key applied before is not applied again) and when the officer made the mark (the last mark by this time wins)',
    ...CHECK_IN,
    params: IdParamsSchema,
    body: WalkInAfloatMarkSchema,
    responses: {
      200: { description: 'Applied, or repeated (this key was applied before): the walk-in as it now stands', schema: WalkInAnswerSchema },
      404: WALK_IN_NOT_FOUND,
    },
    handler: async ({ admin, params, body }) => answer(await ports.useCase(ManageWalkIns).markAfloat(admin, params.id, body)),
  });
}
