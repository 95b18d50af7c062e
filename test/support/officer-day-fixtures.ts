import type { Adapters } from '../../server/adapters';
import { aBooking, anEvent } from './entities';

/**
 * The officer of the day's data, stored through the ports: a race today (10:00 London), a social
 * tomorrow, and a course next week that the page leaves out.
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
  /** Helen booked signed in (the booking's memberId); Gina booked with her member e-mail, not signed in; Sol is no member. */
  helen: {
    id: 'mem-helen',
    name: 'Helen Harbour',
    email: 'helen@example.org',
    phone: '07700 900777',
    emergencyContactName: 'Hal Harbour',
    emergencyContactPhone: '07700 900888',
  },
  gina: { id: 'mem-gina', name: 'Gina Guest', email: 'gina@example.org', emergencyContactName: 'Greg Guest', emergencyContactPhone: '+44 7700 900999' },
} as const;

const HOUR = 3_600_000;

/** `dayStart` is the London midnight that starts "today"; times are hours after it (10: 10:00 London, outside a clock change). */
export async function storeOfficerDay(get: <K extends keyof Adapters>(name: K) => Adapters[K], dayStart: Date): Promise<void> {
  const after = (hours: number) => new Date(dayStart.getTime() + hours * HOUR).toISOString();
  const at = after(-12 * 24);
  const events = [
    anEvent({ id: OFFICER_DAY.raceId, name: 'Club race', eventdatetime: after(10), eventenddatetime: after(13), createdAt: at, updatedAt: at }),
    anEvent({
      id: OFFICER_DAY.socialId,
      name: 'Sundowner social',
      eventdatetime: after(24 + 18),
      eventenddatetime: after(24 + 21),
      createdAt: at,
      updatedAt: at,
    }),
    anEvent({
      id: OFFICER_DAY.laterId,
      name: 'Dinghy course',
      eventdatetime: after(7 * 24 + 10),
      eventenddatetime: after(7 * 24 + 17),
      createdAt: at,
      updatedAt: at,
    }),
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
      memberId: OFFICER_DAY.helen.id,
      householdAttendees: [
        { personId: 'p-milly', name: 'Milly Harbour', kind: 'junior', place: 'child', memberPrice: true },
        { personId: 'p-sam', name: 'Sam Harbour', kind: 'adult', place: 'adult', memberPrice: true },
      ],
    }),
    aBooking({
      ...race,
      id: OFFICER_DAY.guestBookingId,
      firstName: 'Gina',
      lastName: 'Guest',
      numberAttending: 2,
      boatName: 'Petrel',
      userEmail: ' Gina@Example.org',
    }),
    aBooking({ ...race, id: OFFICER_DAY.soloBookingId, firstName: 'Sol', lastName: 'Alone', numberAttending: 1 }),
    aBooking({
      ...race,
      id: OFFICER_DAY.cancelledBookingId,
      firstName: 'Cass',
      lastName: 'Cancelled',
      numberAttending: 1,
      cancelledAt: at,
      cancelledBy: 'member',
    }),
    aBooking({
      id: 'bk-social',
      eventId: OFFICER_DAY.socialId,
      eventName: 'Sundowner social',
      firstName: 'Sue',
      lastName: 'Social',
      submittedAt: at,
      checkoutOpenedAt: at,
    }),
  ];
  for (const booking of bookings) await get('bookings').addIfPlacesRemain(booking, { capacity: null, now: new Date(at) });
  const membership = { membershipType: 'Adult', renewalDate: '2027-03-31', disabled: false, createdAt: at, updatedAt: at };
  await get('members').create({ ...OFFICER_DAY.officer, email: 'rita@example.org', ...membership });
  await get('members').create({ ...OFFICER_DAY.helen, ...membership });
  await get('members').create({ ...OFFICER_DAY.gina, ...membership });
  await get('duties').saveCatalogue('dutyTypes', { id: 'race-officer', name: 'Race officer', description: '', qualificationIds: [] });
  await get('duties').addSlots([{ id: 'race-ro', eventId: OFFICER_DAY.raceId, dutyTypeId: 'race-officer', needed: 1, optional: false, createdAt: at }]);
  await get('duties').assign({
    slotId: 'race-ro',
    memberId: OFFICER_DAY.officer.id,
    eventId: OFFICER_DAY.raceId,
    window: { start: after(10), end: after(13) },
    assignedAt: at,
    overrideReason: null,
  });
}
