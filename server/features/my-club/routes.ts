import { z } from 'zod';
import { AddHouseholdPerson } from '../../../core/members/add-household-person';
import { ChangeHouseholdPerson } from '../../../core/members/change-household-person';
import { HouseholdPersonFormSchema, HouseholdPersonSchema } from '../../../core/members/household';
import {
  AcceptHouseholdInvitation,
  DeclineHouseholdInvitation,
  GetMyHousehold,
  InviteToHousehold,
  LeaveHousehold,
} from '../../../core/members/household-members';
import { HouseholdMemberEmailFormSchema, MyHouseholdSchema } from '../../../core/members/household-views';
import { HOUSEHOLD_MEMBER_MESSAGES } from '../../../core/members/household-membership';
import { RemoveHouseholdPerson } from '../../../core/members/remove-household-person';
import { GetMyClubBookings, MyClubBookingsSchema } from '../../../core/my-club/my-club';
import { MyCalendarFeedLinkSchema, MyClubWaitingListsSchema, MyClubWorkDaysSchema } from '../../../core/my-club/my-club-schema';
import { GetMyCalendarFeedLink, ResetMyCalendarFeed } from '../../../core/my-club/my-calendar-feed';
import { GetMyClubWaitingLists } from '../../../core/my-club/my-club-waiting-lists';
import { GetMyClubWorkDays } from '../../../core/my-club/my-club-work-days';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { CROSS_SITE } from '../../http/route-parts';
import { IdParamsSchema } from '../../http/api-schemas';
import type { Member } from '../../../core/members/member';
import { ChangeMyDetails, ConfirmEmailChange, GetMyDetails, RequestEmailChange } from '../../../core/my-club/change-my-details';
import {
  EMAIL_CHANGE_MESSAGES,
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
  EmailChangeSentSchema,
  MyDetailsFormSchema,
  MyDetailsSchema,
} from '../../../core/my-club/my-details';
import { MEMBER_FORM_MESSAGES } from '../../../core/members/member-form';

const TAG = 'my club';
const MEMBER = { tag: TAG, access: 'member' } as const;

export const HouseholdPersonAnswerSchema = z.object({ person: HouseholdPersonSchema });

/** The reads of the member's own records: each a GET answering 200 with its use case's answer (401 without a member). */
const MEMBER_READS: {
  path: string;
  operationId: string;
  summary: string;
  answer: { description: string; schema: z.ZodType };
  useCase: new (deps: never) => { execute(member: Member): Promise<unknown> };
}[] = [
  {
    path: '/api/my/bookings',
    operationId: 'listMyBookings',
    summary: "The signed-in member's bookings, upcoming and past, with manage links and receipts; guest bookings made with the member's e-mail included",
    answer: { description: 'Upcoming (soonest first) and past (newest first)', schema: MyClubBookingsSchema },
    useCase: GetMyClubBookings,
  },
  {
    path: '/api/my/waiting-lists',
    operationId: 'listMyWaitingLists',
    summary:
      "The signed-in member's places on waiting lists (joined signed in, or with the member's e-mail), each with its leave link and, while an offer stands, its deadline and booking link",
    answer: { description: 'Entries in line, first joined first', schema: MyClubWaitingListsSchema },
    useCase: GetMyClubWaitingLists,
  },
  {
    path: '/api/my/work-days',
    operationId: 'listMyWorkDays',
    summary: "The work-day jobs the signed-in member's e-mail signed up for, upcoming (with withdraw links) and past",
    answer: { description: 'Upcoming (soonest first) and past (newest first)', schema: MyClubWorkDaysSchema },
    useCase: GetMyClubWorkDays,
  },
  {
    path: '/api/my/calendar-feed',
    operationId: 'getMyCalendarFeedLink',
    summary: "The address of the signed-in member's private calendar feed (a secret: shown to the member only), or null before they make one",
    answer: { description: "The feed's path, or null", schema: MyCalendarFeedLinkSchema },
    useCase: GetMyCalendarFeedLink,
  },
  {
    path: '/api/my/details',
    operationId: 'getMyDetails',
    summary:
      "The signed-in member's own details (name, e-mail, phone, emergency contact) and membership: category, status (current, lapsed or life) and renewal date",
    answer: { description: "The member's own record", schema: MyDetailsSchema },
    useCase: GetMyDetails,
  },
  {
    path: '/api/my/household',
    operationId: 'listMyHousehold',
    summary:
      "The signed-in member's household: its members (the contact marked), its dependants (`people`, in the order added), the invitations waiting for the member and, for its contact, the household's own",
    answer: { description: 'The household', schema: MyHouseholdSchema },
    useCase: GetMyHousehold,
  },
];

/** The signed-in member's own area (docs/my-club.md): each answer holds the member's own records only. */
export function registerMyClubRoutes(routes: ApiRoutes, ports: AppContainer): void {
  for (const read of MEMBER_READS) {
    routes.add({
      method: 'get',
      path: read.path,
      operationId: read.operationId,
      summary: read.summary,
      ...MEMBER,
      responses: { 200: read.answer },
      handler: async ({ member }) => reply(200, await ports.useCase(read.useCase).execute(member)),
    });
  }

  routes.add({
    method: 'post',
    path: '/api/my/calendar-feed',
    operationId: 'resetMyCalendarFeed',
    summary: "Makes the signed-in member's private calendar feed a new secret address; the old one answers 404 from then on",
    ...MEMBER,
    responses: { 200: { description: 'The new path', schema: MyCalendarFeedLinkSchema }, 403: CROSS_SITE },
    handler: async ({ member }) => {
      return reply(200, await ports.useCase(ResetMyCalendarFeed).execute(member));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/my/household',
    operationId: 'addMyHouseholdPerson',
    summary: "Adds a person to the signed-in member's household: name, adult or junior, optional year of birth",
    ...MEMBER,
    body: HouseholdPersonFormSchema,
    responses: {
      201: { description: 'Added', schema: HouseholdPersonAnswerSchema },
      403: CROSS_SITE,
      409: { description: '"A household can hold at most 12 people besides the member"', schema: ErrorResponseSchema },
    },
    handler: async ({ body, member }) => {
      return reply(201, { person: await ports.useCase(AddHouseholdPerson).execute(member, body) });
    },
  });

  routes.add({
    method: 'put',
    path: '/api/my/household/:id',
    operationId: 'changeMyHouseholdPerson',
    summary: "Changes a person of the signed-in member's household (name, kind, year of birth)",
    ...MEMBER,
    params: IdParamsSchema,
    body: HouseholdPersonFormSchema,
    responses: {
      200: { description: 'Changed', schema: HouseholdPersonAnswerSchema },
      403: CROSS_SITE,
      404: { description: '"This person is not in your household" (another member\'s person too)', schema: ErrorResponseSchema },
    },
    handler: async ({ body, params, member }) => {
      return reply(200, { person: await ports.useCase(ChangeHouseholdPerson).execute(member, params.id, body) });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/my/household/:id',
    operationId: 'removeMyHouseholdPerson',
    summary: "Removes a person from the signed-in member's household",
    ...MEMBER,
    params: IdParamsSchema,
    responses: {
      204: { description: 'Removed' },
      403: CROSS_SITE,
      404: { description: '"This person is not in your household" (another member\'s person too)', schema: ErrorResponseSchema },
    },
    handler: async ({ params, member }) => {
      await ports.useCase(RemoveHouseholdPerson).execute(member, params.id);
      return reply(204);
    },
  });

  // My details (docs/my-club.md#my-details): the member's own record only, never another's.
  routes.add({
    method: 'put',
    path: '/api/my/details',
    operationId: 'changeMyDetails',
    summary: 'The signed-in member changes their own phone and emergency contact (name, phone); an empty field removes it. Audited',
    ...MEMBER,
    body: MyDetailsFormSchema,
    responses: {
      200: { description: 'Changed (or the same again: nothing written)', schema: MyDetailsSchema },
      400: { description: `Per field: "${MEMBER_FORM_MESSAGES.phoneInvalid}", "${MEMBER_FORM_MESSAGES.contactTooLong}"`, schema: ErrorResponseSchema },
      403: CROSS_SITE,
    },
    handler: async ({ body, member }) => reply(200, await ports.useCase(ChangeMyDetails).execute(member, body)),
  });

  routes.add({
    method: 'post',
    path: '/api/my/details/email',
    operationId: 'requestMyEmailChange',
    summary:
      'The signed-in member asks to change their e-mail: a 6-digit code (10 minutes, one use) goes to the new address through the outbox, replacing any earlier one. The answer does not say whether the address is free',
    ...MEMBER,
    body: EmailChangeRequestSchema,
    responses: {
      200: { description: 'The code was sent to the new address', schema: EmailChangeSentSchema },
      400: {
        description: `On \`email\`: "${EMAIL_CHANGE_MESSAGES.emailRequired}", "${EMAIL_CHANGE_MESSAGES.emailInvalid}", "${EMAIL_CHANGE_MESSAGES.sameEmail}"`,
        schema: ErrorResponseSchema,
      },
      403: CROSS_SITE,
      429: { description: `"${EMAIL_CHANGE_MESSAGES.tooManyRequests}" (5 an hour per member)`, schema: ErrorResponseSchema },
    },
    handler: async ({ body, member }) => reply(200, await ports.useCase(RequestEmailChange).execute(member, body)),
  });

  routes.add({
    method: 'post',
    path: '/api/my/details/email/confirm',
    operationId: 'confirmMyEmailChange',
    summary: 'The signed-in member enters the code sent to the new address: the e-mail changes at once (sessions stay), and the old address is told',
    ...MEMBER,
    body: EmailChangeConfirmSchema,
    responses: {
      200: { description: 'Changed: the details now', schema: MyDetailsSchema },
      400: {
        description: `On \`code\`: "${EMAIL_CHANGE_MESSAGES.invalidCode}" (wrong, used, expired, out of tries, or for another address), "${EMAIL_CHANGE_MESSAGES.codeRequired}", "${EMAIL_CHANGE_MESSAGES.codeInvalid}"`,
        schema: ErrorResponseSchema,
      },
      403: CROSS_SITE,
      409: {
        description: `"${EMAIL_CHANGE_MESSAGES.emailInUse}" (another member, or a household invitation waiting, holds the address)`,
        schema: ErrorResponseSchema,
      },
    },
    handler: async ({ body, member }) => reply(200, await ports.useCase(ConfirmEmailChange).execute(member, body)),
  });

  // Households of several members (docs/members-households.md): invitations, accepting, leaving.
  const NOT_CONTACT = { description: `"${HOUSEHOLD_MEMBER_MESSAGES.notContact}"`, schema: ErrorResponseSchema };
  const INVITATION_GONE = { description: `"${HOUSEHOLD_MEMBER_MESSAGES.invitationNotFound}" (another member's invitation too)`, schema: ErrorResponseSchema };
  routes.add({
    method: 'post',
    path: '/api/my/household/invitations',
    operationId: 'inviteToMyHousehold',
    summary:
      "The household's contact invites someone, by e-mail, into the household (a member in none starts one). The same answer whether or not the e-mail is a member's: a member's gets an e-mail (through the outbox) and accepts on My club; any other is listed for the contact and can never be accepted",
    ...MEMBER,
    body: HouseholdMemberEmailFormSchema,
    responses: {
      201: {
        description: "Invited (or stored, for an e-mail that is no member's: the answer does not say which)",
        schema: z.object({ invitationId: z.string() }),
      },
      400: {
        description: `On \`email\`: "${HOUSEHOLD_MEMBER_MESSAGES.emailRequired}", "${HOUSEHOLD_MEMBER_MESSAGES.emailInvalid}", "${HOUSEHOLD_MEMBER_MESSAGES.yourself}"`,
        schema: ErrorResponseSchema,
      },
      403: NOT_CONTACT,
      409: {
        description: `"${HOUSEHOLD_MEMBER_MESSAGES.alreadyInvited}" (the same e-mail, member's or not), "${HOUSEHOLD_MEMBER_MESSAGES.inAHousehold}" (one of this household), "${HOUSEHOLD_MEMBER_MESSAGES.tooManyInvitations}"`,
        schema: ErrorResponseSchema,
      },
      429: { description: `"${HOUSEHOLD_MEMBER_MESSAGES.tooManySent}" (per member, withdrawn invitations included)`, schema: ErrorResponseSchema },
    },
    handler: async ({ body, member }) => {
      return reply(201, await ports.useCase(InviteToHousehold).execute(member, body));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/my/household/invitations/:id/accept',
    operationId: 'acceptHouseholdInvitation',
    summary: 'The invited member joins the household (and their other invitations go); a member in a household with others or dependants leaves it first',
    ...MEMBER,
    params: IdParamsSchema,
    responses: {
      200: { description: 'Joined: the household now', schema: MyHouseholdSchema },
      403: CROSS_SITE,
      404: INVITATION_GONE,
      409: { description: `"${HOUSEHOLD_MEMBER_MESSAGES.youAreInAHousehold}", "${HOUSEHOLD_MEMBER_MESSAGES.full}"`, schema: ErrorResponseSchema },
    },
    handler: async ({ params, member }) => {
      await ports.useCase(AcceptHouseholdInvitation).execute(member, params.id);
      return reply(200, await ports.useCase(GetMyHousehold).execute(member));
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/my/household/invitations/:id',
    operationId: 'declineHouseholdInvitation',
    summary: "The invited member declines an invitation, or the household's contact withdraws it",
    ...MEMBER,
    params: IdParamsSchema,
    responses: { 204: { description: 'Gone' }, 403: CROSS_SITE, 404: INVITATION_GONE },
    handler: async ({ params, member }) => {
      await ports.useCase(DeclineHouseholdInvitation).execute(member, params.id);
      return reply(204);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/my/household/leave',
    operationId: 'leaveMyHousehold',
    summary: 'The signed-in member leaves their household; when they were its contact, the member who joined next becomes it',
    ...MEMBER,
    responses: {
      204: { description: 'Left' },
      403: CROSS_SITE,
      404: { description: `"${HOUSEHOLD_MEMBER_MESSAGES.noHousehold}"`, schema: ErrorResponseSchema },
      409: { description: `"${HOUSEHOLD_MEMBER_MESSAGES.onlyMember}"`, schema: ErrorResponseSchema },
    },
    handler: async ({ member }) => {
      await ports.useCase(LeaveHousehold).execute(member);
      return reply(204);
    },
  });
}
