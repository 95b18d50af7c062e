import { describe, expect, it } from 'vitest';
import { SimpleWebAuthnPasskeyCeremony } from '../../../../adapters/webauthn/simplewebauthn-passkey-ceremony';

const ceremony = new SimpleWebAuthnPasskeyCeremony({ clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' });
const clientData = (value: unknown) => ({ response: { clientDataJSON: Buffer.from(JSON.stringify(value)).toString('base64url') } });

describe('the @simplewebauthn/server passkey ceremony', () => {
  it('gives the browser exactly the challenge it was handed, for the host name of PUBLIC_BASE_URL', async () => {
    const challenge = ceremony.newChallenge();
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const registration = await ceremony.registrationOptions({ challenge, memberId: 'member-1', email: 'pat@example.org', name: 'Pat', exclude: [] });
    expect(registration).toMatchObject({
      challenge,
      rp: { id: 'members.kestrel-yc.example', name: 'Kestrel Yacht Club' },
      user: { name: 'pat@example.org', displayName: 'Pat' },
    });
    expect(registration.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const authentication = await ceremony.authenticationOptions({ challenge });
    expect(authentication).toMatchObject({ challenge, rpId: 'members.kestrel-yc.example', userVerification: 'required' });
    expect(authentication.allowCredentials ?? []).toEqual([]);
  });

  it("reads the challenge a browser's answer signed, and nothing from a malformed one", () => {
    expect(ceremony.challengeOf(clientData({ type: 'webauthn.get', challenge: 'abc_-1' }))).toBe('abc_-1');
    expect(ceremony.challengeOf(clientData({ type: 'webauthn.get' }))).toBeNull();
    expect(ceremony.challengeOf(clientData({ challenge: 42 }))).toBeNull();
    expect(ceremony.challengeOf(clientData(null))).toBeNull();
    expect(ceremony.challengeOf({ response: { clientDataJSON: 'not-json' } })).toBeNull();
  });

  it('refuses (null, no exception) answers that do not verify', async () => {
    const forged = { id: 'x', rawId: 'x', type: 'public-key' as const, clientExtensionResults: {} };
    expect(
      await ceremony.verifyRegistration(
        { ...forged, response: { clientDataJSON: clientData({ challenge: 'c' }).response.clientDataJSON, attestationObject: 'AAAA' } },
        'c',
      ),
    ).toBeNull();
    const passkey = {
      credentialId: 'x',
      memberId: 'm',
      publicKey: 'AAAA',
      counter: 0,
      transports: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
    };
    expect(
      await ceremony.verifyAuthentication(
        { ...forged, response: { clientDataJSON: clientData({ challenge: 'c' }).response.clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' } },
        'c',
        passkey,
      ),
    ).toBeNull();
  });
});
