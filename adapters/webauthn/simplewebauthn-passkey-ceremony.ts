import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyCeremony, RegisteredCredential } from '../../core/member-sign-in/passkey-ceremony.port';
import type { Passkey } from '../../core/member-sign-in/passkey-repository.port';
import { onFirstUse } from '../first-use';
import { PASSKEY_CHALLENGE_TTL_MS, type PasskeyAuthenticationResponse, type PasskeyRegistrationResponse } from '../../core/member-sign-in/passkeys';

/**
 * The relying party: the club's name, and the site's public address, whose host name is the
 * relying party id and whose origin every answer must come from. Read at each ceremony.
 */
export interface RelyingPartySettings {
  clubName: string;
  publicBaseUrl: string;
}

// The library (and its ASN.1 and X.509 packages) loads on the first ceremony, not at start: most
// of a server's life needs none (ADR 0078).
const simpleWebAuthn = onFirstUse(() => import('@simplewebauthn/server'));

/** WebAuthn with @simplewebauthn/server (v14): resident keys, user verification required, no attestation. */
export class SimpleWebAuthnPasskeyCeremony implements PasskeyCeremony {
  constructor(private readonly settings: RelyingPartySettings) {}

  private relyingParty(): { id: string; origin: string } {
    const url = new URL(this.settings.publicBaseUrl);
    return { id: url.hostname, origin: url.origin };
  }

  newChallenge(): string {
    return randomBytes(32).toString('base64url');
  }

  challengeOf(response: { response: { clientDataJSON: string } }): string | null {
    try {
      const clientData: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
      if (typeof clientData !== 'object' || clientData === null) return null;
      const challenge = (clientData as { challenge?: unknown }).challenge;
      return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
    } catch {
      return null;
    }
  }

  async registrationOptions(input: { challenge: string; memberId: string; email: string; name: string; exclude: Passkey[] }): Promise<Record<string, unknown>> {
    const { generateRegistrationOptions } = await simpleWebAuthn();
    return generateRegistrationOptions({
      rpName: this.settings.clubName,
      rpID: this.relyingParty().id,
      userName: input.email,
      userDisplayName: input.name,
      userID: new TextEncoder().encode(input.memberId),
      // As bytes: a string would be taken as UTF-8 text and sent base64url-encoded again.
      challenge: challengeBytes(input.challenge),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: input.exclude.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    }) as unknown as Promise<Record<string, unknown>>;
  }

  async authenticationOptions(input: { challenge: string }): Promise<Record<string, unknown>> {
    const { generateAuthenticationOptions } = await simpleWebAuthn();
    return generateAuthenticationOptions({
      rpID: this.relyingParty().id,
      challenge: challengeBytes(input.challenge),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      userVerification: 'required',
    }) as unknown as Promise<Record<string, unknown>>;
  }

  async verifyRegistration(response: PasskeyRegistrationResponse, challenge: string): Promise<RegisteredCredential | null> {
    const expected = this.expected(challenge);
    return refusedWhenThrown(async () => {
      const { verifyRegistrationResponse } = await simpleWebAuthn();
      const result = await verifyRegistrationResponse({ response: response as RegistrationResponseJSON, ...expected });
      if (!result.verified) return null;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
      };
    });
  }

  async verifyAuthentication(response: PasskeyAuthenticationResponse, challenge: string, passkey: Passkey): Promise<{ counter: number } | null> {
    const expected = this.expected(challenge);
    return refusedWhenThrown(async () => {
      const { verifyAuthenticationResponse } = await simpleWebAuthn();
      const result = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        ...expected,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports,
        },
      });
      return result.verified ? { counter: result.authenticationInfo.newCounter } : null;
    });
  }

  /** What every answer is checked against: the challenge given out, this site, and a verified member (PIN, biometrics). */
  private expected(challenge: string) {
    const rp = this.relyingParty();
    return { expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true } as const;
  }
}

/** A malformed or forged answer makes the library throw; to the member it is one refusal (null). */
async function refusedWhenThrown<T>(verify: () => Promise<T | null>): Promise<T | null> {
  try {
    return await verify();
  } catch {
    return null;
  }
}

/** The challenge's bytes: the browser's clientDataJSON then carries exactly the base64url given out. */
function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}
