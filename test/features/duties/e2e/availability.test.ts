import { beforeAll, describe, expect, it } from 'vitest';
import { dutySeasonAt } from '../../../../core/duties/availability';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { addDaysToDate, londonDate } from '../../../../core/shared/london-time';
import { addCurrentMembers, adminSignedInTab } from '../../../support/e2e/admin-api';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { sidewaysOverflow } from '../../../support/e2e/scroll';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { anEvent } from '../../../support/entities';

// Availability, the duty quota and the season's rota on My club (docs/my-club.md) in Chromium on a
// phone: a member ticks a date they cannot do and a duty they prefer, saves, sees their count and
// the rota naming another member "Ann B."; then an admin fills the rota on a phone (the solver
// proposes the one member free that day) and publishes. Axe at 375 px.
const world = useApp({ mail: true });
const MEMBER = { id: 'member-e2e-availability', name: 'Wyn Capstan', email: 'wyn.capstan@example.org' };
const HOLDER = { id: 'member-e2e-holder', name: 'Annest Bollard', email: 'annest.bollard@example.org' };
const FILLER = { id: 'member-e2e-filler', name: 'Taff Cleat', email: 'taff.cleat@example.org' };
const today = londonDate(new Date());
const season = dutySeasonAt(DEFAULT_MEMBERSHIP_SETTINGS.year, new Date());
// A date of this season still to come (the season's last day when it ends within the week).
const raceDay = addDaysToDate(today, 7) <= season.end ? addDaysToDate(today, 7) : season.end;

beforeAll(async () => {
  await addCurrentMembers(world, [MEMBER, HOLDER, FILLER]);
  const ports = world.app.built.ports;
  const at = new Date().toISOString();
  await ports
    .get('events')
    .create(
      anEvent({
        id: 'e2e-season-race',
        name: 'Season race',
        eventdatetime: `${raceDay}T09:00:00.000Z`,
        eventenddatetime: `${raceDay}T16:00:00.000Z`,
        createdAt: at,
        updatedAt: at,
      }),
    );
  await ports.get('duties').saveCatalogue('dutyTypes', { id: 'e2e-galley', name: 'Galley', description: 'Teas', qualificationIds: [] });
  await ports
    .get('duties')
    .addSlots([{ id: 'e2e-galley-slot', eventId: 'e2e-season-race', dutyTypeId: 'e2e-galley', needed: 2, optional: false, createdAt: at }]);
  const window = { start: `${raceDay}T09:00:00.000Z`, end: `${raceDay}T16:00:00.000Z` };
  await ports
    .get('duties')
    .assign({ slotId: 'e2e-galley-slot', memberId: HOLDER.id, eventId: 'e2e-season-race', window, assignedAt: at, overrideReason: null });
});

describe('Availability and the season’s rota in Chromium', () => {
  it('a member marks a date and a wish, sees their count and the rota by first name and last initial; axe clean at 375 px', async () => {
    const page = await memberOnPhone(world, MEMBER.email);
    const section = page.getByRole('region', { name: 'Availability and wishes' });
    const day = section.getByLabel(/Season race/);
    await day.check();
    await section.getByLabel('Galley').selectOption('prefer');
    await section.getByRole('button', { name: 'Save availability and wishes' }).click();
    await section.getByText('Your availability and wishes are saved.').waitFor();
    expect(await world.app.built.ports.get('availability').get(MEMBER.id, season.start)).toMatchObject({
      unavailable: [raceDay],
      wishes: [{ dutyTypeId: 'e2e-galley', wish: 'prefer' }],
    });

    await page.getByRole('heading', { name: /^My duties this season: 0/ }).waitFor();
    const rota = page.getByRole('region', { name: 'This season’s rota' });
    await rota.getByText(/Annest B\. \(1 place open\)/).waitFor();
    expect(await rota.textContent()).not.toContain('Bollard');
    await expectAccessible(page, 'my-club-availability-375');
    await page.close();
  });

  it('an admin proposes a fill on a phone, sees who and why, and publishes it; axe clean at 375 px', async () => {
    const page = await adminSignedInTab(world, PHONE);
    await page.goto(`${world.app.baseUrl}/admin/duties/fill`);
    await page.getByRole('button', { name: 'Propose a fill' }).click();
    const keep = page.getByRole('checkbox', { name: 'Keep Taff Cleat as Galley at Season race' });
    await keep.waitFor();
    expect(await keep.isChecked()).toBe(true);
    await expectAccessible(page, 'admin-rota-fill-375');
    expect(await sidewaysOverflow(page), 'the fill screen at 375 px scrolls sideways').toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Publish 1 duty' }).click();
    await page.getByText('Published: 1 duty written, 1 member e-mailed.').waitFor();
    const slot = await world.app.built.ports.get('duties').getSlot('e2e-galley-slot');
    expect(slot!.holders.map((h) => h.memberId).sort()).toEqual([HOLDER.id, FILLER.id].sort());
    await page.close();
  });
});
