import { z } from 'zod';
import { GetOutboxMessage, ListOutbox, MESSAGE_NOT_FOUND } from '../../../core/mail/list-outbox';
import { ResendOutboxMessage } from '../../../core/mail/resend-outbox-message';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema, OutboxListQuerySchema, OutboxListSchema, OutboxMessageResponseSchema } from '../../http/api-schemas';
import { sendWithHeaders } from '../../http/route-helpers';
import { saying } from '../../http/route-parts';

/**
 * The policy of a message's HTML shown in the admin panel: its own inline styles and embedded
 * images, nothing else (no scripts, no requests anywhere, no forms), in a sandbox of its own, and
 * only inside this site's pages.
 */
export const MAIL_HTML_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The admin's Mail screen, read (mail:read). */
const MAIL_READ = { tag: 'admin mail', access: { action: 'mail.read' } } as const;
const NOT_FOUND = saying(MESSAGE_NOT_FOUND);

/** The admin's Mail screen: the e-mails in the outbox, one message as it would be sent, and Resend. */
export function registerOutboxRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/outbox',
    operationId: 'adminListOutbox',
    summary: 'E-mails in the outbox, newest first (at most 200), optionally by status and by record (a booking id)',
    ...MAIL_READ,
    query: OutboxListQuerySchema,
    responses: { 200: { description: 'Messages', schema: OutboxListSchema } },
    handler: async ({ admin, query }) => reply(200, await ports.useCase(ListOutbox).execute(admin, query)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/outbox/:id',
    operationId: 'adminGetOutboxMessage',
    summary: 'One e-mail with its text and HTML as they would be sent, and its files by name',
    ...MAIL_READ,
    params: IdParamsSchema,
    responses: { 200: { description: 'The message', schema: OutboxMessageResponseSchema }, 404: NOT_FOUND },
    handler: async ({ admin, params }) => reply(200, { message: await ports.useCase(GetOutboxMessage).execute(admin, params.id) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/outbox/:id/html',
    operationId: 'adminGetOutboxMessageHtml',
    summary: "One e-mail's HTML as it would be sent, for the Mail screen's preview (sandboxed: no scripts, no outside requests)",
    ...MAIL_READ,
    params: IdParamsSchema,
    responses: { 200: { description: 'The HTML part', schema: z.string(), contentType: 'text/html' }, 404: NOT_FOUND },
    handler: async ({ admin, params, res }) => {
      const message = await ports.useCase(GetOutboxMessage).execute(admin, params.id);
      // Replaces the site's policy for this answer alone: the message's inline styles apply, nothing runs.
      return sendWithHeaders(
        res,
        { 'Content-Security-Policy': MAIL_HTML_POLICY, 'X-Frame-Options': 'SAMEORIGIN', 'Content-Type': 'text/html; charset=utf-8' },
        message.html,
      );
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/outbox/:id/resend',
    operationId: 'adminResendOutboxMessage',
    summary: 'Send a sent or failed e-mail again: queued, due now, with a fresh day of tries',
    tag: 'admin mail',
    access: { action: 'mail.resend' },
    params: IdParamsSchema,
    responses: {
      200: { description: 'Queued again', schema: OutboxMessageResponseSchema },
      404: NOT_FOUND,
      409: { description: '"This e-mail is already waiting to be sent" (a queued message is left as it is)' },
    },
    handler: async ({ admin, params }) => reply(200, { message: await ports.useCase(ResendOutboxMessage).execute(admin, params.id) }),
  });
}
