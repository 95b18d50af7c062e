import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MyPushDeviceAnswerSchema, MyPushSchema } from '@core/push/my-push';
import type { PushKind } from '@core/push/push';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

const MEMBER = { ignoreUnauthenticated: true } as const;

/** The member's push devices, the VAPID key and the default kinds (GET /api/my/push). */
export const myPushQuery = queryOptions({ queryKey: ['my', 'push'], queryFn: ({ signal }) => apiGet('/api/my/push', MyPushSchema, { ...MEMBER, signal }) });

/** What this browser can do about push: unsupported, blocked (the member said no), or its subscription (null: none). */
export type DevicePush = { state: 'unsupported' } | { state: 'blocked' } | { state: 'ready'; subscription: PushSubscription | null };

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's push state, read from the service worker's push manager (no request to the server). */
export const devicePushQuery = queryOptions({
  queryKey: ['device', 'push'],
  queryFn: async (): Promise<DevicePush> => {
    if (!supported()) return { state: 'unsupported' };
    if (Notification.permission === 'denied') return { state: 'blocked' };
    const registration = await navigator.serviceWorker.ready;
    return { state: 'ready', subscription: await registration.pushManager.getSubscription() };
  },
  staleTime: Infinity,
});

export function useMyPush() {
  return useQuery(myPushQuery);
}

export function useDevicePush() {
  return useQuery(devicePushQuery);
}

/** The base64url VAPID key as the push manager takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** A refusal of the browser's permission prompt, told apart from a failed request. */
export class PermissionRefused extends Error {}

/**
 * Switches notifications on for this device: asks the browser's permission, subscribes with the
 * server's VAPID key and sends the subscription (POST /api/my/push/subscriptions).
 */
export function useSwitchPushOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      if ((await Notification.requestPermission()) !== 'granted') throw new PermissionRefused('Notifications are blocked for this site');
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const json = subscription.toJSON();
      await apiPost('/api/my/push/subscriptions', { endpoint: json.endpoint, keys: json.keys, deviceLabel: deviceLabel() }, MyPushDeviceAnswerSchema, MEMBER);
      return subscription;
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: myPushQuery.queryKey }), client.invalidateQueries({ queryKey: devicePushQuery.queryKey })]),
  });
}

/** Switches notifications off for this device: the server forgets it, then the browser unsubscribes. */
export function useSwitchPushOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscription) => {
      await apiDelete(`/api/my/push/subscriptions?${new URLSearchParams({ endpoint: subscription.endpoint }).toString()}`, undefined, MEMBER).catch(
        (error: unknown) => {
          // Already forgotten by the server (signed out elsewhere): unsubscribing here is what is left.
          if (!(error instanceof Error && /404|does not take/.test(error.message))) throw error;
        },
      );
      await subscription.unsubscribe();
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: myPushQuery.queryKey }), client.invalidateQueries({ queryKey: devicePushQuery.queryKey })]),
  });
}

/** Chooses the kinds this device takes (PUT /api/my/push). */
export function useSetPushKinds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { endpoint: string; kinds: PushKind[] }) => apiPut('/api/my/push', change, MyPushDeviceAnswerSchema, MEMBER),
    onSuccess: () => client.invalidateQueries({ queryKey: myPushQuery.queryKey }),
  });
}

/** A name for this device the member recognises on the list: what the browser says it runs on. */
function deviceLabel(): string {
  const agent = navigator.userAgent;
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iPhone or iPad'
      : /Mac OS/.test(agent)
        ? 'Mac'
        : /Windows/.test(agent)
          ? 'Windows'
          : 'Linux';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom/.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'browser';
  return `${browser} on ${system}`;
}
