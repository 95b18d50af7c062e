import { beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { SimpleWebAuthnPasskeyCeremony, type RelyingPartySettings } from '../../../../adapters/webauthn/simplewebauthn-passkey-ceremony';
import { PASSKEY_MESSAGES } from '../../../../core/member-sign-in/passkeys';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { signInCode } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { addCurrentMembers } from '../../../support/e2e/admin-api';

/**
 * The whole passkey ceremony in Chromium with its virtual authenticator (DevTools WebAuthn
 * domain) and the real @simplewebauthn/server checks. Chromium refuses an IP address as the
 * relying party id, so the app is opened as http://localhost:PORT (a secure context) and its
 * relying party is that address, set once the server has its port.
 */
const relyingParty: RelyingPartySettings = { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'http://localhost' };
const world = useApp({ mail: true, adapters: { passkeyCeremony: new SimpleWebAuthnPasskeyCeremony(relyingParty) } });

const MEMBER = { id: 'member-passkey-e2e', name: 'Sam Halyard', email: 'sam.halyard@example.org' };
const RETURNING = { id: 'member-passkey-e2e-2', name: 'Lou Fairlead', email: 'lou.fairlead@example.org' };
let site: string;

beforeAll(async () => {
  site = world.app.baseUrl.replace('127.0.0.1', 'localhost');
  relyingParty.publicBaseUrl = site;
  await addCurrentMembers(world, [MEMBER, RETURNING]);
});

/** A platform authenticator with resident keys and user verification, as a phone's. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('member passkeys in Chromium', () => {
  it('signs in with a code, adds a passkey, signs out, signs in with the passkey; removed, it no longer signs in', async () => {
    const page = await world.browser.newPage(PHONE);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    await page.goto(`${site}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    // Shown once the page has hydrated, since this browser can use passkeys.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await expectAccessible(page, 'member-sign-in-passkey-375');
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('6-digit code').fill(await signInCode(world.smtp, MEMBER.email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();

    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('You have no passkeys yet.').waitFor();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByText('Passkey added. Next time, choose "Sign in with a passkey".').waitFor();
    await passkeys.getByText(/^Passkey added .*, not used yet$/).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    const stored = await world.app.built.ports.get('passkeys').listByMember(MEMBER.id);
    expect(stored.map((passkey) => passkey.credentialId)).toEqual([credentials[0].credentialId.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')]);
    await expectAccessible(page, 'member-passkeys-375');

    await signOut(page);
    await page.goto(`${site}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
    await page.getByText(`Signed in as ${MEMBER.name}`).waitFor();
    await passkeys.getByText(/, last used /).waitFor();
    // No hydration mismatch (the passkey button appears only after hydration) and no failed request so far.
    expect(world.browser.errors).toEqual([]);
    expect((await world.app.built.ports.get('passkeys').listByMember(MEMBER.id))[0].lastUsedAt).not.toBeNull();

    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'member-passkeys-1280');
    await passkeys.getByRole('button', { name: /^Remove the passkey added / }).click();
    // The passkey signed this device in: the session ends with it (a lost phone's would too).
    await page.getByText('to see your club page.').waitFor();
    expect(await world.app.built.ports.get('passkeys').listByMember(MEMBER.id)).toEqual([]);

    // The device still holds the passkey, but the club no longer knows it: one clear refusal.
    await page.goto(`${site}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText(PASSKEY_MESSAGES.signInRefused).waitFor();
    await expectAccessible(page, 'member-sign-in-passkey-refused-1280');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.close();
  });

  it('a passkey sign-in returns to the page it started from: /duties?swap=…', async () => {
    const page = await world.browser.newPage(PHONE);
    await virtualAuthenticator(page);
    await page.goto(`${site}/sign-in`);
    await page.getByLabel('Email').fill(RETURNING.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('6-digit code').fill(await signInCode(world.smtp, RETURNING.email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByText('Passkey added. Next time, choose "Sign in with a passkey".').waitFor();
    await signOut(page);

    await page.goto(`${site}/duties?swap=swap-from-an-email`);
    await page.getByRole('main').getByRole('link', { name: 'sign in' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/duties' && url.searchParams.get('swap') === 'swap-from-an-email');
    await page.getByRole('heading', { name: 'Duties', level: 1 }).waitFor();
    await expectAccessible(page, 'member-duties-passkey-returned-375');
    await page.close();
  });
});
