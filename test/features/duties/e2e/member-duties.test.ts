import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { addCurrentMembers, createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { sidewaysOverflow } from '../../../support/e2e/scroll';
import { formatDateRange } from '../../../../core/shared/date-text';

// Duties (docs/duties.md) in Chromium, the members' half: a member volunteers on /duties and asks for a swap;
// the request is e-mailed only to the member qualified and free, who accepts by the e-mail's link.
const world = useApp({ mail: true });
const stamp = Date.now().toString(36);
const member = (id: string, name: string) => ({ id: `${id}-${stamp}`, name, email: `${id}.${stamp}@example.org` });
const ANN = member('ann', 'Ann Helm');
const BOB = member('bob', 'Bob Stern');
const CAT = member('cat', 'Cat Bow');
const RACE = `Summer race ${stamp}`;
const DUTY = 'Safety boat driver';

beforeAll(async () => {
  const ports = world.app.built.ports;
  await addCurrentMembers(world, [ANN, BOB, CAT]);
  const request = world.browser.context.request;
  await signInAsAdmin(request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const eventId = await createEvent(request, world.app.baseUrl, { name: RACE, eventdatetime: wallClockDaysAhead(30, '10:00') });
  const duties = ports.get('duties');
  await duties.saveCatalogue('qualifications', { id: `pb2-${stamp}`, name: 'Powerboat Level 2', validityMonths: null });
  await duties.saveCatalogue('dutyTypes', { id: `safety-${stamp}`, name: DUTY, description: 'Drives the RIB', qualificationIds: [`pb2-${stamp}`] });
  await duties.putMemberQualifications([ANN, BOB].map((m) => ({ memberId: m.id, qualificationId: `pb2-${stamp}`, expiresOn: null })));
  await duties.addSlots([{ id: `slot-${stamp}`, eventId, dutyTypeId: `safety-${stamp}`, needed: 2, optional: false, createdAt: new Date().toISOString() }]);
});

/** The first e-mail to `email` whose subject passes `wanted`, waiting for it. */
async function mailTo(email: string, wanted: (subject: string) => boolean): Promise<ParsedMail> {
  for (let count = 1; ; count += 1) {
    const found = (await world.smtp.waitFor(count)).find((m) => wanted(m.subject ?? '') && JSON.stringify(m.to).includes(email));
    if (found) return found;
  }
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByText('Check your e-mail').waitFor();
  const code = /Your sign-in code is (\d{6})\./.exec((await mailTo(email, (s) => s.endsWith('sign-in code'))).text ?? '')?.[1];
  await page.getByLabel('6-digit code').fill(code ?? '');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'My club', level: 1 }).waitFor();
}

describe('members’ duties in Chromium', () => {
  it('a member volunteers, asks for a swap; only the qualified member is e-mailed, and takes it by the link', async () => {
    const ann = await world.browser.newPage(PHONE);
    await signIn(ann, ANN.email);
    // The header links to the page once signed in (in the phone's menu).
    await ann.locator('header a[href="/duties"]').first().waitFor({ state: 'attached' });
    await ann.goto('/duties');
    await ann.getByRole('heading', { name: 'Duties', level: 1 }).waitFor();
    await ann.getByRole('button', { name: `Volunteer for ${DUTY} at ${RACE}` }).click();
    const mine = ann.getByRole('region', { name: 'My duties' });
    await mine.getByText(RACE).waitFor();
    // The duty's time in the one London format every page uses ("Sat 4 July 2026, 10:00 – 17:00").
    const [held] = await world.app.built.ports.get('duties').listMemberDuties(ANN.id);
    await mine.getByText(formatDateRange(held!.window.start, held!.window.end, 'member'), { exact: false }).waitFor();
    await ann.getByText('No open duty needs you just now.').waitFor();
    await expectAccessible(ann, 'member-duties-375');

    await mine.getByRole('button', { name: `Ask for a swap of ${DUTY} at ${RACE}` }).click();
    // Handing it to one member starts from their name: only those qualified and free, by first name and last initial (Cat Bow lacks the qualification).
    await mine.getByLabel('Or hand it to a member').fill('bo');
    await mine.getByLabel('Hand it to', { exact: true }).waitFor();
    expect(await mine.getByRole('option').allTextContents()).toEqual(['Choose a member', 'Bob S.']);
    await mine.getByRole('button', { name: `Ask anyone who can take ${DUTY} at ${RACE}` }).click();
    await mine.getByText('Asked: 1 member was e-mailed.').waitFor();
    await ann.setViewportSize(DESKTOP);
    await expectAccessible(ann, 'member-duties-1280');

    const request = await mailTo(BOB.email, (s) => s.startsWith('Can you take a duty?'));
    expect(request.subject).toBe(`Can you take a duty? ${DUTY} at ${RACE}`);
    const link = /https?:\/\/\S+\/duties\?swap=[\w-]+/.exec(request.text ?? '')?.[0];
    expect(link).toBeDefined();
    const all = await world.smtp.waitFor(1);
    expect(all.filter((m) => m.subject?.startsWith('Can you take a duty?')).map((m) => JSON.stringify(m.to))).toEqual([expect.stringContaining(BOB.email)]);
    expect(all.some((m) => JSON.stringify(m.to).includes(CAT.email))).toBe(false);

    // Bob, in his own browser: signs in, opens the e-mail's link (which takes nothing), accepts.
    const other = await world.launchBrowser();
    const bob = await other.newPage(PHONE);
    await signIn(bob, BOB.email);
    await bob.goto(new URL(link!).pathname + new URL(link!).search);
    const offer = bob.getByRole('region', { name: 'Swap request' });
    await offer.getByText(`${ANN.name} asks for someone to take`).waitFor();
    expect(await bob.getByRole('region', { name: 'My duties' }).getByText(RACE).count()).toBe(0);
    await expectAccessible(bob, 'member-duty-swap-375');
    await offer.getByRole('button', { name: 'Accept this duty' }).click();
    await offer.getByText('Thank you: the duty is yours.').waitFor();
    await bob.getByRole('region', { name: 'My duties' }).getByText(RACE).waitFor();
    await mailTo(ANN.email, (s) => s.startsWith('Duty swapped:'));

    await ann.reload();
    await ann.getByText('You are on no duty yet.').waitFor();
    await bob.close();
    await ann.close();
  });

  it('every member sees the whole rota: who is on each duty by first name and last initial, and why they cannot take one', async () => {
    // Cat holds no Powerboat Level 2; Bob took the safety boat (1 of its 2) over from Ann above.
    const other = await world.launchBrowser();
    const cat = await other.newPage(PHONE);
    await signIn(cat, CAT.email);
    await cat.goto('/duties');
    const race = cat.getByRole('region', { name: 'Duty rota' }).getByRole('article', { name: RACE });
    const slot = race.locator(`[data-rota-slot="${DUTY}"]`);
    await slot.getByText('On duty: Bob S.').waitFor();
    await slot.getByText(`${DUTY}: 1 of 2`).waitFor();
    await slot.getByText('Needs Powerboat Level 2').waitFor();
    expect(await slot.getByRole('button').count()).toBe(0);
    expect(await cat.locator('body').innerText()).not.toContain(BOB.name);
    await expectAccessible(cat, 'member-duty-rota-375');
    expect(await sidewaysOverflow(cat), 'the rota at 375 px scrolls sideways').toBeLessThanOrEqual(0);
    await cat.close();
  });
});
