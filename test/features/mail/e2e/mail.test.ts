import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEvent, FETCH_HEADER, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { signInOnLoginPage } from '../../../support/e2e/admin-form';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible as expectPageAccessible } from '../../../support/e2e/axe';
import { launchBrowser, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { attributeOf, countOf, eventually } from '../../../support/e2e/eventually';

const stamp = Date.now().toString(36);
const EVENT_NAME = `Harbour Supper ${stamp}`;
const SUBJECT = `Booking confirmed: ${EVENT_NAME}`;
const READER_EMAIL = 'mail-reader@kestrel-yc.example';
const READER_PASSWORD = 'mail-reader-password-1234';

let bookingId = '';
/** The booking's short reference, as its e-mails quote it. */
let bookingReference = '';

const expectAccessible = (p: Page, name: string) => expectPageAccessible(p, name, `admin-${name}`);

/** Waits until the server's own sender has recorded the booking's e-mail in this state. */
async function untilStatus(status: string): Promise<void> {
  const outbox = world.app.built.ports.get('outbox');
  await eventually(async () => (await outbox.list({ recordId: bookingId }))[0]?.status).toBe(status);
}

function rowOf(p: Page, subject: string) {
  return p.getByRole('row').filter({ has: p.getByRole('rowheader', { name: subject }) });
}

const world = useApp({ mail: true, build: { mailRoundMs: 50 } });

describe('the admin Mail screen', () => {
  it('lists the confirmation of a booking made with an e-mail, opens it, and sends it again once', async () => {
    const page = await world.browser.newPage();
    await signInOnLoginPage(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const eventId = await createEvent(page.request, world.app.baseUrl, { name: EVENT_NAME, eventdatetime: wallClockDaysAhead(20, '18:30') });

    // A member books with an e-mail; the server's sender delivers the confirmation.
    const booking = await page.request.post('/api/bookings', {
      data: { eventId, firstName: 'Mary', lastName: 'Anning', numberAttending: '2', email: 'mary@example.org' },
    });
    expect(booking.status()).toBe(201);
    ({ bookingId, reference: bookingReference } = (await booking.json()) as { bookingId: string; reference: string });
    await world.smtp.waitFor(1);
    await untilStatus('sent');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mail' }).waitFor();
    const row = rowOf(page, SUBJECT);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('mary@example.org');
    expect(text).toContain('Booking confirmation');
    expect(text).toContain('Sent');
    await expectAccessible(page, 'mail');

    // Filtered by status: a sent message is not among the failed ones.
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('No e-mails match.').waitFor();
    expect(page.url()).toContain('status=failed');
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();

    await row.getByRole('link', { name: SUBJECT }).click();
    await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await page.getByText('Dear Mary,').waitFor();
    await page.getByText(`Booking reference: ${bookingReference}`).waitFor();
    const html = page.frameLocator(`iframe[title='HTML version of "${SUBJECT}"']`);
    // The member's manage link acts for the member: the admin reads that it was there, not the link.
    await html.getByText('Manage my booking [link withheld: it acts for the member, so only the recipient sees it]').waitFor();
    await countOf(html.getByRole('link')).toBe(0);
    await attributeOf(page.locator('iframe.adm-mail-html'), 'sandbox').toBe('');
    // Shown as it would be sent: the message's own inline styles apply inside the frame.
    expect(await html.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toContain('Arial');
    // …inside a sandbox of its own origin: the page's session cookie is out of its reach.
    const cookie = await html.locator('body').evaluate(() => {
      try {
        return document.cookie;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(cookie).toBe('SecurityError');
    await page.getByText(/\.ics/).first().waitFor();
    await expectAccessible(page, 'mail-message');

    await page.getByRole('button', { name: 'Resend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this e-mail again?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('The e-mail to mary@example.org is queued to be sent again.').waitFor();
    await world.smtp.waitFor(2);
    await untilStatus('sent');
    expect(world.smtp.received.map((m) => m.subject)).toEqual([SUBJECT, SUBJECT]);

    // Back on the list, the message is sent again (and the filter by booking shows only it).
    await page.goto(`/admin/mail?recordId=${encodeURIComponent(bookingId)}`);
    await page.getByText('Only the e-mails about').waitFor();
    await rowOf(page, SUBJECT).getByText('Sent').waitFor();
    await countOf(page.getByRole('table').getByRole('row')).toBe(2);
    expect(world.smtp.received).toHaveLength(2);
    await page.close();
  });

  it('shows the e-mails without Resend to an admin who may only read bookings, and fits a phone screen', async () => {
    const setup = await world.browser.newPage();
    await signInAsAdmin(setup.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const created = await setup.request.post('/api/admin/admins', {
      headers: FETCH_HEADER,
      data: { email: READER_EMAIL, name: 'Rob Reader', password: READER_PASSWORD, permissions: ['bookings:read'] },
    });
    expect(created.status()).toBe(201);
    await setup.close();

    const readerBrowser = await launchBrowser({ baseURL: world.app.baseUrl });
    try {
      const phone = await readerBrowser.newPage(PHONE);
      await signInOnLoginPage(phone, READER_EMAIL, READER_PASSWORD);
      await phone.goto('/admin/mail');
      await rowOf(phone, SUBJECT).waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(phone, 'mail-phone');
      await rowOf(phone, SUBJECT).getByRole('link', { name: SUBJECT }).click();
      await phone.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
      await phone.getByText('Dear Mary,').waitFor();
      await phone
        .frameLocator('iframe.adm-mail-html')
        .getByText(/Manage my booking \[link withheld/)
        .waitFor();
      await countOf(phone.getByRole('button', { name: 'Resend' })).toBe(0);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectAccessible(phone, 'mail-message-phone');
    } finally {
      await readerBrowser.close();
    }
  });
});
