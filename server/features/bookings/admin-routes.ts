import { z } from 'zod';
import { AdminBookingActions } from '../../../core/bookings/admin-booking-actions';
import {
  AdminBookingSchema,
  AdminCancelRequestSchema,
  AdminCorrectRequestSchema,
  AdminMarkPaidRequestSchema,
  AdminRefundRequestSchema,
} from '../../../core/bookings/admin-booking-schema';
import { ListAudit } from '../../../core/audit/list-audit';
import { AuditListSchema, AuditQuerySchema } from '../../../core/audit/audit-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';
import { BOOKING_NOT_FOUND } from '../../http/route-parts';

const ResentSchema = z.object({ queued: z.number().int() });
const ReferenceParamsSchema = z.object({ reference: z.string().min(1).max(40) });

/**
 * What admins do to a booking's state (bookings:write): the same route but for its last word, its
 * body, the use case's method and the words; each answers the booking as it now is.
 */
interface BookingChange {
  path: `/api/admin/bookings/:id/${string}`;
  operationId: string;
  summary: string;
  body: z.ZodType;
  /** What the answer shows. */
  done: string;
  change: 'cancel' | 'refund' | 'markPaid';
  /** Its 400 answer. */
  bad: string;
}

const BOOKINGS_READ = { tag: 'admin bookings', access: { action: 'bookings.read' } } as const;
const BOOKINGS_WRITE = { tag: 'admin bookings', access: { action: 'bookings.write' } } as const;

const REFUSALS = {
  404: BOOKING_NOT_FOUND,
  409: { description: 'The booking is not in a state that allows it (e.g. "This booking is already cancelled.", not enough places left)' },
} as const;

/**
 * One booking's detail and what admins do to it (bookings:write), and the audit log (audit:read).
 * Every change answers the booking as it now is, with its history.
 */
export function registerBookingAdminRoutes(routes: ApiRoutes, ports: AppContainer): void {
  const actions = () => ports.useCase(AdminBookingActions);

  routes.add({
    method: 'get',
    path: '/api/admin/bookings/:id',
    operationId: 'adminGetBooking',
    summary: 'One booking with its state, what may be done to it, and its history',
    ...BOOKINGS_READ,
    params: IdParamsSchema,
    responses: { 200: { description: 'The booking', schema: AdminBookingSchema }, 404: REFUSALS[404] },
    handler: async ({ admin, params }) => reply(200, await actions().get(admin, params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/booking-references/:reference',
    operationId: 'adminFindBookingByReference',
    summary: 'The booking with this short reference (KYC-7F3K9; any case, spaces and dashes, the prefix optional)',
    ...BOOKINGS_READ,
    params: ReferenceParamsSchema,
    responses: {
      200: { description: 'The booking', schema: AdminBookingSchema },
      400: { description: 'Not a booking reference ("Booking references look like KYC-7F3K9…")' },
      404: { description: 'No booking has this reference ("No booking has the reference KYC-7F3K9.")' },
    },
    handler: async ({ admin, params }) => reply(200, await actions().findByReference(admin, params.reference)),
  });

  const changes: readonly BookingChange[] = [
    {
      path: '/api/admin/bookings/:id/cancel',
      operationId: 'adminCancelBooking',
      summary:
        'Cancels the booking, releasing its places, and tells the member the reason if one is given; with refund, a paid booking is refunded in full (a card by the gateway, cash or a transfer left "To refund by hand" and the admins told)',
      body: AdminCancelRequestSchema,
      done: 'Cancelled',
      change: 'cancel',
      bad: '"The reason must be 2000 characters or fewer." (fields.reason), or a body not as described',
    },
    {
      path: '/api/admin/bookings/:id/refund',
      operationId: 'adminRefundBooking',
      summary: 'Tries a failed refund again (card), or records a cash or transfer refund as handed back',
      body: AdminRefundRequestSchema,
      done: 'The refund as it now stands',
      change: 'refund',
      bad: 'A body not as described (e.g. a reference over 200 characters)',
    },
    {
      path: '/api/admin/bookings/:id/mark-paid',
      operationId: 'adminMarkBookingPaid',
      summary: 'Marks an unpaid booking paid by cash or bank transfer (method and reference recorded)',
      body: AdminMarkPaidRequestSchema,
      done: 'Paid',
      change: 'markPaid',
      bad: 'A body not as described (e.g. a method other than cash or transfer)',
    },
  ];
  for (const { done, change, bad, ...route } of changes) {
    routes.add({
      method: 'post',
      ...route,
      ...BOOKINGS_WRITE,
      params: IdParamsSchema,
      responses: { 200: { description: done, schema: AdminBookingSchema }, 400: { description: bad }, ...REFUSALS },
      handler: async ({ admin, params, body }) => {
        await actions()[change](admin, params.id, body);
        return reply(200, await actions().get(admin, params.id));
      },
    });
  }

  routes.add({
    method: 'patch',
    path: '/api/admin/bookings/:id',
    operationId: 'adminUpdateBooking',
    summary: "Corrects the booking's name, e-mail, counts and boat name (the booking form's rules, within capacity)",
    ...BOOKINGS_WRITE,
    params: IdParamsSchema,
    body: AdminCorrectRequestSchema,
    responses: {
      200: { description: 'Corrected', schema: AdminBookingSchema },
      400: { description: 'A field breaks the booking rules (per-field messages)' },
      ...REFUSALS,
    },
    handler: async ({ admin, params, body }) => {
      await actions().correct(admin, params.id, body);
      return reply(200, await actions().get(admin, params.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/bookings/:id/resend',
    operationId: 'adminResendBookingConfirmation',
    summary: "Writes the booking's confirmation to the outbox again",
    ...BOOKINGS_WRITE,
    params: IdParamsSchema,
    responses: { 200: { description: 'Queued', schema: ResentSchema }, ...REFUSALS },
    handler: async ({ admin, params }) => reply(200, await actions().resend(admin, params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/audit',
    operationId: 'adminListAuditLog',
    summary: 'The audit log, newest first, by record and by admin',
    tag: 'admin audit',
    access: { action: 'audit.read' },
    query: AuditQuerySchema,
    responses: { 200: { description: 'Entries', schema: AuditListSchema } },
    handler: async ({ admin, query }) => reply(200, await ports.useCase(ListAudit).execute(admin, query)),
  });
}
