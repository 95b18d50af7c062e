import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirebaseAuthEmulator, type FirebaseAuthEmulator } from '../../../support/firebase-auth-emulator';
import { sendSignInForm } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { useApp } from '../../../support/e2e/use-app';
import { textOf } from '../../../support/e2e/eventually';

/**
 * The admin journey with IDENTITY=firebase against the real Firebase Authentication emulator.
 * The first admin's e-mail already has a Firebase user (made "in the console" before the first
 * start), so the server links it: the admin signs in with the console password, and the
 * INITIAL_ADMIN_PASSWORD the server was given was never set.
 */

const WEB_API_KEY = 'demo-web-api-key';
const CONSOLE_PASSWORD = 'made-in-the-console-1357';

let emulator: FirebaseAuthEmulator;
let consoleUid = '';

beforeAll(async () => {
  emulator = await startFirebaseAuthEmulator('demo-kyc-e2e');
  const created = await fetch(`${emulator.identityToolkitUrl}/accounts:signUp?key=${WEB_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN_EMAIL, password: CONSOLE_PASSWORD, returnSecureToken: true }),
  });
  expect(created.status).toBe(200);
  consoleUid = ((await created.json()) as { localId: string }).localId;
});

afterAll(async () => {
  await emulator?.stop();
});

// Started once the console user exists; stopped before the emulator (hooks run as a stack).
const world = useApp(() => ({
  env: { IDENTITY: 'firebase', FIREBASE_PROJECT_ID: emulator.projectId, FIREBASE_WEB_API_KEY: WEB_API_KEY, FIREBASE_AUTH_EMULATOR_HOST: emulator.host },
}));

describe('admin panel with Firebase Authentication', () => {
  it('runs on the Firebase identity provider and linked the existing Firebase user as the first admin', async () => {
    const health = await (await fetch(`${world.app.baseUrl}/api/health`)).json();
    expect(health.adapters.identity).toBe('firebase');
    const admin = await world.app.built.ports.get('admins').getByEmail(E2E_ADMIN_EMAIL);
    expect(admin).toMatchObject({ uid: consoleUid, name: 'Club Administrator' });
  });

  it('signs in, shows the dashboard and signs out', async () => {
    const page = await world.browser.newPage();
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();

    // The password the server was configured with was never set: the Firebase user keeps its own.
    await sendSignInForm(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await textOf(page.getByRole('alert')).toBe('Invalid email or password');

    await sendSignInForm(page, E2E_ADMIN_EMAIL.toUpperCase(), CONSOLE_PASSWORD);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Club Administrator' }).waitFor();
    await page.getByRole('heading', { name: 'Recent Events' }).waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    const cookie = (await world.browser.context.cookies()).find((c) => c.name === 'kyc_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await page.request.get('/api/admin/session')).status()).toBe(200);
    const withCookie = () => fetch(`${world.app.baseUrl}/api/admin/session`, { headers: { cookie: `kyc_session=${cookie!.value}` } });
    expect((await withCookie()).status).toBe(200);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/admin/login');
    await page.getByText('You have been signed out.').waitFor();
    expect((await page.request.get('/api/admin/session')).status()).toBe(401);
    // The old cookie value is dead too, not just forgotten by the world.browser.
    expect((await withCookie()).status).toBe(401);
    await page.close();
  });
});
