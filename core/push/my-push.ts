import { z } from 'zod';
import type { Clock } from '../shared/clock.port';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import { DEFAULT_PUSH_KINDS, normalKinds, PushEndpointSchema, PushKeysSchema, PushKindSchema, pushServiceAllowed, type PushSubscription } from './push';
import type { PushSender } from './push-sender.port';
import type { PushSubscriptionRepository } from './push-subscription-repository.port';

export const PUSH_MESSAGES = {
  off: 'Push notifications are not set up on this server',
  notSubscribed: 'This device does not take notifications: switch them on first',
  serviceNotAllowed: "This browser's push service is not one the club sends to",
} as const;

/** Subscribing this device: what the browser's PushSubscription holds, a name for it and the kinds (the defaults when left out). */
export const PushSubscribeFormSchema = z.object({
  endpoint: PushEndpointSchema,
  keys: PushKeysSchema,
  deviceLabel: z.string().trim().max(100, 'The device name is at most 100 characters').optional(),
  kinds: z.array(PushKindSchema).max(20).optional(),
});
export type PushSubscribeForm = z.infer<typeof PushSubscribeFormSchema>;

/** Choosing the kinds this device takes. */
export const PushKindsFormSchema = z.object({ endpoint: PushEndpointSchema, kinds: z.array(PushKindSchema).max(20) });
export type PushKindsForm = z.infer<typeof PushKindsFormSchema>;

/** A device as its member sees it on My club. */
export const MyPushDeviceSchema = z.object({ endpoint: z.string(), deviceLabel: z.string(), kinds: z.array(PushKindSchema), createdAt: z.string() });
export type MyPushDevice = z.infer<typeof MyPushDeviceSchema>;

/** The member's push settings: the server's VAPID key (null: push is off), the defaults, and their devices. */
export const MyPushSchema = z.object({ publicKey: z.string().nullable(), defaultKinds: z.array(PushKindSchema), devices: z.array(MyPushDeviceSchema) });
export type MyPush = z.infer<typeof MyPushSchema>;

export const MyPushDeviceAnswerSchema = z.object({ device: MyPushDeviceSchema });

function deviceView(subscription: PushSubscription): MyPushDevice {
  return { endpoint: subscription.endpoint, deviceLabel: subscription.deviceLabel, kinds: subscription.kinds, createdAt: subscription.createdAt };
}

interface MyPushDeps {
  pushSubscriptions: PushSubscriptionRepository;
  pushSender: Pick<PushSender, 'publicKey'>;
  secrets: Pick<SecretTokens, 'hash'>;
  clock: Clock;
  /** The push services' hosts the server posts to (PUSH_SERVICE_HOSTS; pushServiceAllowed). */
  pushServiceHosts: readonly string[];
}

/**
 * The signed-in member's push devices (docs/notifications.md, "Settings"): list, subscribe this
 * device, choose its kinds, unsubscribe it. A device is known by its endpoint's hash and belongs
 * to the member who last subscribed on it.
 */
export class MyPushDevices extends UseCase<MyPushDeps> {
  async execute(memberId: string): Promise<MyPush> {
    const devices = await this.deps.pushSubscriptions.listByMember(memberId);
    return { publicKey: this.deps.pushSender.publicKey, defaultKinds: [...DEFAULT_PUSH_KINDS], devices: devices.map(deviceView) };
  }

  /** Subscribes this device for the member (the session that asked noted, so signing it out removes it). */
  async subscribe(memberId: string, form: PushSubscribeForm, sessionHash: string | null): Promise<MyPushDevice> {
    if (this.deps.pushSender.publicKey === null) throw new ValidationError(PUSH_MESSAGES.off);
    if (!pushServiceAllowed(form.endpoint, this.deps.pushServiceHosts)) throw new ValidationError(PUSH_MESSAGES.serviceNotAllowed);
    const now = this.deps.clock.now().toISOString();
    const id = this.deps.secrets.hash(form.endpoint);
    const before = await this.deps.pushSubscriptions.get(id);
    const kept = before?.memberId === memberId ? before : null;
    const subscription: PushSubscription = {
      id,
      memberId,
      endpoint: form.endpoint,
      keys: form.keys,
      deviceLabel: form.deviceLabel ?? kept?.deviceLabel ?? 'This device',
      kinds: normalKinds(form.kinds ?? kept?.kinds ?? DEFAULT_PUSH_KINDS),
      sessionHash,
      createdAt: kept?.createdAt ?? now,
      updatedAt: now,
    };
    await this.deps.pushSubscriptions.save(subscription);
    return deviceView(subscription);
  }

  /** Sets the kinds one of the member's devices takes; 404 when it is not theirs or not subscribed. */
  async setKinds(memberId: string, form: PushKindsForm): Promise<MyPushDevice> {
    const device = await this.ownDevice(memberId, form.endpoint);
    const changed = { ...device, kinds: normalKinds(form.kinds), updatedAt: this.deps.clock.now().toISOString() };
    await this.deps.pushSubscriptions.save(changed);
    return deviceView(changed);
  }

  /** Unsubscribes one of the member's devices; 404 when it is not theirs or not subscribed. */
  async unsubscribe(memberId: string, endpoint: string): Promise<void> {
    const device = await this.ownDevice(memberId, endpoint);
    await this.deps.pushSubscriptions.remove(device.id);
  }

  private async ownDevice(memberId: string, endpoint: string): Promise<PushSubscription> {
    const device = await this.deps.pushSubscriptions.get(this.deps.secrets.hash(endpoint));
    if (!device || device.memberId !== memberId) throw new NotFoundError(PUSH_MESSAGES.notSubscribed);
    return device;
  }
}
