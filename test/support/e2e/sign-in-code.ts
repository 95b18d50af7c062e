import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import type { SmtpTestServer } from '../smtp-test-server';
import { PHONE, type BrowserSession } from './browser';

/** The code of the sign-in e-mail the app sent `email`, once the test's SMTP server has it. */
export async function signInCode(smtp: SmtpTestServer, email: string): Promise<string> {
  let mail: ParsedMail | undefined;
  for (let count = 1; !mail; count += 1) {
    const received = await smtp.waitFor(count);
    mail = received.find((m) => m.subject?.endsWith('sign-in code') && JSON.stringify(m.to).includes(email));
  }
  const code = /Your sign-in code is (\d{6})\./.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}

/** Signs `email` in on the sign-in page with the e-mailed code, as a member would; ends on My club. */
export async function signInOnMemberPage(page: Page, smtp: SmtpTestServer, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByText('Check your e-mail').waitFor();
  await page.getByLabel('6-digit code').fill(await signInCode(smtp, email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
}

/** A new phone-sized tab of this browser, `email` signed in there with the e-mailed code; ends on My club. */
export async function memberOnPhone(world: { browser: Pick<BrowserSession, 'newPage'>; smtp: SmtpTestServer }, email: string): Promise<Page> {
  const page = await world.browser.newPage(PHONE);
  await signInOnMemberPage(page, world.smtp, email);
  return page;
}
