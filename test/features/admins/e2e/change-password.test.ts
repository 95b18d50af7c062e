import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '../../../../core/admin-accounts/change-password-schema';
import { ADMIN_MESSAGES } from '../../../../core/admin-accounts/create-admin';
import { signInOnLoginPage, submitAdminSignIn } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { sessionCookieElsewhere, sessionStatus } from '../../../support/e2e/admin-api';
import { PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';

/**
 * A signed-in admin changes their own password on My Account. A server of its own: the
 * password changes, and the wrong current password counts as a failed sign-in.
 */

const NEW_PASSWORD = 'the-changed-password-8642';

const world = useApp();

describe("changing one's own admin password", () => {
  it('on a phone: the rule first, a wrong current password refused, then the change; this tab stays signed in, the other device is out', async () => {
    const otherDevice = await sessionCookieElsewhere(world.app.baseUrl, E2E_ADMIN_PASSWORD);
    const page = await world.browser.newPage(PHONE);
    await page.context().clearCookies();
    await signInOnLoginPage(page);

    // Who is signed in, said in the folded menu on a phone, leads to their own account.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Club Administrator (my account)' }).click();
    await page.waitForURL('**/admin/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Change Password' }).waitFor();
    await page.getByText(E2E_ADMIN_EMAIL).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'change password', null);

    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('New password again', { exact: true });
    const submit = page.getByRole('button', { name: 'Change Password' });

    // The rule first: nothing is sent for an empty form, and focus goes to the first problem.
    await submit.click();
    await page.getByText(CHANGE_PASSWORD_MESSAGES.currentRequired).waitFor();
    await page.getByText(ADMIN_MESSAGES.passwordTooShort).waitFor();
    expect(await current.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'change password', null);

    await current.fill(E2E_ADMIN_PASSWORD);
    await next.fill(NEW_PASSWORD);
    await repeat.fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await page.getByText(CHANGE_PASSWORD_MESSAGES.mismatch).waitFor();

    // A wrong current password: refused by the server beside its field, nothing changed.
    await current.fill('not-my-password');
    await repeat.fill(NEW_PASSWORD);
    await submit.click();
    await page.getByText(CHANGE_PASSWORD_MESSAGES.currentWrong).waitFor();
    await submit.waitFor();
    expect(await sessionStatus(world.app.baseUrl, otherDevice)).toBe(200);
    await expectAccessible(page, 'change password', null);

    await current.fill(E2E_ADMIN_PASSWORD);
    await screenshot(page, 'admin-change-password-375');
    await submit.click();
    await page.getByRole('status').filter({ hasText: CHANGE_PASSWORD_MESSAGES.done }).waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await next.inputValue()).toBe('');
    await expectAccessible(page, 'change password', null);
    expect(await sessionStatus(world.app.baseUrl, otherDevice)).toBe(401);

    // This tab is still signed in, on the session the answer gave it.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/account$/);

    // The old password no longer signs in; the new one does.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/admin/login');
    expect(
      (
        await fetch(`${world.app.baseUrl}/api/admin/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
          body: JSON.stringify({ email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD }),
        })
      ).status,
    ).toBe(401);
    await submitAdminSignIn(page, E2E_ADMIN_EMAIL, NEW_PASSWORD);
    await page.close();
  });
});
