import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dutyWindow } from '../../../../core/duties/duties';
import { addCurrentMembers, createEvent, signInAsAdmin, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from '../../../support/e2e/app-server';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';

// A member who leaves gives up their duties still to come (docs/duties.md#when-a-member-leaves),
// in Chromium at 375 px: the confirmations say so beforehand, and afterwards the event's roster
// shows the slot empty and its staffing light red; no pseudonym holds it.
const world = useApp({ mail: true });
const stamp = Date.now().toString(36);
const WREN = { id: `member-e2e-leaves-w-${stamp}`, name: 'Wren Tiller', email: `wren.tiller.${stamp}@example.org` };
const OWEN = { id: `member-e2e-leaves-o-${stamp}`, name: 'Owen Cleat', email: `owen.cleat.${stamp}@example.org` };
const EVENT = `Autumn pursuit ${stamp}`;
let eventId = '';

beforeAll(async () => {
  const ports = world.app.built.ports;
  await addCurrentMembers(world, [WREN, OWEN]);
  await signInAsAdmin(world.browser.context.request, world.app.baseUrl, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  eventId = await createEvent(world.browser.context.request, world.app.baseUrl, { name: EVENT, eventdatetime: wallClockDaysAhead(20, '10:00') });
  const event = await ports.get('events').get(eventId);
  const window = dutyWindow(event!)!;
  const duties = ports.get('duties');
  await duties.saveCatalogue('dutyTypes', { id: `officer-${stamp}`, name: 'Race officer', description: '', qualificationIds: [] });
  await duties.saveCatalogue('dutyTypes', { id: `safety-${stamp}`, name: 'Safety boat driver', description: '', qualificationIds: [] });
  const slot = (kind: string) => ({
    id: `${kind}-slot-${stamp}`,
    eventId,
    dutyTypeId: `${kind}-${stamp}`,
    needed: 1,
    optional: false,
    createdAt: new Date().toISOString(),
  });
  await duties.addSlots([slot('officer'), slot('safety')]);
  const assignment = (kind: string, memberId: string) => ({
    slotId: `${kind}-slot-${stamp}`,
    memberId,
    eventId,
    window,
    assignedAt: new Date().toISOString(),
    overrideReason: null,
  });
  await duties.assign(assignment('officer', WREN.id));
  await duties.assign(assignment('safety', OWEN.id));
});

/** The event's roster as an admin sees it: the light, and the slot of this duty empty. */
async function expectSlotReleased(page: Page, duty: string): Promise<void> {
  await page.goto(`/admin/duties/events/${eventId}`);
  await page
    .getByRole('heading', { name: new RegExp(EVENT) })
    .first()
    .waitFor();
  await page.getByText(`${duty}: 0 of 1`).waitFor();
  expect(await page.locator('[data-staffing-light]').first().getAttribute('data-staffing-light')).toBe('red');
  expect(await page.locator('main').innerText()).not.toMatch(/Person [0-9a-f]{12}/);
}

describe('a member who leaves gives up their duties, in Chromium', () => {
  it('"Erase my data" says the race officer duty is released; after it the slot is empty and the light red', async () => {
    const page = await memberOnPhone(world, WREN.email);
    const myData = page.getByRole('region', { name: 'My data' });
    await myData.waitFor();
    await page.getByRole('region', { name: 'My duties' }).getByText(EVENT).waitFor();
    await myData.getByRole('button', { name: 'Erase my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase your data?' });
    await dialog.getByText(/Your duty still to come is released, and the club's duty organisers are told/).waitFor();
    await dialog.getByText(new RegExp(`^Race officer, ${EVENT}, `)).waitFor();
    await expectAccessible(page, 'my-club-erase-dialog-duties');
    await dialog.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByText('Your data has been erased and you are signed out.').waitFor();

    await expectSlotReleased(page, 'Race officer');
    await expectAccessible(page, 'roster-after-erasure');
  });

  it('an admin’s disable confirmation says the duty is released; after it the safety boat slot is empty and the light red', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/admin/members');
    await page.getByRole('button', { name: `Disable ${OWEN.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable member?' });
    await dialog.getByText(/^Their duty still to come will be released: the slot is left empty/).waitFor();
    await expectAccessible(page, 'admin-disable-dialog-duties');
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText(`${OWEN.name} disabled.`).waitFor();

    await expectSlotReleased(page, 'Safety boat driver');
  });

  it('an admin’s erasure confirmation says a member’s duties still to come are released', async () => {
    const page = await world.browser.newPage(PHONE);
    await page.goto('/admin/privacy');
    await page.getByLabel('E-mail address').fill(OWEN.email);
    await page.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
    await dialog.getByText(/A member's duties still to come are released: their slots are left empty/).waitFor();
    await expectAccessible(page, 'admin-erase-dialog-duties');
    await dialog.getByRole('button', { name: 'Keep their data' }).click();
  });
});
