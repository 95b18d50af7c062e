import { useSyncExternalStore } from 'react';
import type { ZodType } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { MemberSessionAnswerSchema, type MemberSessionAnswer } from '@core/member-sign-in/member-sign-in';
import { PasskeyListSchema, PasskeyOptionsAnswerSchema, PasskeyViewSchema } from '@core/member-sign-in/passkeys';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import { memberSessionQuery } from '../exports/member-session';

const passkeysKey = ['member-passkeys'] as const;

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

/** The browser's own refusal (the member cancelled, or the device has no passkey for this site). */
export class PasskeyCancelled extends Error {}

/** Runs the browser's part of a ceremony; a cancelled or timed-out prompt becomes PasskeyCancelled. */
async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || error.name === 'InvalidStateError')) {
      throw new PasskeyCancelled(
        error.name === 'InvalidStateError' ? 'This device already has a passkey for your account.' : 'The passkey prompt was closed or timed out.',
      );
    }
    throw error;
  }
}

/**
 * A whole ceremony: the server's options from `optionsPath`, the browser's prompt with them
 * (`prompt`, with @simplewebauthn/browser loaded only now), and its answer posted to `answerPath`.
 */
async function ceremony<T>(
  optionsPath: string,
  prompt: (browser: WebAuthnBrowser, options: unknown) => Promise<unknown>,
  answerPath: string,
  schema: ZodType<T>,
): Promise<T> {
  const browser = await import('@simplewebauthn/browser');
  const { options } = await apiPost(optionsPath, {}, PasskeyOptionsAnswerSchema);
  const answer = await inBrowser(() => prompt(browser, options));
  return apiPost(answerPath, answer, schema);
}

/** The signed-in member's passkeys (GET /api/member/passkeys). */
export function useMemberPasskeys(enabled: boolean) {
  return useQuery({ queryKey: passkeysKey, queryFn: ({ signal }) => apiGet('/api/member/passkeys', PasskeyListSchema, { signal }), enabled });
}

/** "Add a passkey": options from the server, the browser's prompt, then the answer back to be stored. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      ceremony(
        '/api/member/passkeys/options',
        (browser, options) => browser.startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
        '/api/member/passkeys',
        PasskeyViewSchema,
      ),
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
    mutationFn: () =>
      ceremony(
        '/api/member/sign-in/passkey/options',
        (browser, options) => browser.startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
        '/api/member/sign-in/passkey',
        MemberSessionAnswerSchema,
      ),
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
