import type { WorkDay } from '../../../core/work-days/work-day';
import { aWorkDay } from '../entities';
import { expect } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { FETCH, type TestApp } from './test-app';
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

export const WORK_DAY: WorkDay = aWorkDay({
  id: 'spring-work-day',
  name: 'Spring work day',
  description: 'Getting the club ready for the season',
  date: '2026-06-20T09:00:00.000Z',
  notes: 'Lunch at one',
  jobs: [
    { id: 'painting', title: 'Painting', description: 'The clubhouse', volunteersNeeded: 4 },
    { id: 'pontoons', title: 'Pontoons', description: 'Check the fixings', volunteersNeeded: 2 },
  ],
});

export async function addWorkDays(app: TestApp): Promise<void> {
  await app.get('workDays').create(WORK_DAY);
  await app.get('workDays').create({ ...WORK_DAY, id: 'old-work-day', name: 'Hidden', active: false });
}

/** Counts of everything a request could change, to prove a refused request changed nothing. */
export async function storedCounts(app: TestApp): Promise<Record<string, number>> {
  // The reads are independent, so they go together: one after another they were about 25 round
  // trips to the Firestore emulator per call, twice in each of the fuzz file's 145 tests.
  const [
    events,
    workDays,
    admins,
    bookings,
    audit,
    outbox,
    news,
    waterLevels,
    documents,
    photos,
    sitePages,
    members,
    duties,
    files,
    limits,
    membership,
    series,
  ] = await Promise.all([
    app.get('events').list({ order: 'asc' }),
    app.get('workDays').list(),
    app.get('admins').list(),
    app.get('bookings').listAll(),
    app.get('audit').list({ limit: 10_000 }),
    app.get('outbox').list(),
    app.get('campaigns').listNewsItems(),
    app.get('waterLevels').readings('1900-01-01', '2100-12-31'),
    app.get('documents').list(),
    app.get('photos').list(),
    app.get('sitePages').list(),
    app.get('members').list(),
    Promise.all([
      app.get('duties').listCatalogue('qualifications'),
      app.get('duties').listCatalogue('dutyTypes'),
      app.get('duties').listCatalogue('templates'),
      app.get('duties').listMemberQualifications(),
    ]),
    app.get('files').list(),
    app.get('conditions').getLimits(),
    Promise.all([app.get('membership').listCategories(), app.get('membership').getSettings()]),
    app.get('events').listSeries(),
  ]);
  const [signups, conditionEvents, walkIns, availability, announcements] = await Promise.all([
    Promise.all(workDays.map((workDay) => app.get('workDays').listSignups(workDay.id))),
    app.get('conditions').getEvents(events.map((e) => e.id)),
    app.get('attendance').listWalkIns(events.map((e) => e.id)),
    // Members' availability of the test clock's season (1 June 2026: the year from 1 April).
    app.get('availability').listSeason('2026-04-01'),
    app.get('announcements').listByEvents(
      events.map((e) => e.id),
      10_000,
    ),
  ]);
  return {
    events: events.length,
    walkIns: walkIns.length,
    announcements: announcements.length,
    availabilityJson: JSON.stringify(availability).length,
    eventsJson: JSON.stringify(events).length,
    seriesJson: JSON.stringify(series).length,
    bookings: bookings.length,
    bookingsJson: JSON.stringify(bookings).length,
    audit: audit.length,
    outbox: outbox.length,
    signups: signups.reduce((sum, list) => sum + list.length, 0),
    admins: admins.length,
    adminsJson: JSON.stringify(admins).length,
    outboxJson: JSON.stringify(outbox).length,
    newsJson: JSON.stringify(news).length,
    waterLevelsJson: JSON.stringify(waterLevels).length,
    documentsJson: JSON.stringify(documents).length,
    photosJson: JSON.stringify(photos).length,
    sitePagesJson: JSON.stringify(sitePages).length,
    membersJson: JSON.stringify(members).length,
    dutiesJson: JSON.stringify(duties).length,
    files: files.length,
    conditionsJson: JSON.stringify([limits, [...conditionEvents.values()]]).length,
    membershipJson: JSON.stringify(membership).length,
  };
}

/** Adds, as this admin and through the API, a paid supper on 18 July 2026 at 18:00 offering children's places: £15, members £10. Answers its id. */
export async function addMemberPricedSupper(admin: TestAgent, name: string): Promise<string> {
  const created = await admin
    .post('/api/admin/events')
    .set(FETCH)
    .send({
      ...emptyEventForm(),
      name,
      eventdatetime: '2026-07-18T18:00',
      allowBooking: true,
      offerChild: true,
      requiresPayment: true,
      price: '15.00',
      memberPrice: '10.00',
    });
  expect(created.status).toBe(201);
  return created.body.event.id;
}
