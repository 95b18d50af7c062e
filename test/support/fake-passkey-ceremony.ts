import type { PasskeyCeremony } from '../../core/member-sign-in/passkey-ceremony.port';

/**
 * WebAuthn's cryptography faked, for tests of the passkey rules without a browser: an answer
 * carries its challenge in clientDataJSON (as a real one does); a registration "verifies" when its
 * attestationObject is "good", a sign-in when its signature is "good", with the counter written
 * after "c" in authenticatorData. The real checks are in the Chromium test
 * (test/features/member-sign-in/e2e/member-passkeys.test.ts).
 */
export class FakePasskeyCeremony implements PasskeyCeremony {
  private next = 0;
  newChallenge(): string {
    this.next += 1;
    return `challenge-${this.next}-${Math.random().toString(36).slice(2)}`;
  }
  challengeOf(response: { response: { clientDataJSON: string } }): string | null {
    return Buffer.from(response.response.clientDataJSON, 'base64url').toString() || null;
  }
  async registrationOptions(input: { challenge: string }) {
    return { challenge: input.challenge };
  }
  async authenticationOptions(input: { challenge: string }) {
    return { challenge: input.challenge };
  }
  async verifyRegistration(response: { id: string; response: { attestationObject: string } }) {
    return response.response.attestationObject === 'good' ? { credentialId: response.id, publicKey: 'pk', counter: 0, transports: ['internal'] } : null;
  }
  async verifyAuthentication(response: { response: { signature: string; authenticatorData: string } }) {
    return response.response.signature === 'good' ? { counter: Number(response.response.authenticatorData.slice(1)) } : null;
  }
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** A browser's registration answer for the fake ceremony. */
export const fakeRegistrationAnswer = (challenge: string, id = 'cred-1', attestation = 'good') => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: b64(challenge), attestationObject: attestation },
  clientExtensionResults: {},
});

/** A browser's sign-in answer for the fake ceremony. */
export const fakeSignInAnswer = (challenge: string, id = 'cred-1', counter = 0, signature = 'good') => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: b64(challenge), authenticatorData: `c${counter}`, signature },
  clientExtensionResults: {},
});
