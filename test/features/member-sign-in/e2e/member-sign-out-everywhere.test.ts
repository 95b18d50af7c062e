import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAX_FAILED_CODES_PER_DAY, SIGN_IN_MESSAGES, wrongCodeKeys } from '../../../../core/member-sign-in/member-sign-in';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { addCurrentMembers } from '../../../support/e2e/admin-api';

const world = useApp({ mail: true });

const MEMBER = { id: 'member-e2e-everywhere', name: 'Jo Everywhere', email: 'jo.everywhere@example.org' };
const CAPPED = { id: 'member-e2e-capped', name: 'Sam Capped', email: 'sam.capped@example.org' };

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER, CAPPED]);
});

let mailsSeen = 0;
/** Signs the member in on `page` with an e-mailed code, as a member would. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByText('Check your e-mail').waitFor();
  mailsSeen += 1;
  const received = await world.smtp.waitFor(mailsSeen);
  const code = /Your sign-in code is (\d{6})\./.exec(received.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('No code e-mailed');
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(`Signed in as ${MEMBER.name}`).waitFor();
}

describe('signing out everywhere in Chromium', () => {
  it('two browsers signed in as one member: "Sign out everywhere" in one signs the other out at its next request', async () => {
    const phone = await world.browser.newPage(PHONE);
    await signIn(phone);
    const laptop = await (await world.launchBrowser()).newPage();
    await signIn(laptop);

    await phone.goto('/my');
    await phone.getByText(`Signed in as ${MEMBER.name}`).waitFor();
    await expectAccessible(phone, 'member-sign-out-everywhere-375');
    await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    expect((await phone.context().cookies()).find((cookie) => cookie.name === 'kyc_member')).toBeUndefined();

    // The laptop still holds its cookie; its next request finds no member.
    await laptop.goto('/my');
    await laptop.getByText('to see your club page.').waitFor();
    expect(await laptop.getByText(`Signed in as ${MEMBER.name}`).count()).toBe(0);
    await phone.close();
  });

  it('shows the daily cap of wrong codes on the sign-in page', async () => {
    // The day's wrong codes for the address, as a guesser would have left them.
    const ports = world.app.built.ports;
    const { account } = wrongCodeKeys(ports.get('signInKeys').emailKey(CAPPED.email), '203.0.113.9');
    for (let i = 0; i < MAX_FAILED_CODES_PER_DAY; i += 1) await ports.get('loginAttempts').recordFailure([account], ports.get('clock').now());
    const page = await world.browser.newPage(PHONE);
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(CAPPED.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByRole('alert').getByText(SIGN_IN_MESSAGES.tooManyWrongCodes).waitFor();
    await expectAccessible(page, 'member-sign-in-cap-375');
    await page.close();
  });
});
