import { describe, expect, it } from 'vitest';
import { GetOfficerDay } from '../../../../core/check-in/get-officer-day';
import { ManageWalkIns } from '../../../../core/check-in/manage-walk-ins';
import { MarkAttendance } from '../../../../core/check-in/mark-attendance';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { PermissionError } from '../../../../core/shared/errors';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import { makeWorld, withPermissions, type World } from '../../../support/unit/world';

const officer = withPermissions(['bookings:write']);

function officerDay(world: World, emergencyContacts = [{ name: 'Coastguard', phone: '999' }]) {
  return new GetOfficerDay({ ...world, emergencyContacts });
}

async function seeded(): Promise<World> {
  const world = makeWorld();
  // The world holds the same ports by the same names as the server's container.
  const ports = world as unknown as Record<string, unknown>;
  await storeOfficerDay((name) => ports[name] as never, startOfLondonDay(world.clock.now()));
  return world;
}

describe("the officer of the day's page (core)", () => {
  it('needs bookings:write, reading and marking alike', async () => {
    const world = await seeded();
    await expect(officerDay(world).execute(withPermissions(['bookings:read']))).rejects.toBeInstanceOf(PermissionError);
    await expect(
      new MarkAttendance(world).execute(withPermissions(['bookings:read']), OFFICER_DAY.soloBookingId, {
        key: crypto.randomUUID(),
        expectedVersion: 0,
        arrived: 1,
        arrivedPeople: [],
      }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('shows a cancelled event as cancelled, a holder without a phone or emergency contact with none, and no emergency numbers when none are set', async () => {
    const world = await seeded();
    const race = (await world.events.get(OFFICER_DAY.raceId))!;
    await world.events.update({ ...race, cancelledAt: '2026-06-01T08:00:00.000Z', cancelReason: 'Gale' });
    await world.members.update({
      ...(await world.members.get(OFFICER_DAY.officer.id))!,
      phone: undefined,
      emergencyContactName: undefined,
      emergencyContactPhone: undefined,
    });
    const day = await officerDay(world, []).execute(officer);
    const [event] = day.days[0]!.events;
    expect(event).toMatchObject({ cancelled: true, name: 'Club race' });
    expect(event!.duties[0]!.holders[0]).toEqual({
      memberId: OFFICER_DAY.officer.id,
      name: 'Rita Officer',
      phone: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
    });
    expect(day.emergencyContacts).toEqual([]);
  });

  it('shows no events on a day without any', async () => {
    const world = makeWorld();
    const day = await officerDay(world).execute(officer);
    expect(day.days.map((d) => [d.label, d.events.length])).toEqual([
      ['Today', 0],
      ['Tomorrow', 0],
    ]);
  });
});

describe('walk-ins (core)', () => {
  const wendy = (id: string) => ({
    id,
    name: 'Wendy Walker',
    phone: '07700 900123',
    emergencyContactName: 'Walt Walker',
    emergencyContactPhone: '07700 900456',
  });

  it('needs bookings:write to add, remove or mark one, and changes nothing without it', async () => {
    const world = await seeded();
    const reader = withPermissions(['bookings:read']);
    const walkIns = new ManageWalkIns(world);
    const id = crypto.randomUUID();
    await expect(walkIns.add(reader, OFFICER_DAY.raceId, wendy(id))).rejects.toBeInstanceOf(PermissionError);
    await walkIns.add(officer, OFFICER_DAY.raceId, wendy(id));
    await expect(walkIns.remove(reader, id)).rejects.toBeInstanceOf(PermissionError);
    await expect(walkIns.markAfloat(reader, id, { key: crypto.randomUUID(), afloat: true, markedAt: world.clock.now().toISOString() })).rejects.toBeInstanceOf(
      PermissionError,
    );
    expect(await world.attendance.listWalkIns([OFFICER_DAY.raceId])).toMatchObject([{ id, afloat: null }]);
  });

  it('shows walk-ins on their event with its capacity; logs each add and removal once, naming nobody', async () => {
    const world = await seeded();
    const walkIns = new ManageWalkIns(world);
    const id = crypto.randomUUID();
    await walkIns.add(officer, OFFICER_DAY.raceId, wendy(id));
    await walkIns.add(officer, OFFICER_DAY.raceId, wendy(id));
    const [race] = (await officerDay(world).execute(officer)).days[0]!.events;
    expect(race!.walkIns).toMatchObject([{ id, name: 'Wendy Walker', emergencyContactPhone: '07700 900456' }]);
    expect(race!.capacity).toBe((await world.events.get(OFFICER_DAY.raceId))!.capacity);
    await walkIns.remove(officer, id);
    await walkIns.remove(officer, id);
    const entries = (await world.audit.list({ limit: 100 })).filter((entry) => entry.action.startsWith('walk-in.'));
    expect(entries.map((entry) => [entry.action, entry.recordType, entry.recordId, entry.summary])).toEqual(
      expect.arrayContaining([
        ['walk-in.added', 'event', OFFICER_DAY.raceId, 'Walk-in added'],
        ['walk-in.removed', 'event', OFFICER_DAY.raceId, 'Walk-in removed'],
      ]),
    );
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toMatch(/Wendy|Walt|07700/);
  });
});
