import type { Adapters } from '../../server/adapters';
import { aBooking, anEvent } from './entities';

/**
 * The officer of the day's data, stored through the ports: with the clock at 2026-06-01 09:00 UTC,
 * a race today (10:00 London), a social tomorrow, and a course next week that the page leaves out.
 * The race has a household booking naming two attendees of three, a guest booking of two, one of
 * one, and a cancelled booking; its duty roster has a race officer with a phone and emergency contact.
 */
export const OFFICER_DAY = {
  raceId: 'race-today',
  socialId: 'social-tomorrow',
  laterId: 'course-next-week',
  householdBookingId: 'bk-household',
  guestBookingId: 'bk-guests',
  soloBookingId: 'bk-solo',
  cancelledBookingId: 'bk-cancelled',
  officer: { id: 'mem-ro', name: 'Rita Officer', phone: '07700 900123', emergencyContactName: 'Ron Officer', emergencyContactPhone: '07700 900456' },
} as const;

export async function storeOfficerDay(get: <K extends keyof Adapters>(name: K) => Adapters[K]): Promise<void> {
  const at = '2026-05-20T09:00:00.000Z';
  const events = [
    anEvent({ id: OFFICER_DAY.raceId, name: 'Club race', eventdatetime: '2026-06-01T09:00:00.000Z', eventenddatetime: '2026-06-01T12:00:00.000Z', createdAt: at, updatedAt: at }),
    anEvent({ id: OFFICER_DAY.socialId, name: 'Sundowner social', eventdatetime: '2026-06-02T17:00:00.000Z', eventenddatetime: '2026-06-02T20:00:00.000Z', createdAt: at, updatedAt: at }),
    anEvent({ id: OFFICER_DAY.laterId, name: 'Dinghy course', eventdatetime: '2026-06-08T09:00:00.000Z', eventenddatetime: '2026-06-08T16:00:00.000Z', createdAt: at, updatedAt: at }),
  ];
  for (const event of events) await get('events').create(event);
  const race = { eventId: OFFICER_DAY.raceId, eventName: 'Club race', submittedAt: at, checkoutOpenedAt: at };
  const bookings = [
    aBooking({
      ...race,
      id: OFFICER_DAY.householdBookingId,
      firstName: 'Helen',
      lastName: 'Harbour',
      numberAttending: 3,
      numberOfChildren: 1,
      householdAttendees: [
        { personId: 'p-milly', name: 'Milly Harbour', kind: 'junior', place: 'child', memberPrice: true },
        { personId: 'p-sam', name: 'Sam Harbour', kind: 'adult', place: 'adult', memberPrice: true },
      ],
    }),
    aBooking({ ...race, id: OFFICER_DAY.guestBookingId, firstName: 'Gina', lastName: 'Guest', numberAttending: 2, boatName: 'Petrel' }),
    aBooking({ ...race, id: OFFICER_DAY.soloBookingId, firstName: 'Sol', lastName: 'Alone', numberAttending: 1 }),
    aBooking({ ...race, id: OFFICER_DAY.cancelledBookingId, firstName: 'Cass', lastName: 'Cancelled', numberAttending: 1, cancelledAt: at, cancelledBy: 'member' }),
    aBooking({ id: 'bk-social', eventId: OFFICER_DAY.socialId, eventName: 'Sundowner social', firstName: 'Sue', lastName: 'Social', submittedAt: at, checkoutOpenedAt: at }),
  ];
  for (const booking of bookings) await get('bookings').addIfPlacesRemain(booking, { capacity: null, now: new Date(at) });
  await get('members').create({ ...OFFICER_DAY.officer, email: 'rita@example.org', membershipType: 'Adult', renewalDate: '2027-03-31', disabled: false, createdAt: at, updatedAt: at });
  await get('duties').saveCatalogue('dutyTypes', { id: 'race-officer', name: 'Race officer', description: '', qualificationIds: [] });
  await get('duties').addSlots([{ id: 'race-ro', eventId: OFFICER_DAY.raceId, dutyTypeId: 'race-officer', needed: 1, optional: false, createdAt: at }]);
  await get('duties').assign({
    slotId: 'race-ro',
    memberId: OFFICER_DAY.officer.id,
    eventId: OFFICER_DAY.raceId,
    window: { start: '2026-06-01T09:00:00.000Z', end: '2026-06-01T12:00:00.000Z' },
    assignedAt: at,
    overrideReason: null,
  });
}
