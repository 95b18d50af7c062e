import { describe, expect, it } from 'vitest';
import { RESET_MESSAGES } from '../../../core/admins/password-reset';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../support/app-server';
import { describeViolations, seriousAxeViolations } from '../support/axe';
import { PHONE, screenshot } from '../support/browser';
import { useApp } from '../support/use-app';
import { countOf } from '../support/eventually';

const NEW_PASSWORD = 'the-new-password-1357';


const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

/** A session of the admin's on another device: the cookie it carries. */
async function sessionCookieElsewhere(password: string): Promise<string> {
  const response = await fetch(`${world.app.baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email: E2E_ADMIN_EMAIL, password }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

async function sessionStatus(cookie: string): Promise<number> {
  return (await fetch(`${world.app.baseUrl}/api/admin/session`, { headers: { cookie } })).status;
}

async function expectAxeClean(page: Parameters<typeof seriousAxeViolations>[0]): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('forgotten admin password', () => {
  it('forgot password → the e-mail arrives → its link sets a new password → sign in with it; the old session is over', async () => {
    const otherDevice = await sessionCookieElsewhere(E2E_ADMIN_PASSWORD);
    expect(await sessionStatus(otherDevice)).toBe(200);

    const page = await world.browser.newPage(PHONE);
    await page.context().clearCookies();
    await page.goto('/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/admin/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await expectAxeClean(page);

    // The rule first: no request goes out for an empty address.
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(RESET_MESSAGES.emailRequired).waitFor();
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: RESET_MESSAGES.sent }).waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'admin-forgot-password-375');

    const mail = await world.smtp.waitForSubject(`Reset your ${world.app.config.clubName} admin password`);
    expect(mail.to).toMatchObject({ value: [{ address: E2E_ADMIN_EMAIL }] });
    const link = new URL(/http:\/\/localhost:\d+\/admin\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0] ?? 'http://none.example');
    expect(link.pathname).toBe('/admin/reset-password');

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAxeClean(page);
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
    await expectAxeClean(page);
    expect(await sessionStatus(otherDevice)).toBe(401);

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
    await expectAxeClean(page);
    expect(await sessionStatus(await sessionCookieElsewhere(NEW_PASSWORD))).toBe(200);
    await page.close();
  });

  it('says a made-up link is not valid without asking for a password', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/admin/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    await page.getByRole('alert').filter({ hasText: RESET_MESSAGES.invalid }).waitFor();
    await countOf(page.getByLabel('New password', { exact: true })).toBe(0);
    await expectAxeClean(page);
    await page.close();
  });
});
