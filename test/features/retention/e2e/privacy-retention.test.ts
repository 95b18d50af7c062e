import { describe, expect, it } from 'vitest';
import { RETENTION_KINDS } from '../../../../core/privacy/retention-schedule';
import { signInOnLoginPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { countOf, textOf } from '../../../support/e2e/eventually';
import { useApp } from '../../../support/e2e/use-app';

/** Members' data rights (docs/data-protection.md): the privacy notice a member reads, and the admins' Data retention page, in one page session at 375 px. */

const world = useApp();

describe('the privacy notice and the Data retention page', () => {
  it('a member reads how long the club keeps each kind of data; an admin sees what the app holds and what the next run removes', async () => {
    const page = world.page;
    await page.setViewportSize(PHONE);

    // The notice comes drawn by the server with its schedule (before any script runs).
    const html = await (await fetch(`${world.app.baseUrl}/privacy`)).text();
    expect(html).toContain('How long we keep your data');
    expect(html).toContain('24 months after the event');

    // From the booking form's link, as a member finds it.
    const { events } = (await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as { events: { id: string; bookingOpen: boolean }[] };
    const open = events.find((event) => event.bookingOpen);
    expect(open, 'an open demo event').toBeDefined();
    await page.goto(`/event-booking?id=${open!.id}`);
    await page.getByRole('main').getByRole('link', { name: 'privacy notice' }).click();
    await page.getByRole('heading', { name: 'Privacy notice', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'How long we keep your data' }).waitFor();
    await countOf(page.locator('[data-kind]')).toBe(RETENTION_KINDS.length);
    await textOf(page.locator('[data-kind="outboxBodies"] dt')).toBe('E-mails sent: 90 days after the e-mail was written');
    await textOf(page.locator('[data-kind="dutySignups"] dt')).toBe('Duty sign-ups: 24 months after the duty');
    await countOf(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' })).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the notice scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    await expectAccessible(page, 'privacy-notice-375');

    await signInOnLoginPage(page);
    await (await adminMenuLink(page, 'Data retention')).click();
    await page.getByRole('heading', { name: 'Data retention', level: 1 }).waitFor();
    const table = page.getByRole('region', { name: 'Personal data the app holds, per kind' });
    await countOf(table.locator('tbody tr')).toBe(RETENTION_KINDS.length);
    await textOf(table.locator('tr[data-kind="financialRecords"] td').last()).toBe('Keeps them');
    await page.getByText(/Next run: .* at 03:00/).waitFor();
    await expectAccessible(page, 'data-retention-375');
  });
});
