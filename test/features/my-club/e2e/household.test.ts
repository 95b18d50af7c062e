import { beforeAll, describe, expect, it } from 'vitest';
import { addCurrentMembers, createEvent, memberPricedSupper, signedInAdminRequests } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { memberOnPhone, signInOnMemberPage } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { addJunior, submitBooking } from './household-form';

// Households of several members in Chromium (docs/members-households.md): the contact invites
// another member from My club (the same answer for an e-mail that is no member's), the member
// follows the e-mailed link to My club, where the invitation comes first, accepts, then books for
// the household's dependant and for the contact, each at the member price. Then the contact edits
// a dependant and withdraws an invitation the invited member can then no longer accept. At 375 px.
const world = useApp({ mail: true });
const suffix = Date.now().toString(36);
const ANN = { id: `member-e2e-ann-${suffix}`, name: 'Ann Bowline', email: `ann.bowline.${suffix}@example.org` };
const BOB = { id: `member-e2e-bob-${suffix}`, name: 'Bob Bowline', email: `bob.bowline.${suffix}@example.org` };
const CAT = { id: `member-e2e-cat-${suffix}`, name: 'Cat Bowline', email: `cat.bowline.${suffix}@example.org` };
const NOBODY = `nobody.${suffix}@example.org`;
const SUPPER = `Household supper ${suffix}`;
let supperId = '';

beforeAll(async () => {
  await addCurrentMembers(world, [ANN, BOB, CAT]);
  supperId = await createEvent(await signedInAdminRequests(world), world.app.baseUrl, memberPricedSupper(SUPPER));
});

/** The link of the invitation e-mail the app sent `to`, read back from the SMTP server. */
async function invitationLink(to: string): Promise<string> {
  const mail = await world.smtp.waitForSubject(`${ANN.name} invites you into their household`);
  expect(JSON.stringify(mail.to)).toContain(to);
  const link = /https?:\/\/\S+\/my\b/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`No link in: ${mail.text}`);
  return new URL(link).pathname;
}

describe('a household of two members in Chromium', () => {
  it('inviting a member and an e-mail that is no member’s answers alike; the member follows the e-mail to My club, where the invitation comes first, accepts and books', async () => {
    const page = await memberOnPhone(world, ANN.email);
    const household = page.getByRole('region', { name: 'Household' });
    await addJunior(household, 'Milly Bowline', '2018');
    const sent = household.getByText('Invitation sent. If this e-mail is a member’s, they get an e-mail and accept on their My club.');
    for (const email of [BOB.email, NOBODY]) {
      await household.getByLabel('Their e-mail').fill(email);
      await household.getByRole('button', { name: 'Invite', exact: true }).click();
      await household.getByRole('button', { name: `Withdraw the invitation to ${email}` }).waitFor();
      await sent.waitFor();
      expect(await household.getByRole('alert').count()).toBe(0);
    }
    const waiting = household.getByRole('list', { name: 'Invitations waiting' });
    expect((await waiting.getByRole('listitem').allInnerTexts()).map((text) => text.split(/\s/)[0])).toEqual([BOB.email, NOBODY]);
    await expectAccessible(page, 'my-club-household-invited-375');

    // Bob, on the same page once Ann's session is gone, opens the e-mail's link: signs in, then My club.
    const link = await invitationLink(BOB.email);
    expect(link).toBe('/my');
    await world.browser.context.clearCookies();
    await page.goto(link);
    await page.getByText('to see your club page').waitFor();
    await signInOnMemberPage(page, world.smtp, BOB.email);
    // The invitation is the first section after the member's own (read once it has come).
    const invitation = page.getByRole('region', { name: 'An invitation into a household' });
    await invitation.getByText('Ann Bowline invites you into their household.').waitFor();
    const sections = page.locator('main section.card h2, main section.card h1');
    expect((await sections.allInnerTexts()).slice(0, 2)).toEqual(['My club', 'An invitation into a household']);
    await expectAccessible(page, 'my-club-invitation-first-375');
    await invitation.getByRole('button', { name: 'Accept the invitation from Ann Bowline' }).click();
    const his = page.getByRole('region', { name: 'Household' });
    await his.getByText('Bob Bowline (you)').waitFor();
    await his.getByText('Ann Bowline · contact').waitFor();
    await his.getByText('Milly Bowline (Junior, born 2018)').waitFor();
    // Bob sees the dependant but the contact manages her.
    expect(await his.getByRole('button', { name: 'Remove Milly Bowline' }).count()).toBe(0);
    expect(await his.getByRole('button', { name: 'Edit Milly Bowline' }).count()).toBe(0);
    await expectAccessible(page, 'my-club-household-375');

    await page.goto(`/event-booking?id=${supperId}`);
    await page.getByRole('checkbox', { name: 'Milly Bowline (child)' }).check();
    await page.getByRole('checkbox', { name: 'Ann Bowline (adult)' }).check();
    expect(await page.getByLabel('Total Number Attending *').inputValue()).toBe('3');
    const answer = await submitBooking(page);
    // Bob and Ann at £10.00 each, Milly at half of it: £25.00, not the standard £37.50.
    expect(((await answer.json()) as { amount: number }).amount).toBe(2500);
    await page.close();
  });

  it('the contact edits a dependant and withdraws an invitation; the invited member, still looking at it, is told it is no longer open', async () => {
    // Ann in the first Chromium, Cat in another (each with their own session).
    await world.browser.context.clearCookies();
    // Ann signs in again: only her new code's e-mail is to be read.
    world.smtp.received.length = 0;
    const page = await memberOnPhone(world, ANN.email);
    const household = page.getByRole('region', { name: 'Household' });
    await household.getByLabel('Name').fill('Tom Bowline');
    await household.getByRole('button', { name: 'Add to household' }).click();
    await household.getByText('Tom Bowline (Junior)').waitFor();
    await household.getByRole('button', { name: 'Edit Tom Bowline' }).click();
    const edit = household.getByRole('form', { name: 'Edit Tom Bowline' });
    await edit.getByLabel('Name').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Enter the person’s name').waitFor();
    await edit.getByLabel('Name').fill('Thomas Bowline');
    await edit.getByLabel('Adult or junior').selectOption('adult');
    await edit.getByLabel('Year of birth (optional)').fill('2008');
    await expectAccessible(page, 'my-club-household-edit-375');
    await edit.getByRole('button', { name: 'Save' }).click();
    await household.getByText('Thomas Bowline (Adult, born 2008)').waitFor();
    expect(await household.getByText('Tom Bowline').count()).toBe(0);

    await household.getByLabel('Their e-mail').fill(CAT.email);
    await household.getByRole('button', { name: 'Invite', exact: true }).click();
    await household.getByRole('button', { name: `Withdraw the invitation to ${CAT.email}` }).waitFor();

    const other = await world.launchBrowser();
    const cat = await other.newPage(PHONE);
    await signInOnMemberPage(cat, world.smtp, CAT.email);
    const invitation = cat.getByRole('region', { name: 'An invitation into a household' });
    await invitation.getByText('Ann Bowline invites you into their household.').waitFor();

    await household.getByRole('button', { name: `Withdraw the invitation to ${CAT.email}` }).click();
    await household.getByRole('button', { name: `Withdraw the invitation to ${CAT.email}` }).waitFor({ state: 'detached' });

    await invitation.getByRole('button', { name: 'Accept the invitation from Ann Bowline' }).click();
    await invitation.getByText('This invitation is no longer open').waitFor();
    await expectAccessible(cat, 'my-club-invitation-withdrawn-375');
    expect(await cat.getByRole('region', { name: 'Household' }).getByText('Cat Bowline (you)').count()).toBe(0);
    await cat.close();
    await page.close();
  });
});
