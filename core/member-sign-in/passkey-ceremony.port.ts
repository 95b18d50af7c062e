import type { Passkey } from './passkey-repository.port';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from './passkeys';

/** A new passkey, as a verified registration gives it. */
export interface RegisteredCredential {
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

/**
 * WebAuthn's cryptography (adapters/webauthn: @simplewebauthn/server), behind a port so the use
 * cases' rules (challenges, members, counters) are tested without a browser. The relying party
 * (id, name, origin) is the adapter's setting.
 */
export interface PasskeyCeremony {
  /** A new random challenge (base64url). */
  newChallenge(): string;
  /** The challenge a browser's answer signed (from its clientDataJSON), or null when it has none readable. */
  challengeOf(response: { response: { clientDataJSON: string } }): string | null;
  /** Options for navigator.credentials.create(): a resident key with user verification, excluding the member's passkeys. */
  registrationOptions(input: { challenge: string; memberId: string; email: string; name: string; exclude: Passkey[] }): Promise<Record<string, unknown>>;
  /** Options for navigator.credentials.get() with no allowed list (discoverable credentials). */
  authenticationOptions(input: { challenge: string }): Promise<Record<string, unknown>>;
  /** The new credential, or null when the answer does not verify against the challenge, origin and relying party. */
  verifyRegistration(response: PasskeyRegistrationResponse, challenge: string): Promise<RegisteredCredential | null>;
  /** The authenticator's new counter, or null when the answer does not verify with the stored passkey. */
  verifyAuthentication(response: PasskeyAuthenticationResponse, challenge: string, passkey: Passkey): Promise<{ counter: number } | null>;
}
