import type { WorkDay } from '../../../core/work-days/work-day';
import { aWorkDay } from '../../support/entities';
import type { TestApp } from './test-app';
import { emptyEventForm } from '../../../core/events/event-form';

/** A bookable event's admin form with a start and an end (London summer time: 09:00 to 12:00 UTC). */
export const AUTUMN_RACE_FORM = {
  ...emptyEventForm(),
  name: 'Autumn Race',
  eventdatetime: '2026-06-10T10:00',
  eventenddatetime: '2026-06-10T13:00',
  allowBooking: true,
};

/** The rest of a booking form for one sailor (the test gives the event, first name and e-mail). */
export const ONE_SAILOR = { lastName: 'Sailor', numberAttending: '1', numberOfChildren: '', numberOfSoftDrinks: '', numberOfVegetarian: '', boatName: '' };

export const WORK_DAY: WorkDay = aWorkDay({ id: 'spring-work-day', name: 'Spring work day', description: 'Getting the club ready for the season', date: '2026-06-20T09:00:00.000Z', notes: 'Lunch at one', jobs: [
  { id: 'painting', title: 'Painting', description: 'The clubhouse', volunteersNeeded: 4 },
  { id: 'pontoons', title: 'Pontoons', description: 'Check the fixings', volunteersNeeded: 2 },
] });

export async function addWorkDays(app: TestApp): Promise<void> {
  await app.get('workDays').create(WORK_DAY);
  await app.get('workDays').create({ ...WORK_DAY, id: 'old-work-day', name: 'Hidden', active: false });
}

/** Counts of everything a request could change, to prove a refused request changed nothing. */
export async function storedCounts(app: TestApp): Promise<Record<string, number>> {
  const events = await app.get('events').list({ order: 'asc' });
  const workDays = await app.get('workDays').list();
  let signups = 0;
  for (const workDay of workDays) signups += (await app.get('workDays').listSignups(workDay.id)).length;
  const admins = await app.get('admins').list();
  return {
    events: events.length,
    eventsJson: JSON.stringify(events).length,
    bookings: (await app.get('bookings').listAll()).length,
    bookingsJson: JSON.stringify(await app.get('bookings').listAll()).length,
    audit: (await app.get('audit').list({ limit: 10_000 })).length,
    outbox: (await app.get('outbox').list()).length,
    signups,
    admins: admins.length,
    adminsJson: JSON.stringify(admins).length,
    outboxJson: JSON.stringify(await app.get('outbox').list()).length,
    newsJson: JSON.stringify(await app.get('campaigns').listNewsItems()).length,
    waterLevelsJson: JSON.stringify(await app.get('waterLevels').readings('1900-01-01', '2100-12-31')).length,
    documentsJson: JSON.stringify(await app.get('documents').list()).length,
    photosJson: JSON.stringify(await app.get('photos').list()).length,
    sitePagesJson: JSON.stringify(await app.get('sitePages').list()).length,
    membersJson: JSON.stringify(await app.get('members').list()).length,
    dutiesJson: JSON.stringify([await app.get('duties').listCatalogue('qualifications'), await app.get('duties').listCatalogue('dutyTypes'), await app.get('duties').listCatalogue('templates'), await app.get('duties').listMemberQualifications()]).length,
    files: (await app.get('files').list()).length,
    conditionsJson: JSON.stringify([await app.get('conditions').getLimits(), [...(await app.get('conditions').getEvents(events.map((e) => e.id))).values()]]).length,
  };
}
