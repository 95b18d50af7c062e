import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCurrentMembers } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';

// My details (docs/my-club.md#my-details) in Chromium on a phone: a member changes their phone,
// then their e-mail with the code the new address receives; axe at 375 px.
const world = useApp({ mail: true });
const MEMBER = { id: 'member-e2e-my-details', name: 'Ned Mooring', email: 'ned.mooring@example.org' };
const NEW_EMAIL = 'ned.new@example.org';

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER]);
});

/** The code in the e-mail the app sent to the new address, once the test's SMTP server has it. */
async function changeCode(): Promise<string> {
  let mail: ParsedMail | undefined;
  for (let count = 1; !mail; count += 1) {
    const received = await world.smtp.waitFor(count);
    mail = received.find((m) => m.subject?.startsWith('Confirm your new e-mail address') && JSON.stringify(m.to).includes(NEW_EMAIL));
  }
  const code = /Your code is (\d{6})\./.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}

describe('My details in Chromium', () => {
  it('a member changes their phone and their e-mail (with the code sent to the new address); axe clean at 375 px', async () => {
    const page = await memberOnPhone(world, MEMBER.email);
    const details = page.getByRole('region', { name: 'My details' });
    await details.getByText(/^Current until /).waitFor();

    await details.getByLabel('Your phone (optional)').fill('07700 900321');
    await details.getByRole('button', { name: 'Save phone and emergency contact' }).click();
    await details.getByText('Your details are saved.').waitFor();
    expect((await world.app.built.ports.get('members').get(MEMBER.id))?.phone).toBe('07700 900321');

    await details.getByRole('button', { name: 'Change my e-mail address' }).click();
    await details.getByLabel('New e-mail address').fill(NEW_EMAIL);
    await details.getByRole('button', { name: 'Send me a code' }).click();
    await details.getByText(`We have sent a 6-digit code to ${NEW_EMAIL}.`, { exact: false }).waitFor();
    await expectAccessible(page, 'my-details-code-375');
    await details.getByLabel('Code from the e-mail').fill(await changeCode());
    await details.getByRole('button', { name: 'Confirm new address' }).click();
    await details.getByText(`Your e-mail address is now ${NEW_EMAIL}.`, { exact: false }).waitFor();
    expect((await world.app.built.ports.get('members').get(MEMBER.id))?.email).toBe(NEW_EMAIL);
    // Still signed in: My club reloads with the new address.
    await page.reload();
    await page.getByRole('region', { name: 'My details' }).getByText(NEW_EMAIL, { exact: true }).waitFor();
    await expectAccessible(page, 'my-details-375');
    await page.close();
  });
});
