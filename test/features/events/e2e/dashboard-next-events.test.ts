import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../support/e2e/admin-api';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { textOf } from '../../../support/e2e/eventually';
import { useApp } from '../../../support/e2e/use-app';

// The dashboard with no forecast configured (no CONDITIONS): today's race, short of its safety
// boat driver, is listed under Go / No-go with its red safety cover and staffing light, and the
// dashboard's Recent Events and the event list show the next events first, not the farthest.
const world = useApp();
const stamp = Date.now().toString(36);
const RACE = `Today's race ${stamp}`;
const FAR = `Far regatta ${stamp}`;

/** A London wall-clock time `hours` from now, as the event form takes it (YYYY-MM-DDTHH:MM). */
function londonWallClock(hours: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + hours * 3_600_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

beforeAll(async () => {
  const page = await signedInAdminPage(world.browser);
  await page.close();
  const request = world.browser.context.request;
  // Under way: started an hour ago, ends in three.
  const raceId = await createEvent(request, world.app.baseUrl, { name: RACE, eventdatetime: londonWallClock(-1), eventenddatetime: londonWallClock(3) });
  await createEvent(request, world.app.baseUrl, { name: FAR, eventdatetime: londonWallClock(24 * 300) });
  // The race needs a safety boat driver, and nobody is on that duty.
  const duties = world.app.built.ports.get('duties');
  await duties.saveCatalogue('dutyTypes', { id: `safety-${stamp}`, name: 'Safety boat driver', description: '', qualificationIds: [] });
  await duties.addSlots([
    { id: `slot-${stamp}`, eventId: raceId, dutyTypeId: `safety-${stamp}`, needed: 1, optional: false, createdAt: new Date().toISOString() },
  ]);
});

describe('the admin dashboard shows the next events, forecast or not', () => {
  it('at 375 px: today’s race with red safety cover under Go / No-go without a forecast; Recent Events and the event list start with it', async () => {
    const page = await signedInAdminPage(world.browser, PHONE);
    const goNoGo = page.getByRole('region', { name: 'Go / No-go' });
    const race = goNoGo.getByRole('listitem').filter({ hasText: RACE });
    await race.getByText('Safety cover: short, cannot run', { exact: true }).waitFor();
    await race.getByText('Short: cannot run').waitFor();
    await race.getByText('No forecast for its hours').waitFor();
    expect(await goNoGo.getByText('No upcoming event within the forecast.').count()).toBe(0);
    // The next event first, not the farthest.
    const recent = page.getByRole('region', { name: 'Recent Events' });
    await textOf(recent.getByRole('listitem').first()).toContain(RACE);
    await expectAccessible(page, 'admin-dashboard-next-events-375');

    await page.goto('/admin/events');
    const rows = page.getByRole('region', { name: 'Events', exact: true }).getByRole('row');
    await textOf(rows.nth(1).getByRole('rowheader')).toContain(RACE);
    await expectAccessible(page, 'admin-events-next-first-375');
    await page.close();
  });
});
