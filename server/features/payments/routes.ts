import type { Request, Response } from 'express';
import { NotFoundError } from '../../../core/shared/errors';
import type { PaymentGateway } from '../../../core/payments/payment-gateway.port';
import { checkoutProof, GetCheckout } from '../../../core/bookings/get-checkout';
import { CompletePaymentRequestSchema, ConfirmPayment } from '../../../core/bookings/confirm-payment';
import { RenewOnline } from '../../../core/my-club/renew-online';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { BOOKING_NOT_FOUND } from '../../http/route-parts';
import { readCookie } from '../../http/auth';
import { CheckoutParamsSchema, CheckoutResponseSchema, GatewayParamsSchema, PaymentCompletedSchema, WebhookAnswerSchema } from '../../http/api-schemas';

/** The cookie holding the proof of the browser that booked (docs/payments.md#who-sees-a-checkout). */
export const CHECKOUT_PROOF_COOKIE = 'kyc_checkout';

/** The checkout's own read: the one address its proof cookie is sent to. */
function checkoutPath(checkoutId: string): string {
  return `/api/payments/checkouts/${encodeURIComponent(checkoutId)}`;
}

/**
 * Gives the browser that booked the proof that it did, for its checkout's manage link: HttpOnly
 * (no script reads it), SameSite=Strict (the payment page asks from our own origin) and sent only
 * to this checkout's read, so every checkout a browser opens keeps its own.
 */
export function setCheckoutProofCookie(ports: AppContainer, req: Request, res: Response, bookingId: string, checkoutId: string): void {
  const { proof, maxAgeMs } = checkoutProof(ports.get('checkoutLinks'), bookingId, ports.get('clock').now());
  res.cookie(CHECKOUT_PROOF_COOKIE, proof, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: checkoutPath(checkoutId), maxAge: maxAgeMs });
}

/** Where the raw-body parser is mounted (app.ts), ahead of the JSON parser. */
export const WEBHOOKS_PATH = '/api/webhooks';

export type WebPaymentsSettings = { applicationId: string | null; locationId: string; environment: 'sandbox' | 'production'; scriptUrl: string };

/** Square's card form settings, when the gateway in use has a browser-side form of its own. */
export function webPaymentsSettings(payments: PaymentGateway): WebPaymentsSettings | null {
  const withForm = payments as PaymentGateway & { webPaymentsSettings?: () => WebPaymentsSettings };
  return typeof withForm.webPaymentsSettings === 'function' ? withForm.webPaymentsSettings() : null;
}

/** Header values as the gateway port takes them: one text per name, lower-case names. */
function headerRecord(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Paying for a booking: members' routes, and the provider's notifications. */
const PAYING = { tag: 'payments', access: 'public' } as const;

export function registerPaymentRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/payments/checkouts/:checkoutId',
    operationId: 'getCheckout',
    summary:
      "What a checkout charges, for the card step of the booking page; once paid, the member's manage link only to the browser that booked (its kyc_checkout cookie)",
    ...PAYING,
    params: CheckoutParamsSchema,
    responses: {
      200: {
        description: 'The checkout; `paid` once the booking is paid, and `managePath` then only with the proof cookie the booking set (null without it)',
        schema: CheckoutResponseSchema,
      },
      404: BOOKING_NOT_FOUND,
    },
    handler: async ({ params, req }) => reply(200, await ports.useCase(GetCheckout).execute(params.checkoutId, readCookie(req, CHECKOUT_PROOF_COOKIE))),
  });

  routes.add({
    method: 'post',
    path: '/api/payments/complete',
    operationId: 'completePayment',
    summary: "Pay a checkout with the card form's one-time token",
    ...PAYING,
    body: CompletePaymentRequestSchema,
    responses: {
      200: {
        description: 'COMPLETED (the booking is paid; alreadyPaid when it was before) or FAILED (declined; the card can be changed)',
        schema: PaymentCompletedSchema,
      },
      402: { description: '"Your place was held for 30 minutes and has been released. Please book again."' },
      404: { description: '"Booking not found" (unknown or altered checkout id)' },
      502: { description: 'The payment provider failed or could not be reached' },
    },
    handler: async ({ body }) => reply(200, await ports.useCase(ConfirmPayment).execute({ source: 'card', ...body })),
  });

  routes.add({
    method: 'post',
    path: `${WEBHOOKS_PATH}/:gateway`,
    operationId: 'receivePaymentWebhook',
    summary: "The payment provider's signed notification (Square: /api/webhooks/square)",
    ...PAYING,
    params: GatewayParamsSchema,
    rawBody: { contentType: 'application/json', description: "The provider's event, exactly as signed" },
    responses: {
      200: {
        description:
          'Read: COMPLETED for a completed payment of one of our bookings (a replay changes nothing), IGNORED for anything else (not genuine, not a payment, not ours)',
        schema: WebhookAnswerSchema,
      },
      404: { description: 'Not the gateway in use' },
    },
    handler: async ({ params, req }) => {
      const payments = ports.get('payments');
      if (params.gateway !== payments.name) throw new NotFoundError('Not found');
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      // The test gateway checks the signature over the address the request reached; Square's
      // adapter uses the configured one, which a proxy may rewrite on its way here.
      const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
      // Read once, then routed by its reference: a membership order's (the order prefix,
      // docs/payments.md#checkout-ids-signed-carrying-their-amount), else a booking's.
      const notification = await payments.parseWebhook(rawBody, headerRecord(req), url);
      if (notification?.status === 'COMPLETED' && (await ports.useCase(RenewOnline).fromWebhook(notification))) return reply(200, { status: 'COMPLETED' });
      const result = await ports.useCase(ConfirmPayment).execute({ source: 'webhook', notification });
      return reply(200, { status: result.status });
    },
  });
}
