import { describe, expect, it } from 'vitest';
import { SendMembershipReminders } from '../../../../core/operations/send-membership-reminders';
import { reminderWording, RENEW_PATH } from '../../../../core/membership/membership-reminder-mail';
import { addDaysToDate, londonDate } from '../../../../core/shared/london-time';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';

const world = useApp({ mail: true });

// The renewal page itself (/my-club/renew) is built on another branch: until it lands this test
// checks that the member arrives there signed in, not what the page shows.
describe('a renewal reminder in Chromium', () => {
  it("a lapsed member's reminder, read from the SMTP server: its link, then Sign in and renew, lands signed in on the renewal", async () => {
    const ports = world.app.built.ports;
    const today = londonDate(ports.get('clock').now());
    const member = { id: 'member-e2e-lapsed', name: 'Lee Lapsed', email: 'lee.lapsed@example.org' };
    // Ended 14 days ago: the "ended on" reminder is due.
    const end = addDaysToDate(today, -14);
    await ports
      .get('members')
      .create({
        ...member,
        membershipType: 'Adult',
        renewalDate: end,
        disabled: false,
        createdAt: '2026-01-01T09:00:00.000Z',
        updatedAt: '2026-01-01T09:00:00.000Z',
      });
    expect(await ports.useCase(SendMembershipReminders).execute()).toHaveLength(1);

    const mail = await world.smtp.waitForSubject(reminderWording(end, 14).subject);
    expect(JSON.stringify(mail.to)).toContain(member.email);
    const link = /https?:\/\/\S+\/sign-in\/renewal\?token=\S+/.exec(mail.text ?? '')?.[0];
    if (!link) throw new Error(`No renewal link in: ${mail.text}`);

    const page = await world.browser.newPage(PHONE);
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'Renew your membership', level: 1 }).waitFor();
    await expectAccessible(page, 'renewal-link-375');
    // Opening the page signed no one in: the button does.
    expect((await page.context().cookies()).find((c) => c.name === 'kyc_member')).toBeUndefined();

    await page.getByRole('button', { name: 'Sign in and renew' }).click();
    await page.waitForURL((at) => at.pathname === RENEW_PATH);
    const session = await page.evaluate(async () => (await (await fetch('/api/member/session')).json()) as { member: { id: string } | null });
    expect(session.member?.id).toBe(member.id);
    expect((await page.context().cookies()).find((c) => c.name === 'kyc_member')?.httpOnly).toBe(true);
  });

  it('an altered link shows why it was refused, with a way to sign in, axe clean at 375 px', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/sign-in/renewal?token=not-a-link');
    await page.getByRole('button', { name: 'Sign in and renew' }).click();
    await page.getByRole('alert').getByText('This sign-in link is not valid. Please sign in with your e-mail instead.').waitFor();
    await expectAccessible(page, 'renewal-link-refused-375');
    await page.getByRole('link', { name: 'Sign in with your e-mail' }).waitFor();
  });
});
