import { describe, expect, it } from 'vitest';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { expectAccessible } from '../../../support/e2e/axe';
import { PHONE } from '../../../support/e2e/browser';
import { memberOnPhone } from '../../../support/e2e/sign-in-code';
import { useApp } from '../../../support/e2e/use-app';
import { eventually } from '../../../support/eventually';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';

// Announcements (docs/notifications.md) in Chromium at 375 px: an admin sends one from the event's
// page and a booked member reads it on the event page and in My club; the officer of the day sends
// one with no signal, kept on the phone and sent once when the signal comes back.

const world = useApp({ mail: true });
const announcements = () => world.app.built.ports.get('announcements').listByEvent(OFFICER_DAY.raceId);

describe('announcements, in Chromium', () => {
  it('an admin sends, the member reads it; the officer sends offline, sent once on reconnecting', async () => {
    await storeOfficerDay((name) => world.app.built.ports.get(name), startOfLondonDay(new Date()));
    const admin = await signedInAdminPage(world.browser, PHONE);

    await admin.goto(`/admin/events/edit/${OFFICER_DAY.raceId}`);
    const section = admin.getByRole('region', { name: 'Announcements' });
    await section.getByText('No announcements yet.').waitFor();
    await section.getByLabel('On duty').check();
    await section.getByRole('textbox', { name: 'Subject' }).fill('Launching from the south slip');
    await section.getByRole('textbox', { name: 'Announcement' }).fill('The north slip is closed today.');
    await section.getByRole('button', { name: 'Send announcement' }).click();
    // Booked: Helen, Gina (Sol gave no e-mail, Cass cancelled); on duty: Rita.
    await section.getByText('Announcement sent to 3 people.').waitFor();
    await section.getByText(/Told 3 people \(Booked members, On duty\)/).waitFor();
    await expectAccessible(admin, 'announcements on the admin event page at 375 px', null);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const gina = await memberOnPhone(world, OFFICER_DAY.gina.email);
    await gina.getByRole('region', { name: 'Announcements' }).getByText('Launching from the south slip').waitFor();
    await gina.goto(`/event-booking?id=${OFFICER_DAY.raceId}`);
    const onEvent = gina.getByRole('region', { name: 'Announcements' });
    await onEvent.getByText('The north slip is closed today.').waitFor();
    await expectAccessible(gina, "announcements on the member's event page at 375 px", null);

    // The officer's Today, loaded online; then no signal.
    await admin.goto('/admin/today');
    await admin.getByText('Up to date').waitFor();
    await world.browser.context.setOffline(true);
    await admin.getByRole('textbox', { name: 'Subject' }).fill('Safety boat needed at 10');
    await admin.getByRole('textbox', { name: 'Announcement' }).fill('Who can drive the RIB?');
    await admin.getByRole('button', { name: 'Send announcement' }).click();
    await admin.getByText('(not sent yet)').waitFor();
    expect(await announcements()).toHaveLength(1);
    await expectAccessible(admin, 'the officer’s announcement at 375 px', null);

    await world.browser.context.setOffline(false);
    await admin.getByText(/Safety boat needed at 10 · sent to 2 people/).waitFor();
    const stored = await announcements();
    expect(stored.map((a) => a.subject).sort()).toEqual(['Launching from the south slip', 'Safety boat needed at 10']);
    const officers = stored.find((a) => a.subject === 'Safety boat needed at 10')!;
    await eventually(async () => (await world.app.built.ports.get('outbox').list({ recordId: officers.id })).length, 'one e-mail each').toBe(officers.told);
  });
});
