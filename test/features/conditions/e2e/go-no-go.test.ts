import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { addCurrentMembers, adminSignedInTab, createEvent, wallClockDaysAhead } from '../../../support/e2e/admin-api';
import { fillDateTime } from '../../../support/e2e/admin-form';
import { describeViolations, seriousAxeViolations } from '../../../support/e2e/axe';
import { DESKTOP, PHONE } from '../../../support/e2e/browser';
import { bookInBrowser, payByTestCard } from '../../../support/e2e/booking-form';
import { useApp } from '../../../support/e2e/use-app';
import type { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { eventually } from '../../../support/eventually';
import { startFakeOpenMeteoServer, steadyHours, type FakeOpenMeteoServer } from '../../../support/fake-open-meteo-server';

// The go/no-go (docs/conditions.md) in Chromium: the admin sets the limits, the forecast from a local
// server answering as Open-Meteo's published description says is beyond them on the panel, the
// safety-cover light is red until the safety boat duty is filled, then green, the
// admin postpones with a reason, the member's event page shows the new time and the decision, and
// the e-mail with the updated .ics arrives at the in-process SMTP server.

const stamp = Date.now().toString(36);
let openMeteo: FakeOpenMeteoServer;

beforeAll(async () => {
  openMeteo = await startFakeOpenMeteoServer();
  // A week of hours from the last whole hour: gusts of 33 kn throughout.
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  openMeteo.hours.push(...steadyHours(new Date(hour - 3_600_000).toISOString(), 24 * 7, 17, 33, 250));
});
afterAll(async () => {
  await openMeteo.close();
});

const world = useApp(() => ({
  mail: true,
  build: { mailRoundMs: 50 },
  env: { CONDITIONS: 'open-meteo', CONDITIONS_LATITUDE: '51.4912', CONDITIONS_LONGITUDE: '-1.2345', OPEN_METEO_BASE_URL: openMeteo.baseUrl },
}));

/**
 * axe clean once the screen has settled (a button pressed a moment ago is still being redrawn); a
 * lasting violation fails, named. One axe run when the screen is clean, not a second to confirm it.
 */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await eventually(async () => describeViolations(await seriousAxeViolations(page)), `${name}: no serious axe violation`).toBe('');
}

async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Ada books one place and pays £12.50 by test card, in a tab of her own. */
async function bookAndPay(eventId: string): Promise<void> {
  const page = await world.browser.newPage();
  await bookInBrowser(page, eventId, { first: 'Ada', last: 'Member', email: 'ada@example.org', attending: '1' });
  await payByTestCard(page, '£12.50');
  await page.close();
}

async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  for (;;) {
    const found = world.smtp.received.find((m) => m.subject === subject && m.to && !Array.isArray(m.to) && m.to.text === address);
    if (found) return found;
    await world.smtp.waitFor(world.smtp.received.length + 1);
  }
}

function veventOf(mail: ParsedMail): ICAL.Event {
  const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  expect(ics).toBeDefined();
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
}

describe('go / no-go, in Chromium', () => {
  it('limits set, gusts beyond them shown red, the event postponed with a reason: the member sees the new time and the decision, gets the .ics, and cancels from the e-mail with a full refund', async () => {
    const name = `Frostbite Race ${stamp}`;
    // Signed in through the API: signing in is admin-panel.test.ts's subject.
    const admin = await adminSignedInTab(world, PHONE);
    const start = wallClockDaysAhead(2, '10:00');
    const eventId = await createEvent(admin.request, world.app.baseUrl, {
      name,
      eventdatetime: start,
      eventenddatetime: wallClockDaysAhead(2, '13:00'),
      requiresPayment: true,
      price: '12.50',
    });
    await bookAndPay(eventId);
    const confirmation = veventOf(await mailTo('ada@example.org', `Booking confirmed: ${name}`));

    // The admin sets club racing's limits: 20 kn wind, 30 kn gusts.
    await admin.goto('/admin/conditions');
    await admin.getByRole('heading', { level: 1, name: 'Wind Limits' }).waitFor();
    await admin.getByLabel('Club racing: gust limit in knots').fill('30');
    await admin.getByRole('button', { name: 'Save Limits' }).click();
    await admin.getByText('Limits saved.').waitFor();
    await expectAccessible(admin, 'wind limits at 375 px');
    await expectNoSidewaysScroll(admin, PHONE.width);

    // The job runner has fetched the forecast from the local Open-Meteo.
    await eventually(async () => (await world.app.built.ports.get('conditions').getForecast()) !== null, 'the forecast stored').toBe(true);
    expect(openMeteo.requests.every((request) => request.problems.length === 0)).toBe(true);

    // The race needs a safety boat driver, and nobody is on that duty yet.
    const duties = world.app.built.ports.get('duties');
    await duties.saveCatalogue('dutyTypes', { id: `safety-${stamp}`, name: 'Safety boat driver', description: '', qualificationIds: [] });
    await duties.addSlots([{ id: `slot-${stamp}`, eventId, dutyTypeId: `safety-${stamp}`, needed: 1, optional: false, createdAt: new Date().toISOString() }]);

    await admin.goto(`/admin/events/go-no-go/${eventId}`);
    await admin.getByRole('heading', { name: `Go / no-go: ${name}` }).waitFor();
    const beyond = admin.getByText('Beyond the limits', { exact: true });
    await beyond.waitFor();
    expect(await beyond.evaluate((el) => el.className)).toContain('adm-badge-red');
    await admin.getByText('gusts 33 kn (limit 30 kn)', { exact: false }).waitFor();
    const shortCover = admin.getByText('Safety cover: short, cannot run', { exact: true });
    await shortCover.waitFor();
    expect(await shortCover.evaluate((el) => el.className)).toContain('adm-badge-red');
    await admin.getByText('Short: Safety boat driver: 0 of 1', { exact: true }).waitFor();
    await expectAccessible(admin, 'go/no-go panel with the safety cover red at 375 px');
    await expectNoSidewaysScroll(admin, PHONE.width);

    // Sam takes the duty: the light turns green.
    const event = await world.app.built.ports.get('events').get(eventId);
    await addCurrentMembers(world, [{ id: `sam-${stamp}`, name: 'Sam Sailor', email: `sam-${stamp}@example.org` }]);
    await duties.assign({
      slotId: `slot-${stamp}`,
      memberId: `sam-${stamp}`,
      eventId,
      window: { start: event!.eventdatetime!, end: event!.eventenddatetime! },
      assignedAt: new Date().toISOString(),
      overrideReason: null,
    });
    await admin.reload();
    const filled = admin.getByText('Safety cover: filled', { exact: true });
    await filled.waitFor();
    expect(await filled.evaluate((el) => el.className)).toContain('adm-badge-green');
    await admin.setViewportSize(DESKTOP);
    await expectAccessible(admin, 'go/no-go panel with the safety cover green at 1280 px');
    await admin.goto('/admin/dashboard');
    await admin.getByRole('heading', { name: 'Go / No-go' }).waitFor();
    await admin.getByRole('link', { name: `Go / no-go for ${name}` }).waitFor();
    await expectAccessible(admin, 'dashboard with the go/no-go at 1280 px');
    await admin.setViewportSize(PHONE);
    await admin.goto(`/admin/events/go-no-go/${eventId}`);
    await admin.getByText('Beyond the limits', { exact: true }).waitFor();

    // Postpone by a week, with a reason.
    const newStart = wallClockDaysAhead(9, '10:00');
    await admin.getByRole('button', { name: 'Postpone' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Postpone the event?' });
    await dialog.waitFor();
    await fillDateTime(admin, 'New start', newStart);
    await fillDateTime(admin, 'New end', wallClockDaysAhead(9, '13:00'));
    await dialog.getByLabel('Reason').fill('Gusts of 33 knots forecast');
    // Before confirming, the admin is told who will be e-mailed: Ada, and Sam on the safety boat.
    await dialog.getByText('Postponing will e-mail 1 booked member and 1 duty holder about the new time.', { exact: true }).waitFor();
    await expectAccessible(admin, 'postpone dialog at 375 px');
    await dialog.getByRole('button', { name: 'Postpone', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByText('Gusts of 33 knots forecast', { exact: false }).first().waitFor();
    // And after, how many were.
    await admin.getByText('E-mailed 1 booked member and 1 duty holder about the new time.', { exact: true }).waitFor();

    // The member's event page: the decision and the new time.
    for (const viewport of [DESKTOP, PHONE]) {
      const member = await world.browser.newPage(viewport);
      await member.goto(`/event-booking?id=${eventId}`);
      const conditions = member.getByRole('region', { name: 'Conditions' });
      await conditions.getByText('Postponed', { exact: true }).waitFor();
      await conditions.getByText('Gusts of 33 knots forecast', { exact: false }).waitFor();
      expect(await conditions.textContent()).toContain('moved to');
      await expectAccessible(member, `member event page with the decision at ${viewport.width} px`);
      await expectNoSidewaysScroll(member, viewport.width);
      await member.close();
    }

    // The e-mail: the new time, the same UID, a higher SEQUENCE.
    const movedMail = await mailTo('ada@example.org', `Time changed: ${name}`);
    expect(movedMail.text).toContain('Reason: Gusts of 33 knots forecast');
    const moved = veventOf(movedMail);
    expect(moved.uid).toBe(confirmation.uid);
    expect(moved.sequence).toBeGreaterThan(confirmation.sequence);
    const saved = await world.app.built.ports.get('events').get(eventId);
    expect(moved.startDate.toJSDate().toISOString()).toBe(saved?.eventdatetime);
    expect(Date.parse(saved!.eventdatetime!) - Date.parse(new Date(`${start}:00Z`).toISOString())).toBeGreaterThan(6 * 86_400_000);
    expect((await world.app.built.ports.get('bookings').listByEvent(eventId)).filter((b) => b.cancelledAt === null)).toHaveLength(1);

    // The new time does not suit Ada: she cancels with the e-mail's link and is refunded in full.
    const gateway = world.app.built.ports.get('payments') as TestPaymentGateway;
    const refundsBefore = gateway.refunds.length;
    expect(movedMail.text).toContain('If the new time does not suit you, you can cancel your booking with this link and what you paid is refunded in full:');
    const link = new URL(/https?:\/\/\S+\/my-booking\?token=\S+/.exec(movedMail.text ?? '')![0]);
    const member = await world.browser.newPage(PHONE);
    await member.goto(`/my-booking${link.search}`);
    await member.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    await member.getByRole('button', { name: 'Cancel Booking' }).click();
    await member.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await member.getByRole('heading', { name: 'Your cancelled booking', level: 1 }).waitFor();
    await eventually(() => gateway.refunds.slice(refundsBefore).map((refund) => refund.amount), 'the refund').toEqual([1250]);
    await member.close();
  });
});
