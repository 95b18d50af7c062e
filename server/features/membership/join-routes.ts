import {
  ApplicationAnswerSchema,
  ApplicationListSchema,
  ApplicationPaymentResultSchema,
  AppliedSchema,
  DeclineApplicationRequestSchema,
  JoinClub,
  JoinOfferSchema,
  PayApplicationRequestSchema,
} from '../../../core/operations/join-club';
import { ApplyRequestSchema } from '../../../core/membership/membership-application';
import { IdParamsSchema } from '../../http/api-schemas';
import type { AppConfig } from '../../config';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { configuredBookingRateLimits } from '../../http/rate-limits';
import { CROSS_SITE } from '../../http/route-parts';

const MEMBERS_WRITE = { action: 'members.write' } as const;
const APPLICATION_NOT_FOUND = { description: '"Application not found"' };

/** Joining the club online (docs/membership.md#joining): the public application and its card step, and the admins' admission. */
export function registerJoinRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig): void {
  const JOINING = { tag: 'membership', access: 'public' } as const;
  routes.add({
    method: 'get',
    path: '/api/membership/join',
    operationId: 'getJoinOffer',
    summary:
      'What joining offers today: the categories sold online and not withdrawn, each with its joining price (discount included) and the date it pays until, and the admission mode',
    ...JOINING,
    responses: { 200: { description: 'The offer', schema: JoinOfferSchema } },
    handler: async () => reply(200, await ports.useCase(JoinClub).offer()),
  });
  routes.add({
    method: 'post',
    path: '/api/membership/applications',
    operationId: 'applyToJoin',
    summary:
      "Apply to join: the applicant's details, a household category's other people, the category, the club's rules and privacy notice accepted and the duties pledged. Never says whether the e-mail belongs to a member. With admission after payment, the checkout of the card step",
    ...JOINING,
    body: ApplyRequestSchema,
    // An application writes and is charged: it counts against the bookings' per-address limits.
    before: configuredBookingRateLimits(ports, config),
    responses: {
      201: { description: 'Submitted: the application id, the price, and the checkout id (null when the club admits before payment)', schema: AppliedSchema },
      400: {
        description:
          'Per field: "Enter your first name", "Choose a membership", "Please accept the club\'s rules and privacy notice", "Please pledge the {n} duties this membership expects", ...',
      },
      403: CROSS_SITE,
      429: { description: 'Too many bookings or applications from this client address' },
    },
    handler: async ({ body }) => reply(201, await ports.useCase(JoinClub).apply(body)),
  });
  routes.add({
    method: 'post',
    path: '/api/membership/applications/pay',
    operationId: 'payApplication',
    summary: "Pay an application's joining order with the card form's one-time token; recorded once however often it and the webhook come",
    ...JOINING,
    body: PayApplicationRequestSchema,
    before: configuredBookingRateLimits(ports, config),
    responses: {
      200: { description: 'COMPLETED (alreadyPaid when it was before), or FAILED (declined card)', schema: ApplicationPaymentResultSchema },
      400: { description: '"This application is not paid online: the club admits applicants before payment"' },
      402: { description: '"This application can no longer be paid"' },
      403: CROSS_SITE,
      404: APPLICATION_NOT_FOUND,
      429: { description: 'Too many bookings or applications from this client address' },
      502: { description: 'The payment provider failed or could not be reached' },
    },
    handler: async ({ body }) => reply(200, await ports.useCase(JoinClub).pay(body)),
  });

  const ADMIN = { tag: 'admin membership', access: MEMBERS_WRITE } as const;
  routes.add({
    method: 'get',
    path: '/api/admin/membership/applications',
    operationId: 'adminListApplications',
    summary:
      'Every application to join, newest first, with its state (submitted, paid, admitted, declined, expired) and any member already holding one of its e-mails',
    ...ADMIN,
    responses: { 200: { description: 'The applications', schema: ApplicationListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(JoinClub).list(admin)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/membership/applications/:id/admit',
    operationId: 'adminAdmitApplication',
    summary:
      'Admit an application: its members (and household) are created once with the category and renewal date, and the welcome mail with a sign-in link goes',
    ...ADMIN,
    params: IdParamsSchema,
    responses: {
      200: { description: 'Admitted', schema: ApplicationAnswerSchema },
      400: { description: '"This application is not paid yet: the club admits applicants after payment"' },
      404: APPLICATION_NOT_FOUND,
      409: { description: '"This application was already admitted, declined or expired", or an e-mail belongs to a member' },
    },
    handler: async ({ admin, params }) => reply(200, { application: await ports.useCase(JoinClub).admit(admin, params.id) }),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/membership/applications/:id/decline',
    operationId: 'adminDeclineApplication',
    summary: 'Decline an open application with a reason said to the applicant; a card payment is refunded through the payments port',
    ...ADMIN,
    params: IdParamsSchema,
    body: DeclineApplicationRequestSchema,
    responses: {
      200: { description: 'Declined (refund: refunded, by-hand, or null when nothing was paid)', schema: ApplicationAnswerSchema },
      400: { description: '"Say why the application is declined"' },
      404: APPLICATION_NOT_FOUND,
      409: { description: '"This application was already admitted, declined or expired"' },
    },
    handler: async ({ admin, params, body }) => reply(200, { application: await ports.useCase(JoinClub).decline(admin, params.id, body) }),
  });
}
