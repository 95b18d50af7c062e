import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * The rules of members' passkeys (docs/member-sign-in.md, ADR 0035): a signed-in member
 * adds passkeys; anyone signs in with one (a discoverable credential, so no e-mail is typed).
 * Each ceremony's challenge is kept server-side for 5 minutes and works once. Apart from the use
 * cases, so the browser can load it.
 */

/** A ceremony's challenge works for five minutes after the options were asked for. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** At most this many passkeys per member. */
export const MAX_PASSKEYS_PER_MEMBER = 10;
/** At most this many passkey sign-in starts from one client address in the window (as code checks). */
export const MAX_PASSKEY_SIGN_INS_PER_ADDRESS = 50;
/** …and this many passkey registrations started by one member in the window. */
export const MAX_PASSKEY_REGISTRATIONS_PER_MEMBER = 20;
export const PASSKEY_WINDOW_MS = 3_600_000;

export const PASSKEY_MESSAGES = {
  /** The one refusal of a passkey sign-in: unknown passkey, disabled member, used or expired challenge, bad signature. */
  signInRefused: 'That passkey could not sign you in. Please try again, or sign in with an e-mailed code.',
  /** A registration that did not verify (or whose challenge was used or expired). */
  registrationRefused: 'That passkey could not be added. Please try again.',
  tooManyPasskeys: `You have the most passkeys a member can have (${MAX_PASSKEYS_PER_MEMBER}). Please remove one first.`,
  alreadyAdded: 'That passkey is already added.',
  tooManySignIns: 'Too many sign-in attempts. Please try again later.',
  tooManyRegistrations: 'Too many passkey requests. Please try again later.',
  notFound: 'That passkey is not one of yours.',
} as const;

/** What a ceremony's challenge is for: adding a passkey to a member, or signing in with one. */
export type PasskeyChallengePurpose = 'registration' | 'authentication';

/** A stored challenge, as the storage adapters validate what they read back. */
export const PasskeyChallengeSchema = z.object({
  challengeHash: z.string().min(1),
  purpose: z.enum(['registration', 'authentication']),
  memberId: z.string().min(1).nullable(),
  createdAt: InstantSchema,
  expiresAt: InstantSchema,
});

/** What a challenge's hash is taken of (SecretTokens.hash), apart from every other hashed secret. */
export function challengeHashInput(challenge: string): string {
  return `member-passkey-challenge:${challenge}`;
}

/** The rate-limit key of passkey sign-ins from one address: apart from the code checks'. */
export function passkeySignInKey(ip: string): string {
  return `member-passkey-ip:${ip}`;
}

/** The rate-limit key of a member's passkey registrations. */
export function passkeyRegistrationKey(memberId: string): string {
  return `member-passkey-add:${memberId}`;
}

const base64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*=*$/, 'Not base64url');

/**
 * The browser's answer to a ceremony, as @simplewebauthn/browser's startRegistration /
 * startAuthentication return it (RegistrationResponseJSON / AuthenticationResponseJSON): only its
 * shape and sizes are checked here; the signatures are checked by the PasskeyCeremony port.
 */
const CredentialBase = {
  id: base64url.min(1).max(1500),
  rawId: base64url.min(1).max(1500),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const PasskeyRegistrationResponseSchema = z.object({
  ...CredentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponseSchema>;

export const PasskeyAuthenticationResponseSchema = z.object({
  ...CredentialBase,
  response: z.object({ clientDataJSON: base64url.min(1), authenticatorData: base64url.min(1), signature: base64url.min(1), userHandle: base64url.optional() }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

/** The ceremony's options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed on as they are. */
export const PasskeyOptionsAnswerSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptionsAnswer = z.infer<typeof PasskeyOptionsAnswerSchema>;

/** What My club shows of one of the member's passkeys. */
export const PasskeyViewSchema = z.object({ id: z.string(), createdAt: InstantSchema, lastUsedAt: InstantSchema.nullable() });
export type PasskeyView = z.infer<typeof PasskeyViewSchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeyViewSchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** DELETE /api/member/passkeys/:id — the credential id, base64url. */
export const PasskeyIdSchema = z.object({ id: base64url.min(1).max(1500) });
