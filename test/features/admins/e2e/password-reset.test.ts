import { describe, expect, it } from 'vitest';
import { RESET_MESSAGES } from '../../../../core/admins/password-reset';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { sessionCookieElsewhere, sessionStatus } from '../../../support/e2e/admin-api';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf } from '../../../support/e2e/eventually';

const NEW_PASSWORD = 'the-new-password-1357';

const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

describe('forgotten admin password', () => {
  it('forgot password → the e-mail arrives → its link sets a new password → sign in with it; the old session is over', async () => {
    const otherDevice = await sessionCookieElsewhere(world.app.baseUrl, E2E_ADMIN_PASSWORD);
    expect(await sessionStatus(world.app.baseUrl, otherDevice)).toBe(200);

    const page = await world.browser.newPage(PHONE);
    await page.context().clearCookies();
    await page.goto('/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/admin/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await expectAccessible(page, 'password reset', null);

    // The rule first: no request goes out for an empty address.
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(RESET_MESSAGES.emailRequired).waitFor();
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: RESET_MESSAGES.sent }).waitFor();
    await expectAccessible(page, 'password reset', null);
    await screenshot(page, 'admin-forgot-password-375');

    const mail = await world.smtp.waitForSubject(`Reset your ${world.app.config.clubName} admin password`);
    expect(mail.to).toMatchObject({ value: [{ address: E2E_ADMIN_EMAIL }] });
    const link = new URL(/http:\/\/localhost:\d+\/admin\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0] ?? 'http://none.example');
    expect(link.pathname).toBe('/admin/reset-password');

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'password reset', null);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password again', { exact: true }).fill(NEW_PASSWORD);
    await screenshot(page, 'admin-reset-password-375');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await page.waitForURL('**/admin/login');
    await page.getByRole('status').filter({ hasText: RESET_MESSAGES.done }).waitFor();
    await expectAccessible(page, 'password reset', null);
    expect(await sessionStatus(world.app.baseUrl, otherDevice)).toBe(401);

    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/admin/login');

    // The same link a second time: refused, with the way on.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('New password again', { exact: true }).fill('yet-another-password');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('alert').filter({ hasText: RESET_MESSAGES.used }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await expectAccessible(page, 'password reset', null);
    expect(await sessionStatus(world.app.baseUrl, await sessionCookieElsewhere(world.app.baseUrl, NEW_PASSWORD))).toBe(200);
    await page.close();
  });

  it('says a made-up link is not valid without asking for a password', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/admin/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    await page.getByRole('alert').filter({ hasText: RESET_MESSAGES.invalid }).waitFor();
    await countOf(page.getByLabel('New password', { exact: true })).toBe(0);
    await expectAccessible(page, 'password reset', null);
    await page.close();
  });
});
