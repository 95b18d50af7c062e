import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { MemberSessionAnswerSchema, type MemberSessionAnswer } from '@core/member-sign-in/member-sign-in';
import { PasskeyListSchema, PasskeyOptionsAnswerSchema, PasskeyViewSchema } from '@core/member-sign-in/passkeys';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import { memberSessionQuery } from './member-session';

const passkeysKey = ['member-passkeys'] as const;

/** The browser's own refusal (the member cancelled, or the device has no passkey for this site). */
export class PasskeyCancelled extends Error {}

/** Runs the browser's part of a ceremony; a cancelled or timed-out prompt becomes PasskeyCancelled. */
async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || error.name === 'InvalidStateError')) {
      throw new PasskeyCancelled(error.name === 'InvalidStateError' ? 'This device already has a passkey for your account.' : 'The passkey prompt was closed or timed out.');
    }
    throw error;
  }
}

/** The signed-in member's passkeys (GET /api/member/passkeys). */
export function useMemberPasskeys(enabled: boolean) {
  return useQuery({ queryKey: passkeysKey, queryFn: ({ signal }) => apiGet('/api/member/passkeys', PasskeyListSchema, { signal }), enabled });
}

/** "Add a passkey": options from the server, the browser's prompt, then the answer back to be stored. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options } = await apiPost('/api/member/passkeys/options', {}, PasskeyOptionsAnswerSchema);
      const answer = await inBrowser(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
      return apiPost('/api/member/passkeys', answer, PasskeyViewSchema);
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/**
 * Removes one of the member's passkeys (DELETE /api/member/passkeys/:id), which ends the sessions
 * it opened: when it signed this device in, the session is read again and the page shows the
 * member signed out.
 */
export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/member/passkeys/${encodeURIComponent(id)}`),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: passkeysKey }), client.invalidateQueries({ queryKey: memberSessionQuery.queryKey })]),
  });
}

/** "Sign in with a passkey": any of the site's passkeys on the device (no e-mail typed). */
export function useSignInWithPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await apiPost('/api/member/sign-in/passkey/options', {}, PasskeyOptionsAnswerSchema);
      const answer = await inBrowser(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
      return apiPost('/api/member/sign-in/passkey', answer, MemberSessionAnswerSchema);
    },
    onSuccess: (answer: MemberSessionAnswer) => client.setQueryData(memberSessionQuery.queryKey, answer),
  });
}

/** Whether this browser can use passkeys at all. */
function browserSupportsPasskeys(): boolean {
  return typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.create === 'function';
}

const noChanges = () => () => {};

/**
 * Whether the browser can use passkeys: null while the page hydrates (the server, which has no
 * browser to ask, drew it so), then the browser's answer.
 */
export function usePasskeySupport(): boolean | null {
  return useSyncExternalStore(noChanges, browserSupportsPasskeys, () => null);
}
