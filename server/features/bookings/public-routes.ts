import { eventBookingPath } from '../../../core/shared/paths';
import { GetMyBooking, MyBookingQuerySchema, MyBookingSchema } from '../../../core/bookings/get-my-booking';
import { CancelMyBooking, CancelMyBookingRequestSchema } from '../../../core/bookings/cancel-my-booking';
import { ChangeMyBooking, ChangeMyBookingRequestSchema } from '../../../core/bookings/change-my-booking';
import { BookingChangeQuoteSchema } from '../../../core/bookings/booking-amendment';
import { SubmitBooking, SubmitBookingRequestSchema, TOO_MANY_PLACES_HELD } from '../../../core/operations/submit-booking';
import { ListHouseholdAttendees } from '../../../core/members/household-members';
import { currentMemberOf } from '../../http/member-session';
import type { AppConfig } from '../../config';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { EVENT_NOT_FOUND, PAGE_READ } from '../../http/route-parts';
import { clientAddressKey, configuredBookingRateLimits, TOO_MANY_BOOKINGS_DAY, TOO_MANY_BOOKINGS_MINUTE } from '../../http/rate-limits';
import { adminBehind } from '../../http/auth';
import { setCheckoutProofCookie } from '../payments/routes';
import { BookingCreatedSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const BOOKINGS = { tag: 'bookings', access: 'public' } as const;

/** Where the browser goes to pay: the booking page's card step (our form, or Square's). */
export function paymentRedirectUrl(eventId: string, checkoutId: string): string {
  return eventBookingPath(eventId, { step: 'pending', checkoutId });
}

export function registerPublicBookingRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig): void {
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
        description:
          "Booked; a paid booking also sets the kyc_checkout cookie (HttpOnly, SameSite=Strict, sent only to its checkout's read): this browser's proof for the manage link",
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
      const result = await ports
        .useCase(SubmitBooking)
        .execute(body, { address: clientAddressKey(req.ip), member, household: household?.people, householdMembers: household?.members });
      // Only this browser will see the manage link on its payment page (docs/payments.md#who-sees-a-checkout).
      if (result.checkoutId) setCheckoutProofCookie(ports, req, res, result.bookingId, result.checkoutId);
      return reply(201, { ...result, redirectUrl: result.checkoutId ? paymentRedirectUrl(body.eventId, result.checkoutId) : null });
    },
  });

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
      409: {
        description:
          'Not changed: cancelled, past the deadline, unpaid, unchanged, too many changes, more to pay on a booking paid by hand, changed meanwhile, or not enough places ("Sorry, only N places are left")',
      },
    },
    handler: async ({ body, req, res }) => {
      const answer = await ports.useCase(ChangeMyBooking).execute(body, await adminBehind(req, ports));
      // A larger change is paid on the card step: only this browser sees the link there once paid.
      if (answer.checkoutId !== null) setCheckoutProofCookie(ports, req, res, answer.bookingId, answer.checkoutId);
      return reply(200, { ...answer, paymentUrl: answer.checkoutId === null ? null : paymentRedirectUrl(answer.eventId, answer.checkoutId) });
    },
  });
}
