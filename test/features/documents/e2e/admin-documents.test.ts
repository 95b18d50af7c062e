import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitAdminSignIn } from '../../../support/e2e/admin-form';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf } from '../../../support/e2e/eventually';

/**
 * Documents: the secretary uploads a PDF, members find it on /documents and in search,
 * it is replaced and deleted; a file that is not a PDF but is named .pdf is refused with the reason.
 */

const stamp = Date.now().toString(36);
const TITLE = `Mooring fees ${stamp}`;
const RENAMED = `Mooring charges ${stamp}`;

let dir: string;

/** A small PDF whose text tells the versions apart. */
function pdfFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, `%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
  return path;
}

/** Axe-clean, as test/support/e2e/axe.ts checks it. */
const accessible = (p: Page, name: string) => expectAccessible(p, name, null);

/** Signs in, unless this browser's session is signed in already (the tests share one profile). */
async function signIn(p: Page) {
  await p.goto('/admin/dashboard');
  await p.waitForURL(/\/admin\/(dashboard|login)/);
  await p.getByRole('heading', { level: 1 }).waitFor();
  if (!p.url().includes('/admin/login')) return;
  await submitAdminSignIn(p);
}

/** What the members' search dialog lists for this text. */
async function searchFor(p: Page, text: string): Promise<string[]> {
  await p.goto('/documents');
  await p.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'Search the Members Area' });
  await dialog.waitFor();
  await p.getByRole('combobox').fill(text);
  await dialog
    .getByText(/results? found|No results/)
    .first()
    .waitFor();
  return dialog.getByRole('option').allInnerTexts();
}

async function fileText(p: Page, title: string): Promise<string> {
  const href = await p
    .getByRole('listitem')
    .filter({ has: p.getByRole('heading', { name: title }) })
    .getByRole('link', { name: /Open PDF/ })
    .getAttribute('href');
  const response = await p.request.get(href!);
  expect(response.headers()['content-type']).toBe('application/pdf');
  return (await response.body()).toString('latin1');
}

const world = useApp();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kyc-e2e-docs-'));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('admin documents', () => {
  it('upload a PDF → on /documents and in search → replace → rename → delete; at 375 px, axe clean', async () => {
    const admin = await world.browser.newPage(PHONE);
    await signIn(admin);
    await (await adminMenuLink(admin, 'Documents')).click();
    await admin.waitForURL('**/admin/documents');
    await admin.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await admin.getByRole('region', { name: 'Documents' }).waitFor();
    await accessible(admin, 'documents screen');

    // The form's own messages first: nothing typed, nothing chosen.
    await admin.getByRole('button', { name: 'Upload Document' }).click();
    await admin.getByText('Please enter a title').waitFor();
    await admin.getByLabel('Title *').fill(TITLE);
    await admin.getByLabel('Description').fill('What a mooring costs this season');
    await admin.getByLabel('Category *').fill('Moorings');
    await admin.getByLabel('PDF file *').setInputFiles(pdfFile('fees-v1.pdf', 'version one'));
    await admin.getByRole('button', { name: 'Upload Document' }).click();
    await admin.getByText(`Uploaded ${TITLE}.`).waitFor();
    await admin.getByRole('rowheader', { name: TITLE }).waitFor();
    await screenshot(admin, 'admin18-documents-uploaded-375');
    await accessible(admin, 'documents screen after an upload');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const member = await world.browser.newPage(PHONE);
    await member.goto('/documents');
    await member.getByRole('heading', { name: TITLE }).waitFor();
    expect(await fileText(member, TITLE)).toContain('version one');
    expect((await searchFor(member, `fees ${stamp}`)).some((hit) => hit.includes(TITLE))).toBe(true);

    // Replace the PDF: members get the new one at once.
    await admin.getByRole('button', { name: `Edit ${TITLE}` }).click();
    await admin.getByLabel('New PDF file').setInputFiles(pdfFile('fees-v2.pdf', 'version two'));
    await admin.getByRole('button', { name: 'Replace File' }).click();
    await admin.getByText(`Replaced the PDF of ${TITLE}.`).waitFor();
    await member.goto('/documents');
    await member.getByRole('heading', { name: TITLE }).waitFor();
    expect(await fileText(member, TITLE)).toContain('version two');

    // Rename it, and mark it "keep offline" (docs/offline.md): the list and search follow.
    const titleField = admin.getByRole('region', { name: `Edit ${TITLE}` }).getByLabel('Title *');
    await titleField.fill(RENAMED);
    await admin
      .getByRole('region', { name: `Edit ${TITLE}` })
      .getByRole('checkbox', { name: "Keep offline on members' phones" })
      .check();
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText(`Saved ${RENAMED}.`).waitFor();
    expect((await searchFor(member, `charges ${stamp}`)).some((hit) => hit.includes(RENAMED))).toBe(true);
    const listed = (await (await fetch(`${world.app.baseUrl}/api/documents`)).json()) as { documents: { title: string; keepOffline?: boolean }[] };
    expect(listed.documents.find((document) => document.title === RENAMED)?.keepOffline).toBe(true);

    // Move it up one place (it was uploaded last): the admin's list and the members' page follow.
    const titles = (p: Page) => p.getByRole('rowheader').allInnerTexts();
    const before = await titles(admin);
    expect(before.at(-1)).toBe(RENAMED);
    await admin.getByRole('button', { name: `Move ${RENAMED} up` }).click();
    await admin.getByText(`Moved ${RENAMED} up.`).waitFor();
    const moved = [...before.slice(0, -2), RENAMED, before.at(-2)!];
    await expect.poll(() => titles(admin)).toEqual(moved);
    await member.goto('/documents');
    await member.getByRole('heading', { name: RENAMED }).waitFor();
    const memberTitles = await member.getByRole('listitem').getByRole('heading').allInnerTexts();
    expect(memberTitles.slice(-2)).toEqual(moved.slice(-2));

    // Delete it, after the confirmation.
    await admin.getByRole('button', { name: `Delete ${RENAMED}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete this document?' });
    await confirm.waitFor();
    await accessible(admin, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete Document' }).click();
    await admin.getByText(`Deleted ${RENAMED}.`).waitFor();
    await member.goto('/documents');
    await member.getByRole('heading', { name: 'Club Constitution' }).waitFor();
    await countOf(member.getByRole('heading', { name: RENAMED })).toBe(0);
    expect((await searchFor(member, `charges ${stamp}`)).some((hit) => hit.includes(RENAMED))).toBe(false);
    await member.close();
    await admin.close();
  });

  it('refuses a file named .pdf that is not a PDF, with the reason, in the browser and on the server', async () => {
    const admin = await world.browser.newPage(DESKTOP);
    await signIn(admin);
    await admin.goto('/admin/documents');
    await admin.getByRole('region', { name: 'Documents' }).waitFor();
    const before = await admin.getByRole('row').count();
    const fake = join(dir, 'minutes.pdf');
    writeFileSync(fake, 'This is a Word file really, PK\u0003\u0004 not a PDF');
    await admin.getByLabel('Title *').fill(`Minutes ${stamp}`);
    await admin.getByLabel('Category *').fill('Governance');
    await admin.getByLabel('PDF file *').setInputFiles(fake);
    await admin.getByRole('button', { name: 'Upload Document' }).click();
    await admin.getByText('This file is not a PDF. Only PDF files can be uploaded as documents.').waitFor();
    // The focus goes to the refused file's field, the form usable again.
    await admin.waitForFunction(() => document.activeElement?.id === 'adm-doc-new-file');
    expect(await admin.getByRole('button', { name: 'Upload Document' }).isEnabled()).toBe(true);
    await accessible(admin, 'refused upload');
    await screenshot(admin, 'admin18-documents-not-a-pdf-1280');

    // The server refuses it as well, whatever the browser checked.
    const answer = await admin.request.post(`/api/admin/documents?title=Minutes&category=Governance`, {
      headers: { 'X-Requested-With': 'fetch', 'Content-Type': 'application/pdf' },
      data: Buffer.from('This is a Word file really, not a PDF'),
    });
    expect(answer.status()).toBe(415);
    expect(await answer.json()).toEqual({ error: 'This file is not a PDF. Only PDF files can be uploaded as documents.' });
    await admin.reload();
    await admin.getByRole('region', { name: 'Documents' }).waitFor();
    await countOf(admin.getByRole('row')).toBe(before);
    await admin.close();
  });

  it('says so when the documents cannot be loaded, and offers to try again', async () => {
    const admin = await world.browser.newPage(DESKTOP);
    await signIn(admin);
    let fail = true;
    await admin.route('**/api/documents', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }) : route.continue(),
    );
    await admin.goto('/admin/documents');
    await admin.getByText('Failed to load documents').waitFor();
    await accessible(admin, 'load error');
    fail = false;
    await admin.getByRole('button', { name: 'Try Again' }).click();
    await admin.getByRole('region', { name: 'Documents' }).waitFor();
    await admin.close();
  });
});
