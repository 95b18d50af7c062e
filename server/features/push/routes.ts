import { z } from 'zod';
import { MyPushDeviceAnswerSchema, MyPushDevices, MyPushSchema, PUSH_MESSAGES, PushKindsFormSchema, PushSubscribeFormSchema } from '../../../core/push/my-push';
import { PushEndpointSchema } from '../../../core/push/push';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { memberSessionToken } from '../../http/member-session';
import { CROSS_SITE, saying } from '../../http/route-parts';

const TAG = 'my club';
const MEMBER = { tag: TAG, access: 'member' } as const;
const NOT_SUBSCRIBED = saying(PUSH_MESSAGES.notSubscribed);

export const PushPublicKeySchema = z.object({ publicKey: z.string().nullable() });
const EndpointQuerySchema = z.object({ endpoint: PushEndpointSchema });

/** Push notifications on My club (docs/notifications.md#settings): the member's own devices only. */
export function registerPushRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/push/public-key',
    operationId: 'getPushPublicKey',
    summary: "The server's VAPID public key (base64url) that browsers subscribe with, or null when push is off",
    tag: TAG,
    access: 'public',
    responses: { 200: { description: 'The key', schema: PushPublicKeySchema } },
    handler: async () => reply(200, { publicKey: ports.get('pushSender').publicKey }),
  });

  routes.add({
    method: 'get',
    path: '/api/my/push',
    operationId: 'getMyPush',
    summary: "The signed-in member's devices that take push notifications, each with the kinds it takes; the VAPID key and the default kinds",
    ...MEMBER,
    responses: { 200: { description: 'Devices, oldest first', schema: MyPushSchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(MyPushDevices).execute(member.id)),
  });

  routes.add({
    method: 'put',
    path: '/api/my/push',
    operationId: 'setMyPushKinds',
    summary: 'Chooses the kinds of notification one of the member’s devices (by its push endpoint) takes',
    ...MEMBER,
    body: PushKindsFormSchema,
    responses: { 200: { description: 'The device', schema: MyPushDeviceAnswerSchema }, 403: CROSS_SITE, 404: NOT_SUBSCRIBED },
    handler: async ({ member, body }) => reply(200, { device: await ports.useCase(MyPushDevices).setKinds(member.id, body) }),
  });

  routes.add({
    method: 'post',
    path: '/api/my/push/subscriptions',
    operationId: 'subscribeMyDevice',
    summary:
      "Subscribes this device to the member's push notifications (the browser's PushSubscription: endpoint and keys), with the default kinds unless chosen; signing this session out removes it",
    ...MEMBER,
    body: PushSubscribeFormSchema,
    responses: {
      201: { description: 'Subscribed', schema: MyPushDeviceAnswerSchema },
      400: { description: `"${PUSH_MESSAGES.off}", or a bad subscription`, schema: ErrorResponseSchema },
      403: CROSS_SITE,
    },
    handler: async ({ member, body, req }) => {
      const token = memberSessionToken(req);
      const sessionHash = token ? ports.get('secrets').hash(token) : null;
      return reply(201, { device: await ports.useCase(MyPushDevices).subscribe(member.id, body, sessionHash) });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/my/push/subscriptions',
    operationId: 'unsubscribeMyDevice',
    summary: 'Unsubscribes one of the member’s devices (by its push endpoint): it gets no more notifications',
    ...MEMBER,
    query: EndpointQuerySchema,
    responses: { 204: { description: 'Unsubscribed' }, 403: CROSS_SITE, 404: NOT_SUBSCRIBED },
    handler: async ({ member, query }) => {
      await ports.useCase(MyPushDevices).unsubscribe(member.id, query.endpoint);
      return reply(204);
    },
  });
}
