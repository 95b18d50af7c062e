import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { warmTab } from '../../../support/e2e/warm-tab';
import { addCurrentMembers } from '../../../support/e2e/admin-api';

const world = useApp({ mail: true });
/**
 * The tab the tests take in turn, each opening its page afresh (test/support/e2e/warm-tab.ts); the test of Back
 * after signing in keeps a new tab, its history its own.
 */
const tab = warmTab(() => world.browser);

const MEMBERS = [
  { id: 'member-e2e-1', name: 'Robin Tiller', email: 'robin.tiller@example.org' },
  { id: 'member-e2e-2', name: 'Morgan Sheet', email: 'morgan.sheet@example.org' },
  { id: 'member-e2e-3', name: 'Alex Bowline', email: 'alex.bowline@example.org' },
  { id: 'member-e2e-4', name: 'Jess Cleat', email: 'jess.cleat@example.org' },
  { id: 'member-e2e-5', name: 'Kit Shackle', email: 'kit.shackle@example.org' },
];

beforeAll(async () => {
  await addCurrentMembers(world, MEMBERS);
});

/** The sign-in e-mail to `email`, read from the SMTP server as a mail client would. */
async function signInMail(email: string): Promise<{ code: string; link: URL }> {
  let mail: ParsedMail | undefined;
  for (let count = 1; !mail; count += 1) {
    const received = await world.smtp.waitFor(count);
    mail = received.find((m) => m.subject?.endsWith('sign-in code') && JSON.stringify(m.to).includes(email));
  }
  const code = /Your sign-in code is (\d{6})\./.exec(mail.text ?? '')?.[1];
  const link = /https?:\/\/\S+\/sign-in#\S+/.exec(mail.text ?? '')?.[0];
  if (!code || !link) throw new Error(`No code or link in: ${mail.text}`);
  return { code, link: new URL(link) };
}

async function memberCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'kyc_member');
}

describe('member sign-in in Chromium', () => {
  it('on a phone: e-mail, "check your e-mail", the code from the e-mail, then My club and Sign out', async () => {
    const [member] = MEMBERS;
    const page = await tab.open(PHONE);
    await page.goto('/sign-in');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await expectAccessible(page, 'member-sign-in-375');

    // A bad address is refused in the form.
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('Email is required').waitFor();

    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await expectAccessible(page, 'member-sign-in-code-375');

    const { code } = await signInMail(member.email);
    // A wrong code first: the refusal is shown, and the right one still works.
    await page.getByLabel('6-digit code').fill(code === '111111' ? '222222' : '111111');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('#sign-in-code-error').getByText('That code is not valid. Please check it, or ask for a new code.').waitFor();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
    await page.getByText(`Signed in as ${member.name}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my');
    const cookie = await memberCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    await expectAccessible(page, 'member-my-club-375');

    // The phone menu names the member.
    await page.getByRole('button', { name: 'MENU' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile navigation' })
      .getByRole('link', { name: `My club: ${member.name}` })
      .waitFor();
    await page.getByRole('button', { name: 'MENU' }).click();

    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'MENU' }).click();
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await memberCookie(page)).toBeUndefined();
  });

  it('on a desktop: the e-mailed link opens the page without signing in; the button signs in, and the header shows the member', async () => {
    const member = MEMBERS[1];
    const page = await tab.open(DESKTOP);
    await page.goto('/');
    const header = page.getByRole('navigation', { name: 'Main navigation' });
    await header.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('Check your e-mail').waitFor();
    const { link } = await signInMail(member.email);
    expect(link.pathname).toBe('/sign-in');

    const errors: string[] = [];
    const noted = (message: ConsoleMessage) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
    };
    page.on('console', noted);
    onTestFinished(() => void page.off('console', noted));
    await page.goto(`/sign-in${link.hash}`);
    await page.getByText(`Sign in as ${member.email} with the code from your e-mail.`).waitFor();
    expect(await memberCookie(page)).toBeUndefined();
    await expectAccessible(page, 'member-sign-in-link-1280');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
    await header.getByRole('link', { name: `My club: ${member.name}` }).waitFor();
    await expectAccessible(page, 'member-my-club-1280');

    // Drawn by the server as a visitor's page, then hydrated without a mismatch: the member follows.
    await page.reload();
    await header.getByRole('link', { name: `My club: ${member.name}` }).waitFor();
    await page.getByText(`Signed in as ${member.name}`).waitFor();
    expect(errors).toEqual([]);

    // The same link again: its code is used.
    await page.goto(`/sign-in${link.hash}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('That code is not valid. Please check it, or ask for a new code.').waitFor();
  });
});

describe('signing in returns to where the member started', () => {
  // The tabs share one browser profile: each test starts signed out.
  beforeEach(() => world.browser.context.clearCookies({ name: 'kyc_member' }));

  /** Asks for a code on the open sign-in page and signs in with it. */
  async function signInWithCode(page: Page, email: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('Check your e-mail').waitFor();
    const { code } = await signInMail(email);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('on a phone: from a swap e-mail’s /duties?swap=…, Sign in in the menu and the code lead back to that page', async () => {
    const member = MEMBERS[2];
    const page = await world.browser.newPage(PHONE);
    await page.goto('/duties?swap=swap-from-an-email');
    await page.getByText('Please sign in to see your duties, volunteer for open ones and take the duty you were asked to.').waitFor();
    await page.getByRole('button', { name: 'MENU' }).click();
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await expectAccessible(page, 'member-sign-in-return-375');
    await signInWithCode(page, member.email);
    await page.waitForURL((url) => url.pathname === '/duties' && url.searchParams.get('swap') === 'swap-from-an-email');
    await page.getByRole('heading', { name: 'Duties', level: 1 }).waitFor();
    await page.getByText('Racing and training run on volunteers.', { exact: false }).waitFor();
    await expectAccessible(page, 'member-duties-returned-375');
    // The sign-in page left the history: Back goes to the page before it, not to a used sign-in form.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/duties');
    await page.close();
  });

  it('refuses a return path to another site: //evil.example and https://evil.example both go to My club', async () => {
    for (const [returnTo, member] of [
      ['//evil.example', MEMBERS[3]],
      ['https://evil.example', MEMBERS[4]],
    ] as const) {
      await world.browser.context.clearCookies({ name: 'kyc_member' });
      const page = await tab.open(PHONE);
      await page.goto(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      await signInWithCode(page, member.email);
      await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
      const url = new URL(page.url());
      expect(url.origin).toBe(world.app.baseUrl);
      expect(url.pathname).toBe('/my');
    }
  });
});
