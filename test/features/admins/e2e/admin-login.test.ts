import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UnavailableError } from '../../../../core/shared/errors';
import { sendSignInForm } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, disabledOf, eventually } from '../../../support/e2e/eventually';

/**
 * Sign-in messages and the guard's redirects. A server of its own: the failed sign-ins here
 * count towards the rate limit, which must not lock out the other admin tests.
 */

const NO_RECORD_EMAIL = 'no-record@kestrel-yc.example';
const NO_RECORD_PASSWORD = 'identity-only-1234';
const OUTAGE_EMAIL = 'outage@kestrel-yc.example';

const world = useApp();

beforeAll(async () => {
  const identity = world.app.built.ports.get('identity');
  // A user the identity provider knows but who has no admin record (spec section 6).
  await identity.createUser({ email: NO_RECORD_EMAIL, password: NO_RECORD_PASSWORD, displayName: 'Not An Admin' });
  // The identity provider being unreachable, for one e-mail only.
  const realSignIn = identity.signIn.bind(identity);
  identity.signIn = async (email, password) => {
    if (email === OUTAGE_EMAIL) throw new UnavailableError('The identity provider did not answer');
    return realSignIn(email, password);
  };
});

/**
 * A tab of a visitor who is not signed in. The tabs share one browser profile, so a test that
 * stopped half-way signed in must not leave the next test signed in too.
 */
async function signedOutPage(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await world.browser.newPage(viewport);
  await page.context().clearCookies();
  return page;
}

async function loginPage(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await signedOutPage(viewport);
  await page.goto('/admin/login');
  await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
  return page;
}

async function attempt(page: Page, email: string, password: string): Promise<string> {
  // Wait for this attempt's answer, and for the form to be ready again, so the message read is
  // the new one and not the previous attempt's.
  await sendSignInForm(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  return page.getByRole('alert').innerText();
}

describe('admin sign-in', () => {
  it('keeps Sign In disabled until both e-mail and password are present', async () => {
    const page = await loginPage();
    const button = page.getByRole('button', { name: 'Sign In' });
    await disabledOf(button).toBe(true);
    await page.getByLabel('Password').fill('something');
    await disabledOf(button).toBe(true);
    await page.getByLabel('Email').fill('   ');
    await disabledOf(button).toBe(true);
    await page.getByLabel('Email').fill('someone@example.org');
    await disabledOf(button).toBe(false);
    await page.getByLabel('Password').fill('');
    await disabledOf(button).toBe(true);
    await page.close();
  });

  it('shows each sign-in refusal with the catalogue message', async () => {
    const page = await loginPage();
    expect(await attempt(page, E2E_ADMIN_EMAIL, 'wrong-password')).toBe('Invalid email or password');
    expect(await attempt(page, 'nobody@kestrel-yc.example', 'whatever-123')).toBe('Invalid email or password');
    expect(await attempt(page, NO_RECORD_EMAIL, NO_RECORD_PASSWORD)).toBe('Access denied. You do not have admin privileges.');
    expect(await attempt(page, OUTAGE_EMAIL, 'any-password-1')).toBe('Login failed. Please try again.');
    expect(page.url()).toMatch(/\/admin\/login$/);
    // Refused sign-ins leave no session behind.
    expect((await page.request.get('/api/admin/session')).status()).toBe(401);
    await screenshot(page, 'admin-login-refused');
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.close();
  });

  it('signs in with the keyboard alone and moves focus to each new page title', async () => {
    const page = await loginPage(PHONE);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(E2E_ADMIN_EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(E2E_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Club Administrator' }).waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Welcome, Club Administrator');

    await page.getByRole('link', { name: /Manage Events/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/events');
    await page.getByRole('heading', { level: 1, name: 'Manage Events' }).waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.tagName + ':' + document.activeElement?.textContent)).toBe('H1:Manage Events');
    await screenshot(page, 'admin-dashboard-phone-events');

    // A signed-in admin who opens the login page is sent to the dashboard.
    await page.goto('/admin/login');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/admin/login');
    await page.close();
  });

  it('sends a signed-out visitor to sign in and then back where they were going', async () => {
    const page = await signedOutPage();
    await page.goto('/admin/admins');
    await page.waitForURL('**/admin/login');
    await page.getByText('Please sign in to continue.').waitFor();
    await countOf(page.getByRole('heading', { name: 'Admins' })).toBe(0);
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/admins');
    await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
    // The heading shows before the list arrives; the session ends only once the page has its data,
    // or the list's own request could be the one refused (and the sign-in page reached before the click).
    await page.getByRole('region', { name: 'Admin accounts' }).getByRole('table').waitFor();

    // A session ended on the server (here: signed out through the API) sends the next screen
    // that asks the server for data back to sign in, without showing that data.
    await page.request.delete('/api/admin/session', { headers: { 'X-Requested-With': 'fetch' } });
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL('**/admin/login');
    await countOf(page.getByRole('table')).toBe(0);
    await page.close();
  });

  it('after repeated failures says Too many failed login attempts', async () => {
    const page = await loginPage();
    const email = 'locked-out@kestrel-yc.example';
    let message = '';
    for (let i = 0; i < 7 && message !== 'Too many failed login attempts. Please try again later.'; i++) {
      message = await attempt(page, email, `wrong-${i}-password`);
    }
    expect(message).toBe('Too many failed login attempts. Please try again later.');
    await page.close();
  });
});
