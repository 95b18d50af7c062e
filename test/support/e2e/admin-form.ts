import type { Page } from 'playwright-core';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './app-server';
import type { BrowserSession } from './browser';

/** The date and time inputs of one of the event form's date-time groups ("Start Date & Time" …). */
export function dateTimeGroup(page: Page, label: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  return { group, date: group.getByLabel('Date', { exact: true }), time: group.getByLabel('Time', { exact: true }) };
}

/** Types a wall clock ('yyyy-MM-ddTHH:mm') as an admin would: day first, then the 24-hour time. */
export async function fillDateTime(page: Page, label: string, wallClock: string): Promise<void> {
  const [date, time] = wallClock.split('T');
  const [year, month, day] = date.split('-');
  const { date: dateInput, time: timeInput } = dateTimeGroup(page, label);
  await dateInput.fill(`${day}/${month}/${year}`);
  await timeInput.fill(time);
}

/** What the group's two inputs hold, as a wall clock ('yyyy-MM-ddTHH:mm'). */
export async function dateTimeValue(page: Page, label: string): Promise<string> {
  const { date, time } = dateTimeGroup(page, label);
  const [day, month, year] = (await date.inputValue()).split('/');
  return `${year}-${month}-${day}T${await time.inputValue()}`;
}

/**
 * A new tab on the admin dashboard, signed in as the e2e admin. Tabs share one browser profile,
 * so after the first sign-in the dashboard opens signed in already.
 */
export async function signedInAdminPage(browser: Pick<BrowserSession, 'newPage'>, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.goto('/admin/dashboard');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await Promise.race([signIn.waitFor(), page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor()]);
  if (await signIn.isVisible()) await submitAdminSignIn(page);
  return page;
}

/** On the sign-in form: types the e-mail and password (the e2e admin's unless told), signs in, waits for the dashboard. */
export async function submitAdminSignIn(page: Page, email = E2E_ADMIN_EMAIL, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/** Opens the admin sign-in page and signs in (as the e2e admin unless told). */
export async function signInOnLoginPage(page: Page, email = E2E_ADMIN_EMAIL, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await submitAdminSignIn(page, email, password);
}

/** On the sign-in form: types an e-mail and password and sends them, waiting for the server's answer, whatever it is. */
export async function sendSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/admin/session') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign In' }).click(),
  ]);
}

/**
 * A test file's sign-in for its tabs: the first signs in on the login page, every later one opens
 * the dashboard (the browser's one profile keeps the session). One per file: a worker keeps its
 * modules between test files, and each file has a browser of its own.
 */
export function signInOnce(): (page: Page) => Promise<void> {
  let signedIn = false;
  return async (page) => {
    if (signedIn) {
      await page.goto('/admin/dashboard');
      return;
    }
    signedIn = true;
    await signInOnLoginPage(page);
  };
}
