import {
  AskSwapAnswerSchema,
  AskSwapFormSchema,
  SwapAnswerSchema,
  SwapIdParamsSchema,
  SwapViewSchema,
  TransferCandidatesQuerySchema,
  TransferCandidatesSchema,
} from '../../../core/duties/duty-swap-forms';
import { DutySwaps } from '../../../core/duties/duty-swap-requests';
import { MyDutyParamsSchema } from '../../../core/duties/my-duties-schema';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { CROSS_SITE } from '../../http/route-parts';

const MEMBER = { tag: 'member duties', access: 'member' } as const;
const NO_SWAP = { description: '"Swap request not found"', schema: ErrorResponseSchema };

/** Duty swaps and direct transfers between members (docs/duties.md, "Swaps"). */
export function registerDutySwapRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/my/duties/:slotId/swap',
    operationId: 'askDutySwap',
    summary:
      'The signed-in member asks for a swap of a duty they hold: e-mailed to every member eligible and free then (toMemberId null), or a direct transfer to one of them',
    ...MEMBER,
    params: MyDutyParamsSchema,
    body: AskSwapFormSchema,
    responses: {
      201: { description: 'Asked; offeredTo: how many members were e-mailed', schema: AskSwapAnswerSchema },
      400: { description: '"That member is not eligible for this duty, or is on another duty then"', schema: ErrorResponseSchema },
      403: CROSS_SITE,
      404: { description: '"You do not hold this duty"', schema: ErrorResponseSchema },
      409: { description: '"You have already asked for a swap of this duty" or "This duty has started…"', schema: ErrorResponseSchema },
      429: {
        description: '"You have asked for a swap 5 times in a day, the most a member may. Please try again tomorrow." (nothing sent)',
        schema: ErrorResponseSchema,
      },
    },
    handler: async ({ member, params, body }) => reply(201, await ports.useCase(DutySwaps).ask(member, params.slotId, body)),
  });

  routes.add({
    method: 'get',
    path: '/api/my/duties/:slotId/transfer-candidates',
    operationId: 'listDutyTransferCandidates',
    summary:
      'The members a duty the signed-in member holds may be handed to (eligible and free then) whose name answers the search: at most 10, by first name and last initial',
    ...MEMBER,
    params: MyDutyParamsSchema,
    query: TransferCandidatesQuerySchema,
    responses: {
      200: { description: 'By name; more: others answer too', schema: TransferCandidatesSchema },
      400: { description: '"Type at least 2 letters of the member’s name"', schema: ErrorResponseSchema },
      404: { description: '"You do not hold this duty"', schema: ErrorResponseSchema },
      409: { description: '"This duty has started…"', schema: ErrorResponseSchema },
    },
    handler: async ({ member, params, query }) => reply(200, await ports.useCase(DutySwaps).transferCandidates(member, params.slotId, query)),
  });

  routes.add({
    method: 'get',
    path: '/api/my/duty-swaps/:swapId',
    operationId: 'getDutySwap',
    summary:
      "A swap request as the signed-in member sees it (the e-mail's link): its duty, whether it is still open, and why they could not take it (refusal null: they can)",
    ...MEMBER,
    params: SwapIdParamsSchema,
    responses: { 200: { description: 'The swap', schema: SwapViewSchema }, 404: NO_SWAP },
    handler: async ({ member, params }) => reply(200, await ports.useCase(DutySwaps).view(member, params.swapId)),
  });

  routes.add({
    method: 'post',
    path: '/api/my/duty-swaps/:swapId/accept',
    operationId: 'acceptDutySwap',
    summary: 'The signed-in member takes the duty: the first to accept wins (atomically); both members and the event officer are e-mailed',
    ...MEMBER,
    params: SwapIdParamsSchema,
    responses: {
      200: { description: 'Taken', schema: SwapAnswerSchema },
      403: CROSS_SITE,
      404: NO_SWAP,
      409: {
        description:
          '"Someone has already taken this duty", "This swap request was withdrawn", "This member is not eligible for this duty: …", "This member is already on a duty at that time", "This duty was handed to another member"…',
        schema: ErrorResponseSchema,
      },
    },
    handler: async ({ member, params }) => reply(200, { swap: await ports.useCase(DutySwaps).accept(member, params.swapId) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/my/duty-swaps/:swapId',
    operationId: 'withdrawDutySwap',
    summary: 'The signed-in member withdraws their open swap request (they keep the duty)',
    ...MEMBER,
    params: SwapIdParamsSchema,
    responses: {
      204: { description: 'Withdrawn' },
      403: CROSS_SITE,
      404: NO_SWAP,
      409: { description: 'Already taken or withdrawn', schema: ErrorResponseSchema },
    },
    handler: async ({ member, params }) => {
      await ports.useCase(DutySwaps).withdraw(member, params.swapId);
      return reply(204);
    },
  });
}
