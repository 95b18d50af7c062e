import {
  CreateMembershipCategory,
  GetMembershipSettings,
  ListMembershipCategories,
  ListOfferedMembershipCategories,
  SaveMembershipSettings,
  UpdateMembershipCategory,
} from '../../../core/membership/membership-admin';
import {
  MembershipCategoryAnswerSchema,
  MembershipCategoryListSchema,
  MembershipSettingsAnswerSchema,
  OfferedCategoryListSchema,
} from '../../../core/membership/membership-schema';
import { MEMBERSHIP_FORM_MESSAGES, MembershipCategoryFormValuesSchema, MembershipSettingsFormValuesSchema } from '../../../core/membership/membership-forms';
import {
  PayRenewalRequestSchema,
  RenewalOfferSchema,
  RenewalPaymentResultSchema,
  RenewOnline,
  StartedRenewalSchema,
  StartRenewalRequestSchema,
} from '../../../core/my-club/renew-online';
import { z } from 'zod';
import { FiguresQuerySchema, MembershipFiguresSchema } from '../../../core/membership/membership-figures';
import { MembershipFiguresReport } from '../../../core/membership/membership-figures-report';
import {
  MembershipOrders,
  OrderCancelAnswerSchema,
  OrderRefundAnswerSchema,
  OfflinePaymentAnswerSchema,
  OfflinePaymentRequestSchema,
  OpenOfflineOrderListSchema,
} from '../../../core/membership/membership-orders';
import { IdParamsSchema } from '../../http/api-schemas';
import type { AppContainer } from '../../container';
import { CROSS_SITE } from '../../http/route-parts';
import { AdminCollection } from '../../http/admin-collection';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { saying } from '../../http/route-parts';
import { sendCsvDownload } from '../../http/route-helpers';

/** Every admin membership route: members:write reads and changes (decisions, fourth phase). */
const MEMBERS_WRITE = { action: 'members.write' } as const;
const NAME_TAKEN = { description: '"There is already a category called {name}" (names are compared case-insensitively)' };

/**
 * Membership categories and settings (docs/membership.md#administering-categories-and-settings).
 * Categories are never deleted: an admin withdraws one, which its holders keep.
 */
export function registerMembershipRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    access: 'public',
    path: '/api/membership/categories',
    operationId: 'listOfferedMembershipCategories',
    summary: 'The membership categories anyone may buy online (not withdrawn), by name, with their prices for a whole membership year in minor units',
    tag: 'membership',
    responses: { 200: { description: 'The categories offered', schema: OfferedCategoryListSchema } },
    handler: async () => reply(200, await ports.useCase(ListOfferedMembershipCategories).execute()),
  });

  // Renewing online from My club (docs/membership.md#renewing-online): the signed-in member's own renewal only.
  const RENEWING = { tag: 'my club', access: 'member' } as const;
  routes.add({
    method: 'get',
    path: '/api/my/renewal',
    operationId: 'getMyRenewal',
    summary:
      'What renewing offers the signed-in member: status, category, renewal date, whether renewal is open (and from when), and the categories they may choose with their price, the date each pays until and the duties it expects',
    ...RENEWING,
    responses: { 200: { description: 'The offer', schema: RenewalOfferSchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(RenewOnline).offer(member)),
  });
  routes.add({
    method: 'post',
    path: '/api/my/renewal',
    operationId: 'startMyRenewal',
    summary:
      "Start a renewal: the chosen category, the confirmed phone and emergency contact (saved as My details saves them), the club's rules and privacy notice accepted, the duties pledged, and card, cash or transfer. Quotes an open order; for a card, its checkout",
    ...RENEWING,
    body: StartRenewalRequestSchema,
    responses: {
      201: { description: 'The open order, and its checkout id for a card (null for cash or transfer: an admin confirms)', schema: StartedRenewalSchema },
      400: {
        description:
          'Per field (details, acceptance, pledge, category), or the renewal refused: "Renewal is not open yet: you can renew from {date}.", "A life membership is never renewed.", ...',
      },
      403: CROSS_SITE,
    },
    handler: async ({ member, body }) => reply(201, await ports.useCase(RenewOnline).start(member, body)),
  });
  routes.add({
    method: 'post',
    path: '/api/my/renewal/pay',
    operationId: 'payMyRenewal',
    summary: "Pay the signed-in member's open card renewal with the card form's one-time token; recorded once however often it and the webhook come",
    ...RENEWING,
    body: PayRenewalRequestSchema,
    responses: {
      200: {
        description: 'COMPLETED with the renewal date now (alreadyPaid when it was before; refunded when it bought nothing), or FAILED (declined)',
        schema: RenewalPaymentResultSchema,
      },
      400: { description: '"This renewal is paid in cash or by transfer: an admin confirms it"' },
      402: { description: '"This renewal can no longer be paid. Please start again."' },
      403: CROSS_SITE,
      404: { description: '"Renewal not found" (another member\'s order too)' },
      502: { description: 'The payment provider failed or could not be reached' },
    },
    handler: async ({ member, body }) => reply(200, await ports.useCase(RenewOnline).pay(member, body)),
  });

  const categories = new AdminCollection(routes, {
    path: '/api/admin/membership/categories',
    tag: 'admin membership',
    read: MEMBERS_WRITE,
    write: MEMBERS_WRITE,
    notFound: saying(MEMBERSHIP_FORM_MESSAGES.categoryNotFound),
  });
  categories.list({
    operationId: 'adminListMembershipCategories',
    summary: 'Every membership category, withdrawn ones too, by name',
    responses: { 200: { description: 'The categories', schema: MembershipCategoryListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ListMembershipCategories).execute(admin)),
  });
  categories.create({
    operationId: 'adminCreateMembershipCategory',
    summary: 'Add a membership category (price as decimal text, duties as a whole number); its id is made from its name',
    body: MembershipCategoryFormValuesSchema,
    responses: { 201: { description: 'Added', schema: MembershipCategoryAnswerSchema }, 409: NAME_TAKEN },
    handler: async ({ admin, body }) => reply(201, { category: await ports.useCase(CreateMembershipCategory).execute(admin, body) }),
  });
  categories.update({
    operationId: 'adminUpdateMembershipCategory',
    summary: 'Change a membership category, or withdraw it (its holders keep it; it is no longer offered); its id never changes',
    body: MembershipCategoryFormValuesSchema,
    responses: { 200: { description: 'Changed', schema: MembershipCategoryAnswerSchema }, 409: NAME_TAKEN },
    handler: async ({ admin, params, body }) => reply(200, { category: await ports.useCase(UpdateMembershipCategory).execute(admin, params.id, body) }),
  });

  // Cash and transfer renewals waiting for an admin (docs/membership.md#renewing-online).
  routes.add({
    method: 'get',
    path: '/api/admin/membership/orders',
    operationId: 'adminListOpenOfflineOrders',
    summary: "The open membership orders to be paid in cash or by transfer, oldest first, with the member's name",
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    responses: { 200: { description: 'The orders', schema: OpenOfflineOrderListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(MembershipOrders).listOpenOffline(admin)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/membership/orders/:id/paid',
    operationId: 'adminConfirmOfflinePayment',
    summary: 'Confirm that an order was paid in cash or by transfer: the renewal dates move once (confirming twice records it once), audited',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    params: IdParamsSchema,
    body: OfflinePaymentRequestSchema,
    responses: {
      200: { description: '`applied`, `already-applied`, or `refund` when it bought nothing; the order as stored', schema: OfflinePaymentAnswerSchema },
      404: { description: '"Membership order not found"' },
    },
    handler: async ({ admin, params, body }) => {
      const { result, order } = await ports.useCase(MembershipOrders).confirmOfflinePayment(admin, params.id, body);
      return reply(200, { result, order });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/membership/orders/:id/cancel',
    operationId: 'adminCancelOfflineOrder',
    summary: 'Cancel an open cash or transfer order the member will not pay: a payment recorded on it later buys nothing and is refunded; audited',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The order as stored, `cancelled`', schema: OrderCancelAnswerSchema },
      400: { description: '"Only an open cash or transfer order can be cancelled here" (a card order)' },
      404: { description: '"Membership order not found"' },
      409: { description: '"This order is no longer open: it was paid or closed meanwhile"' },
    },
    handler: async ({ admin, params }) => reply(200, { order: await ports.useCase(MembershipOrders).cancelOffline(admin, params.id) }),
  });

  // The secretary's and treasurer's figures (docs/membership.md#figures-refunds-and-the-csv): money needs bookings:write too.
  const YEAR_REFUSED = { 400: { description: '"Give the year as four digits, e.g. 2026"' } };
  const MONEY_REFUSED = {
    403: {
      description: 'Without members:write, or (for money) without bookings:write: "You do not have permission to see or refund membership payments."',
      schema: ErrorResponseSchema,
    },
  };
  routes.add({
    method: 'get',
    path: '/api/admin/membership/figures',
    operationId: 'adminGetMembershipFigures',
    summary:
      'A membership year’s figures (the current one unless `year` is given): who is due, lapsed and renewed, counts per category; with bookings:write also the money per category, by method, and refunds (null without it)',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    query: FiguresQuerySchema,
    responses: { 200: { description: 'The figures', schema: MembershipFiguresSchema }, ...YEAR_REFUSED },
    handler: async ({ admin, query }) => reply(200, await ports.useCase(MembershipFiguresReport).figures(admin, query)),
  });
  routes.add({
    method: 'get',
    path: '/api/admin/membership/payments.csv',
    operationId: 'adminExportMembershipPaymentsCsv',
    summary:
      'The membership year’s payments as a CSV download: one row per payment and one per refund (order, date, member, category, method, amount, refunded), formula-safe; needs bookings:write too',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    query: FiguresQuerySchema,
    responses: { 200: { description: 'CSV', schema: z.string(), contentType: 'text/csv' }, ...YEAR_REFUSED, ...MONEY_REFUSED },
    handler: async ({ admin, query, res }) => sendCsvDownload(res, await ports.useCase(MembershipFiguresReport).csv(admin, query), 'membership_payments.csv'),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/membership/orders/:id/refund',
    operationId: 'adminRefundMembershipOrder',
    summary:
      'Refund a paid membership order in full: a card through the payment provider (once, however often asked), cash or transfer recorded as handed back by hand; audited; the renewal dates stay. Needs bookings:write too',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    params: IdParamsSchema,
    responses: {
      200: { description: '`refunded`, or `already-refunded`; the order as stored', schema: OrderRefundAnswerSchema },
      400: { description: '"Only a paid membership order can be refunded"' },
      402: { description: 'The payment provider refused the refund (its words)' },
      404: { description: '"Membership order not found"' },
      502: { description: 'The payment provider failed or could not be reached: ask again (the same refund, never a second)' },
      ...MONEY_REFUSED,
    },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(MembershipOrders).refund(admin, params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/membership/settings',
    operationId: 'adminGetMembershipSettings',
    summary: 'The membership settings: the defaults until an admin saves them',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    responses: { 200: { description: 'The settings', schema: MembershipSettingsAnswerSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetMembershipSettings).execute(admin)),
  });
  routes.add({
    method: 'put',
    path: '/api/admin/membership/settings',
    operationId: 'adminSaveMembershipSettings',
    summary:
      'Save the membership settings: the year (fixed from a day, or rolling), renewal window, reminder days, joining discount, admission and application expiry',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    body: MembershipSettingsFormValuesSchema,
    responses: { 200: { description: 'Saved', schema: MembershipSettingsAnswerSchema } },
    handler: async ({ admin, body }) => reply(200, await ports.useCase(SaveMembershipSettings).execute(admin, body)),
  });
}
