import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { addCurrentMembers, createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';

// Data requests (docs/privacy-requests.md) in Chromium: a member downloads and then erases their data from My club; an admin
// answers a subject-access request (the archive) and an erasure request from Data requests.
const world = useApp({ mail: true });
const stamp = Date.now().toString(36);
const MEMBER = { id: `member-e2e-erase-${stamp}`, name: 'Wren Dinghy', email: `wren.${stamp}@example.org` };
const GUEST = { firstName: 'Perpetua', lastName: 'Bowline', email: `perpetua.${stamp}@example.org` };
let eventId = '';

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER]);
  await signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(world.browser.context.request, world.app.baseUrl, { name: `Open day ${stamp}`, eventdatetime: wallClockDaysAhead(30, '10:00') });
  for (const who of [{ firstName: 'Wren', lastName: 'Dinghy', email: MEMBER.email }, GUEST]) {
    const booked = await fetch(`${world.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify({ eventId, ...who, numberAttending: '1' }),
    });
    expect(booked.status).toBe(201);
  }
});

/** The zip the page downloads when `click` runs, as text by file name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; files: Record<string, string> }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), files: Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([n, b]) => [n, strFromU8(b)])) };
}

describe('data requests in Chromium', () => {
  it('a member downloads their data, then erases it from My club and is signed out', async () => {
    const page = await memberOnPhone(world, MEMBER.email);
    const myData = page.getByRole('region', { name: 'My data' });
    await myData.waitFor();
    await expectAccessible(page, 'my-club-my-data');

    const archive = await downloaded(page, () => myData.getByRole('button', { name: 'Download my data' }).click());
    expect(archive.name).toMatch(/^my-club-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(archive.files['members.json']).toContain('Wren Dinghy');
    expect(Object.values(archive.files).join('\n')).not.toContain('Perpetua');

    await myData.getByRole('button', { name: 'Erase my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase your data?' });
    await dialog.getByText(/This cannot be undone\./).waitFor();
    await expectAccessible(page, 'my-club-erase-dialog');
    await dialog.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByText('Your data has been erased and you are signed out.').waitFor();
    await page.getByText('to see your club page').waitFor();
    const stored = JSON.stringify(await world.app.built.ports.get('personalData').scan());
    expect(stored).not.toContain(MEMBER.email);
    expect(stored).not.toContain('Wren Dinghy');
  });

  it('an admin downloads everything held about a guest, then erases them', async () => {
    const page = await world.browser.newPage(PHONE);
    // The browser holds the admin's session from beforeAll.
    await page.goto('/admin/privacy');
    await page.getByRole('heading', { name: 'Data requests', level: 1 }).waitFor();
    // Nothing typed: the field says what is missing (the error state).
    await page.getByRole('button', { name: 'Download everything held' }).click();
    await page.getByText('Enter the e-mail address of the person who asked').first().waitFor();
    await expectAccessible(page, 'admin-data-requests-error');

    await page.getByLabel('E-mail address').fill(GUEST.email.toUpperCase());
    const archive = await downloaded(page, () => page.getByRole('button', { name: 'Download everything held' }).click());
    expect(archive.name).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(JSON.parse(archive.files['bookings.json'])).toEqual([expect.objectContaining({ firstName: 'Perpetua', lastName: 'Bowline' })]);
    expect(Object.values(archive.files).join('\n')).not.toContain('Wren');
    await page.getByText('The archive is downloaded').waitFor();

    await page.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
    await dialog.getByText('Payments and refunds stay, without the name.').waitFor();
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await page.getByText(/^Erased: \d+ records? no longer name this person/).waitFor();
    await expectAccessible(page, 'admin-data-requests-erased');
    expect(JSON.stringify(await world.app.built.ports.get('personalData').scan())).not.toContain('Perpetua');
  });
});
