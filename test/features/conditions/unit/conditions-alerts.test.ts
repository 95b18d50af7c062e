import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { CONDITIONS_ALERT_MAIL_KIND, SendConditionsAlerts } from '../../../../core/conditions/conditions-alerts';
import { anAdmin, anEvent } from '../../../support/entities';
import { DEFAULT_DUTY_RED_ALERT_DAYS, DUTY_RED_ALERT_KIND, SendStaffingAlerts } from '../../../../core/duties/staffing-alerts';
import { memoryStorage } from '../../../support/stores';

const START = '2026-06-10T09:00:00.000Z';

/** An event at START, a forecast of `gustKn` gusts over its hours, two admins who manage events and one who does not. */
async function world(gustKn: number, now: string, options: { forecast?: boolean; dutyRedAlertDays?: number } = {}) {
  const clock = new FixedClock(now);
  const { outbox, events, conditions, admins, duties, bookings } = memoryStorage();
  await events.create(anEvent({ id: 'race', name: 'Race', eventdatetime: START, eventenddatetime: '2026-06-10T12:00:00.000Z' }));
  if (options.forecast !== false)
    await conditions.saveForecast({
      fetchedAt: now,
      latitude: 51.5,
      longitude: 0,
      hours: Array.from({ length: 24 * 12 }, (_, i) => ({
        time: new Date(Date.parse('2026-06-01T00:00:00.000Z') + i * 3_600_000).toISOString(),
        windKn: 10,
        gustKn,
        directionDeg: 200,
        temperatureC: 12,
      })),
    });
  await admins.create(anAdmin({ uid: 'a1', email: 'one@example.org', permissions: ['events:read', 'events:write'] }));
  await admins.create(anAdmin({ uid: 'a2', email: 'two@example.org', permissions: ['events:write'] }));
  await admins.create(anAdmin({ uid: 'a3', email: 'reader@example.org', permissions: ['events:read'] }));
  await admins.create(anAdmin({ uid: 'a4', email: 'gone@example.org', permissions: ['events:write'], disabled: true }));
  const alerts = new SendConditionsAlerts({
    events,
    conditions,
    admins,
    bookings,
    duties,
    outbox,
    clock,
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.example' },
    alertHoursBefore: [48, 24],
    dutyRedAlertDays: options.dutyRedAlertDays ?? DEFAULT_DUTY_RED_ALERT_DAYS,
  });
  const staffing = new SendStaffingAlerts({
    events,
    admins,
    duties,
    outbox,
    clock,
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.example' },
    redAlertDays: DEFAULT_DUTY_RED_ALERT_DAYS,
  });
  const sent = async () => (await outbox.list()).filter((m) => m.kind === CONDITIONS_ALERT_MAIL_KIND);
  /** A safety-boat slot of the race that needs two (the event cannot run without it), `held` of them filled. */
  const safetySlot = async (held: number) => {
    await duties.saveCatalogue('dutyTypes', { id: 'safety', name: 'Safety boat driver', description: '', qualificationIds: [] });
    await duties.addSlots([{ id: 'slot-safety', eventId: 'race', dutyTypeId: 'safety', needed: 2, optional: false, createdAt: now }]);
    for (let i = 0; i < held; i += 1)
      await duties.assign({
        slotId: 'slot-safety',
        memberId: `m${i}`,
        eventId: 'race',
        window: { start: START, end: '2026-06-10T12:00:00.000Z' },
        assignedAt: now,
        overrideReason: null,
      });
  };
  return { alerts, staffing, clock, sent, safetySlot, admins, outbox };
}

describe('conditions alerts', () => {
  it('one e-mail per shortfall: an admin who keeps rosters and events hears of a short cover once, from the staffing alert', async () => {
    const w = await world(12, '2026-06-08T09:00:00.000Z');
    await w.admins.create(anAdmin({ uid: 'a5', email: 'both@example.org', permissions: ['events:write', 'duties:write'] }));
    await w.admins.create(anAdmin({ uid: 'a6', email: 'rosters@example.org', permissions: ['duties:write'] }));
    await w.safetySlot(1);
    await w.alerts.execute();
    await w.staffing.execute();
    const shortfall = (await w.outbox.list()).filter((m) => m.kind === CONDITIONS_ALERT_MAIL_KIND || m.kind === DUTY_RED_ALERT_KIND);
    expect(shortfall.map((m) => [m.mail.to, m.mail.subject]).sort()).toEqual([
      ['both@example.org', 'Duty cover short: Race, Wed 10 June 2026, 10:00'],
      ['one@example.org', 'Safety cover short: Race'],
      ['rosters@example.org', 'Duty cover short: Race, Wed 10 June 2026, 10:00'],
      ['two@example.org', 'Safety cover short: Race'],
    ]);
  });

  it('with the staffing alert off (DUTY_RED_ALERT_DAYS 0), the conditions alert tells every events admin of a short cover', async () => {
    const w = await world(12, '2026-06-08T09:00:00.000Z', { dutyRedAlertDays: 0 });
    await w.admins.create(anAdmin({ uid: 'a5', email: 'both@example.org', permissions: ['events:write', 'duties:write'] }));
    await w.safetySlot(1);
    await w.alerts.execute();
    expect((await w.sent()).map((m) => m.mail.to).sort()).toEqual(['both@example.org', 'one@example.org', 'two@example.org']);
  });

  it('near the limits with a short cover: an admin who keeps rosters still gets the conditions alert (it is about the wind)', async () => {
    const w = await world(26, '2026-06-08T09:00:00.000Z');
    await w.admins.create(anAdmin({ uid: 'a5', email: 'both@example.org', permissions: ['events:write', 'duties:write'] }));
    await w.safetySlot(1);
    await w.alerts.execute();
    expect((await w.sent()).map((m) => [m.mail.to, m.mail.subject]).filter(([to]) => to === 'both@example.org')).toEqual([
      ['both@example.org', 'Conditions near the limits: Race'],
    ]);
  });

  it('48 hours before, near the limits: one e-mail to each active admin with events:write, once however often the round runs', async () => {
    const w = await world(26, '2026-06-08T09:00:00.000Z');
    expect(await w.alerts.execute()).toBe(2);
    expect(await w.alerts.execute()).toBe(0);
    expect((await w.sent()).map((m) => [m.mail.to, m.mail.subject]).sort()).toEqual([
      ['one@example.org', 'Conditions near the limits: Race'],
      ['two@example.org', 'Conditions near the limits: Race'],
    ]);
    // 24 hours before: the second alert.
    w.clock.set('2026-06-09T09:00:00.000Z');
    expect(await w.alerts.execute()).toBe(2);
    expect(await w.sent()).toHaveLength(4);
  });

  it('nothing before 48 hours, nothing when within the limits, and only the 24-hour alert for a round that first runs later', async () => {
    const early = await world(35, '2026-06-08T08:59:00.000Z');
    expect(await early.alerts.execute()).toBe(0);
    const calm = await world(12, '2026-06-09T10:00:00.000Z');
    expect(await calm.alerts.execute()).toBe(0);
    const late = await world(35, '2026-06-09T20:00:00.000Z');
    expect(await late.alerts.execute()).toBe(2);
    expect((await late.sent()).every((m) => m.id.includes('-24h-'))).toBe(true);
  });

  it('a red safety cover alerts on its own, with calm winds or no forecast at all, naming the short duty; a filled one does not', async () => {
    const calm = await world(12, '2026-06-08T09:00:00.000Z');
    await calm.safetySlot(1);
    expect(await calm.alerts.execute()).toBe(2);
    const [mail] = await calm.sent();
    expect(mail!.mail.subject).toBe('Safety cover short: Race');
    expect(mail!.mail.text).toContain('Safety cover: short, cannot run (Safety boat driver: 1 of 2)');
    expect(mail!.mail.text).toContain('Wind: up to 10 kn');

    const blind = await world(12, '2026-06-09T10:00:00.000Z', { forecast: false });
    await blind.safetySlot(0);
    expect(await blind.alerts.execute()).toBe(2);
    expect((await blind.sent())[0]!.mail.text).toContain('Forecast: none for the event’s hours');

    const staffed = await world(12, '2026-06-08T09:00:00.000Z');
    await staffed.safetySlot(2);
    expect(await staffed.alerts.execute()).toBe(0);
  });

  it('conditions beyond and a red cover make one e-mail per admin that names both', async () => {
    const both = await world(35, '2026-06-08T09:00:00.000Z');
    await both.safetySlot(0);
    expect(await both.alerts.execute()).toBe(2);
    const [mail] = await both.sent();
    expect(mail!.mail.subject).toBe('Conditions beyond the limits: Race');
    expect(mail!.mail.text).toContain('The safety cover of Race is short');
    expect(mail!.mail.text).toContain('Safety boat driver: 0 of 2');
  });
});
