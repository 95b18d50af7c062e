import { z } from 'zod';
import { WorkDaySignupFormSchema } from '../../core/work-days/work-day';
import type { ClubConfig } from '../../core/content/club-config';
import { GetDocumentFile, ListCampaigns, ListDocuments } from '../../core/content/club-content';
import { GetWaterLevels } from '../../core/water-levels/get-water-levels';
import { CONFIG_API_PATH, eventBookingPath } from '../../core/shared/paths';
import { GetEventForBooking } from '../../core/bookings/get-event-for-booking';
import { GetWorkDay } from '../../core/work-days/get-work-day';
import { GetMyBooking, MyBookingQuerySchema, MyBookingSchema } from '../../core/bookings/get-my-booking';
import { CancelMyBooking, CancelMyBookingRequestSchema } from '../../core/bookings/cancel-my-booking';
import { ChangeMyBooking, ChangeMyBookingRequestSchema } from '../../core/bookings/change-my-booking';
import { BookingChangeQuoteSchema } from '../../core/bookings/booking-amendment';
import { ListCalendarEvents } from '../../core/calendar/list-calendar-events';
import { ListCalendarWorkDays } from '../../core/calendar/list-calendar-work-days';
import { ListWorkDays } from '../../core/work-days/list-work-days';
import { SearchSite } from '../../core/search/search';
import { RequestPasswordReset } from '../../core/admin-accounts/request-password-reset';
import { SignUpForWorkDay } from '../../core/work-days/sign-up-for-work-day';
import { SubmitBooking, SubmitBookingRequestSchema, TOO_MANY_PLACES_HELD } from '../../core/operations/submit-booking';
import { ListHouseholdAttendees } from '../../core/members/household-members';
import { currentMemberOf } from './member-sign-in-routes';
import type { AppConfig } from '../config';
import type { AppContainer } from '../container';
import { ErrorResponseSchema, reply, SENT, type ApiRoutes } from './api-routes';
import { DOCUMENT_NOT_FOUND, EVENT_NOT_FOUND, PAGE_READ, WORK_DAY_NOT_FOUND } from './route-parts';
import type { CalendarAnswerCache } from './calendar-answer-cache';
import { sendWithHeaders } from './route-helpers';
import { clientAddressKey, configuredBookingRateLimits, configuredWorkDaySignupRateLimits, TOO_MANY_BOOKINGS_DAY, TOO_MANY_BOOKINGS_MINUTE } from './booking-rate-limit';
import { adminBehind } from './auth';
import { registerPaymentRoutes, setCheckoutProofCookie, webPaymentsSettings } from './payment-routes';
import { listedDocument } from './document-admin-routes';
import {
  BookingCreatedSchema,
  CampaignsResponseSchema,
  DocumentsResponseSchema,
  EventResponseSchema,
  EventsResponseSchema,
  HealthSchema,
  IdParamsSchema,
  PublicConfigSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  SignupCreatedSchema,
  WaterLevelsQuerySchema,
  WaterLevelsResponseSchema,
  WorkDayResponseSchema,
  WorkDaysResponseSchema,
} from './api-schemas';

/** Each area of the members' side, in the OpenAPI document; anyone may call its routes. */
const META = { tag: 'meta', access: 'public' } as const;
const EVENTS = { tag: 'events', access: 'public' } as const;
const BOOKINGS = { tag: 'bookings', access: 'public' } as const;
const WORK_DAYS = { tag: 'work days', access: 'public' } as const;
const NEWS = { tag: 'news', access: 'public' } as const;
const DOCUMENTS = { tag: 'documents', access: 'public' } as const;
const WATER_LEVELS = { tag: 'water levels', access: 'public' } as const;
const SEARCH = { tag: 'search', access: 'public' } as const;

/** Where the browser goes to pay: the booking page's card step (our form, or Square's). */
export function paymentRedirectUrl(eventId: string, checkoutId: string): string {
  return eventBookingPath(eventId, { step: 'pending', checkoutId });
}

/** GET /api/config's answer: what the web app needs to know about the club and this server. */
export function publicConfig(ports: AppContainer, config: AppConfig): ClubConfig {
  return {
    clubName: config.clubName,
    publicSiteUrl: config.publicSiteUrl,
    feedbackEmail: config.feedbackEmail,
    photosEmail: config.photosEmail,
    waterLevelUrl: config.waterLevelUrl,
    waterSafetyUrl: config.waterSafetyUrl,
    searchProvider: ports.get('search').providerName,
    paymentsMode: ports.get('payments').name,
    maxAttendeesPerBooking: config.maxAttendeesPerBooking,
    passwordReset: ports.useCase(RequestPasswordReset).available(),
    square: webPaymentsSettings(ports.get('payments')),
  };
}

/**
 * GET /api/events's answer as JSON text, shared for a short while (calendar-answer-cache.ts): the
 * route sends it, and the calendar page carries it (first-reads.ts).
 */
export function calendarText(ports: AppContainer, calendarCache: CalendarAnswerCache): Promise<string> {
  return calendarCache.answer(async () => {
    const calendar = ports.useCase(ListCalendarEvents);
    const events = await calendar.execute();
    return { events, workDays: await ports.useCase(ListCalendarWorkDays).execute(), forecastAttribution: calendar.forecastAttribution(events) };
  });
}

export function registerPublicRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig, calendarCache: CalendarAnswerCache): void {
  const paymentsName = () => ports.get('payments').name;

  routes.add({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Liveness and the adapters in use',
    ...META,
    responses: { 200: { description: 'Running', schema: HealthSchema } },
    handler: async () => {
      return reply(200, {
        status: 'ok' as const,
        adapters: {
          storage: config.adapters.storage,
          search: config.adapters.search,
          payments: paymentsName(),
          identity: ports.get('identity').name,
          campaigns: config.adapters.campaigns,
        },
      });
    },
  });

  routes.add({
    ...PAGE_READ,
    path: CONFIG_API_PATH,
    operationId: 'getConfig',
    summary: 'What the web app needs to know about the club and this server',
    ...META,
    responses: { 200: { description: 'Public settings', schema: PublicConfigSchema } },
    handler: async () => reply(200, publicConfig(ports, config)),
  });

  routes.add({
    method: 'get',
    path: '/api/events',
    operationId: 'listEvents',
    summary: 'The calendar: events not over before today (or undated), start ascending; and the active dated work days not over before today, date ascending',
    ...EVENTS,
    // The cached answer's text (the same text the route sends).
    inPage: () => calendarText(ports, calendarCache),
    responses: { 200: { description: 'Events', schema: EventsResponseSchema } },
    handler: async ({ res }) => {
      const body = await calendarText(ports, calendarCache);
      // The cached answer is JSON text already (CalendarEventsSchema, checked where it is built).
      res.type('application/json').send(body);
      return SENT;
    },
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/events/:id',
    operationId: 'getEvent',
    summary: 'One event for the booking page, with why it cannot be booked now',
    ...EVENTS,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The event', schema: EventResponseSchema },
      404: EVENT_NOT_FOUND,
    },
    handler: async ({ params }) => reply(200, await ports.useCase(GetEventForBooking).execute(params.id)),
  });

  routes.add({
    method: 'post',
    path: '/api/bookings',
    operationId: 'createBooking',
    summary: 'Book an event; paid events answer with the checkout to pay',
    ...BOOKINGS,
    body: SubmitBookingRequestSchema,
    before: configuredBookingRateLimits(ports, config),
    responses: {
      201: {
        description: "Booked; a paid booking also sets the kyc_checkout cookie (HttpOnly, SameSite=Strict, sent only to its checkout's read): this browser's proof for the manage link",
        schema: BookingCreatedSchema,
      },
      404: EVENT_NOT_FOUND,
      409: { description: 'Booking closed, or not enough places (with placesLeft)' },
      429: {
        description: `Too many bookings from this client address (BOOKING_LIMIT_PER_MINUTE, BOOKING_LIMIT_PER_DAY: "${TOO_MANY_BOOKINGS_MINUTE}", "${TOO_MANY_BOOKINGS_DAY}"), or too many places held by its recent bookings (BOOKING_MAX_HELD_PLACES_PER_ADDRESS: "${TOO_MANY_PLACES_HELD}"), or more than its share of a paid event held unpaid (BOOKING_MAX_UNPAID_SHARE_OF_EVENT: "One connection can hold at most N unpaid places of this event at a time. …")`,
        schema: ErrorResponseSchema,
      },
    },
    handler: async ({ body, req, res }) => {
      // The signed-in member as the member list has them now: one disabled since signing in books
      // as a guest, and one lapsed pays the standard price (the core decides).
      const member = await currentMemberOf(ports, req);
      const household = member && body.householdAttendees?.length ? await ports.useCase(ListHouseholdAttendees).execute(member) : undefined;
      const result = await ports.useCase(SubmitBooking).execute(body, { address: clientAddressKey(req.ip), member, household: household?.people, householdMembers: household?.members });
      // Only this browser will see the manage link on its payment page (docs/payments.md#who-sees-a-checkout).
      if (result.checkoutId) setCheckoutProofCookie(ports, req, res, result.bookingId, result.checkoutId);
      return reply(201, {
        ...result,
        redirectUrl: result.checkoutId ? paymentRedirectUrl(body.eventId, result.checkoutId) : null,
      });
    },
  });

  registerPaymentRoutes(routes, ports);

  routes.add({
    ...PAGE_READ,
    path: '/api/my-booking',
    operationId: 'getMyBooking',
    summary: "A member's own booking, named by the signed token of its manage link",
    ...BOOKINGS,
    query: MyBookingQuerySchema,
    responses: {
      200: { description: 'The booking and its event', schema: MyBookingSchema },
      404: { description: '"Booking not found": a forged, altered or expired link, or a booking that is gone' },
    },
    handler: async ({ query }) => reply(200, await ports.useCase(GetMyBooking).execute(query.token)),
  });

  routes.add({
    method: 'post',
    path: '/api/my-booking/cancel',
    operationId: 'cancelMyBooking',
    summary: "Cancels a member's own booking through its manage link: the places are released and a paid booking refunded in full",
    ...BOOKINGS,
    body: CancelMyBookingRequestSchema,
    responses: {
      200: { description: 'Cancelled: the booking as the manage page now shows it', schema: MyBookingSchema },
      404: { description: '"Booking not found": a forged, altered or expired link' },
      409: { description: '"This booking is already cancelled.", or past the cancellation deadline (whom to contact)' },
    },
    handler: async ({ body, req }) => {
      await ports.useCase(CancelMyBooking).execute(body, await adminBehind(req, ports));
      return reply(200, await ports.useCase(GetMyBooking).execute(body.token));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/my-booking/change',
    operationId: 'changeMyBooking',
    summary:
      "Changes the numbers of a member's own booking through its manage link: without confirm, the new total and the difference; with it, the change (a smaller paid booking refunded the difference, a larger card-paid one made once its own checkout is paid)",
    ...BOOKINGS,
    body: ChangeMyBookingRequestSchema,
    responses: {
      200: {
        description:
          "The totals before and after, the difference, and whether the booking was changed; a larger card-paid booking, confirmed, answers the change's own checkoutId and paymentUrl (the card step) and sets that checkout's kyc_checkout cookie: the booking changes once it is paid",
        schema: BookingChangeQuoteSchema,
      },
      400: { description: 'Numbers that are not a booking: attending outside 1 to the per-booking limit, or more children than attending' },
      404: { description: '"Booking not found": a forged, altered or expired link' },
      409: { description: 'Not changed: cancelled, past the deadline, unpaid, unchanged, too many changes, more to pay on a booking paid by hand, changed meanwhile, or not enough places ("Sorry, only N places are left")' },
    },
    handler: async ({ body, req, res }) => {
      const answer = await ports.useCase(ChangeMyBooking).execute(body, await adminBehind(req, ports));
      // A larger change is paid on the card step: only this browser sees the link there once paid.
      if (answer.checkoutId !== null) setCheckoutProofCookie(ports, req, res, answer.bookingId, answer.checkoutId);
      return reply(200, { ...answer, paymentUrl: answer.checkoutId === null ? null : paymentRedirectUrl(answer.eventId, answer.checkoutId) });
    },
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/work-days',
    operationId: 'listWorkDays',
    summary: 'Active work days with volunteer counts per job',
    ...WORK_DAYS,
    responses: { 200: { description: 'Work days', schema: WorkDaysResponseSchema } },
    handler: async () => reply(200, { workDays: await ports.useCase(ListWorkDays).execute() }),
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/work-days/:id',
    operationId: 'getWorkDay',
    summary: 'One active work day',
    ...WORK_DAYS,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The work day', schema: WorkDayResponseSchema },
      404: WORK_DAY_NOT_FOUND,
    },
    handler: async ({ params }) => reply(200, { workDay: await ports.useCase(GetWorkDay).execute(params.id) }),
  });

  routes.add({
    method: 'post',
    path: '/api/work-days/:id/signups',
    operationId: 'signUpForWorkDay',
    summary: 'Sign up for jobs of a work day',
    ...WORK_DAYS,
    params: IdParamsSchema,
    body: WorkDaySignupFormSchema,
    // Every sign-up counts against the sign-ups' own per-address limits, so one address cannot
    // fill a day's jobs with made-up names. One with an e-mail sends one, so it also counts against
    // the bookings' limits: the form cannot be used to mail strangers in bulk.
    before: [configuredWorkDaySignupRateLimits(ports, config)],
    responses: {
      201: { description: 'Signed up (with an e-mail: its confirmation is queued in the outbox)', schema: SignupCreatedSchema },
      404: WORK_DAY_NOT_FOUND,
      409: { description: 'A chosen job is already full, or this name has already signed up for the day; nothing stored' },
      429: { description: 'Too many sign-ups from this client address (WORKDAY_SIGNUP_LIMIT_PER_MINUTE, _PER_DAY), or with an e-mail, too many counted with bookings' },
    },
    handler: async ({ params, body }) => reply(201, await ports.useCase(SignUpForWorkDay).execute(params.id, body)),
  });

  routes.add({
    // Read in process while the news page is drawn when the campaigns are the club's own (stored):
    // the page then comes with its list. From MailerLite the browser asks, so a slow provider
    // never holds up the page (ADR 29).
    ...(config.adapters.campaigns === 'database' ? PAGE_READ : { method: 'get' as const }),
    path: '/api/campaigns',
    operationId: 'listCampaigns',
    summary: 'Recent e-mail campaigns, newest first',
    ...NEWS,
    responses: {
      200: { description: 'Campaigns', schema: CampaignsResponseSchema },
      502: { description: '"Failed to fetch communications: <status text>"' },
    },
    handler: async () => reply(200, { campaigns: await ports.useCase(ListCampaigns).execute() }),
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/documents',
    operationId: 'listDocuments',
    summary: 'Club documents with the address of each PDF',
    ...DOCUMENTS,
    responses: { 200: { description: 'Documents', schema: DocumentsResponseSchema } },
    handler: async () => reply(200, { documents: (await ports.useCase(ListDocuments).execute()).map(listedDocument) }),
  });

  routes.add({
    method: 'get',
    path: '/api/documents/:id/file',
    operationId: 'getDocumentFile',
    summary: "A document's PDF",
    ...DOCUMENTS,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The PDF', schema: z.string().describe('PDF bytes'), contentType: 'application/pdf' },
      404: DOCUMENT_NOT_FOUND,
    },
    handler: async ({ params, res }) => {
      const file = await ports.useCase(GetDocumentFile).execute(params.id);
      // The stored name is restricted to [A-Za-z0-9._-]+.pdf, so it is safe inside the header.
      const fileName = /^[A-Za-z0-9._-]+\.pdf$/.test(file.fileName) ? file.fileName : 'document.pdf';
      // Cache-Control: asked again every time (answered 304 by its ETag when unchanged): an admin's replace shows at once.
      return sendWithHeaders(res, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'no-cache' }, file.bytes);
    },
  });

  routes.add({
    // Read into the home page, whose chart draws them.
    ...PAGE_READ,
    path: '/api/water-levels',
    operationId: 'listWaterLevels',
    summary: 'Daily reservoir readings between two dates (default: the last 365 days)',
    ...WATER_LEVELS,
    query: WaterLevelsQuerySchema,
    responses: { 200: { description: 'Readings, oldest first', schema: WaterLevelsResponseSchema } },
    handler: async ({ query }) => reply(200, { readings: await ports.useCase(GetWaterLevels).execute(query) }),
  });

  routes.add({
    method: 'get',
    path: '/api/search',
    operationId: 'search',
    summary: 'Search events, documents, news and pages; ranked by the club rules',
    ...SEARCH,
    query: SearchQuerySchema,
    responses: { 200: { description: 'Hits (empty for a blank query)', schema: SearchResponseSchema } },
    handler: async ({ query }) => reply(200, await ports.useCase(SearchSite).execute(query.q ?? '')),
  });
}
