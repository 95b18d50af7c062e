import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addCurrentMembers, createEvent, wallClockDaysAhead, adminSignedInTab } from '../../../support/e2e/admin-api';
import { fillDateTime } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, eventually, textOf } from '../../../support/e2e/eventually';

/**
 * Moving an event: the edit form says, before saving, how many booked members and duty holders a
 * move will e-mail (and how many bookings cannot be told); the save sends them the e-mail through
 * the outbox, and the admin is told how many were e-mailed (docs/duties.md, docs/mail.md).
 */

const world = useApp({ mail: true });
const stamp = Date.now().toString(36);
const NAME = `Moonlight Sail ${stamp}`;
const START = wallClockDaysAhead(20, '19:00');
const MOVED = wallClockDaysAhead(21, '18:30');
let eventId = '';

const WARNING = 'Saving will e-mail 3 booked members and 1 duty holder about the new time. 1 booking has no e-mail address and will not be told.';
const DONE = 'Event updated successfully! E-mailed 3 booked members and 1 duty holder about the new time.';
const SAM = { id: `sam-${stamp}`, name: 'Sam Sailor', email: `sam-${stamp}@example.org` };

async function book(email: string): Promise<void> {
  const response = await fetch(`${world.app.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eventId, firstName: 'Crew', lastName: 'Member', numberAttending: '1', email }),
  });
  expect(response.status).toBe(201);
}

async function editPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await adminSignedInTab(world, viewport);
  await page.goto(`/admin/events/edit/${eventId}`);
  await page.getByRole('heading', { level: 1, name: `Edit Event: ${NAME}` }).waitFor();
  return page;
}

beforeAll(async () => {
  const page = await adminSignedInTab(world, DESKTOP);
  eventId = await createEvent(page.request, world.app.baseUrl, { name: NAME, eventdatetime: START });
  for (const who of ['ann', 'ben', 'cat']) await book(`${who}-${stamp}@example.org`);
  await book('');
  // Sam is on the event's safety boat.
  const ports = world.app.built.ports;
  await addCurrentMembers(world, [SAM]);
  const duties = ports.get('duties');
  await duties.saveCatalogue('dutyTypes', { id: `safety-${stamp}`, name: 'Safety boat driver', description: '', qualificationIds: [] });
  await duties.addSlots([{ id: `slot-${stamp}`, eventId, dutyTypeId: `safety-${stamp}`, needed: 1, optional: false, createdAt: new Date().toISOString() }]);
  const event = await ports.get('events').get(eventId);
  await duties.assign({
    slotId: `slot-${stamp}`,
    memberId: SAM.id,
    eventId,
    window: { start: event!.eventdatetime!, end: new Date(Date.parse(event!.eventdatetime!) + 3 * 3_600_000).toISOString() },
    assignedAt: new Date().toISOString(),
    overrideReason: null,
  });
  await page.close();
});

describe('moving an event in the edit form', () => {
  it('says nothing for a new name; says how many will be e-mailed once the time differs; the save e-mails them', async () => {
    const page = await editPage(DESKTOP);
    const warning = page.getByRole('status').filter({ hasText: 'Saving will e-mail' });
    await page.getByLabel('Event Name').fill(`${NAME} (renamed)`);
    await countOf(warning).toBe(0);

    await fillDateTime(page, 'Start Date & Time', MOVED);
    await textOf(warning).toBe(WARNING);
    await expectAccessible(page, 'admin-event-move-warning');

    // Back to the stored time: the warning goes.
    await fillDateTime(page, 'Start Date & Time', START);
    await countOf(warning).toBe(0);

    await fillDateTime(page, 'Start Date & Time', MOVED);
    await textOf(warning).toBe(WARNING);
    await page.getByLabel('Event Name').fill(NAME);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL('**/admin/events');
    // The list says who was e-mailed.
    await page.getByText(DONE, { exact: true }).waitFor();
    await expectAccessible(page, 'admin-event-move-done');
    await eventually(() => world.smtp.received.filter((m) => m.subject === `Duty time changed: ${NAME}`).length, 'the duty holder told').toBe(1);
    const changesSent = () => world.smtp.received.filter((m) => m.subject === `Time changed: ${NAME}`);
    await eventually(() => changesSent().length).toBe(3);
    const changes = changesSent();
    expect(changes.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort()).toEqual(
      ['ann', 'ben', 'cat'].map((who) => `${who}-${stamp}@example.org`),
    );
    expect(changes[0].attachments.map((a) => a.contentType)).toEqual(['text/calendar']);
    await page.close();
  });

  it('at 375 px the warning is on screen, whole, and axe clean', async () => {
    const page = await editPage(PHONE);
    await fillDateTime(page, 'Start Date & Time', wallClockDaysAhead(22, '10:00'));
    const warning = page.getByRole('status').filter({ hasText: 'Saving will e-mail' });
    await textOf(warning).toBe(WARNING);
    await warning.scrollIntoViewIfNeeded();
    const box = await warning.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'admin-event-move-warning-phone');
    await page.close();
  });
});
