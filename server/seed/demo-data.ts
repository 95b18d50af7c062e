import { UNCHANGED_BOOKING, type Booking } from '../../core/bookings/booking';
import type { ImportedCampaign } from '../../core/news/imported-campaign';
import type { ClubDocument } from '../../core/documents/document';
import { NEW_EVENT, type ClubEvent } from '../../core/events/event';
import type { WaterLevelReading } from '../../core/water-levels/water-level';
import type { MembershipCategory } from '../../core/membership/membership-category';
import type { WorkDay, WorkDaySignup } from '../../core/work-days/work-day';
import { getDay } from 'date-fns/getDay';
import { getDayOfYear } from 'date-fns/getDayOfYear';
import { addDaysToDate as addDays, dateWall, londonDate as londonDateOf, wallClockToInstant } from '../../core/shared/london-time';
import { priceBooking } from '../../core/bookings/pricing';

/** A demo document: its record and the text its generated PDF carries. */
export interface DemoDocument {
  document: ClubDocument;
  /** Sections of the PDF after the title page. */
  sections: { heading: string; lines: string[] }[];
  /** Draws a sketch map of the moorings instead of a plain text page. */
  drawMap?: boolean;
}

export interface DemoData {
  events: ClubEvent[];
  bookings: Booking[];
  workDays: WorkDay[];
  workDaySignups: WorkDaySignup[];
  campaigns: ImportedCampaign[];
  documents: DemoDocument[];
  waterLevels: WaterLevelReading[];
  membershipCategories: MembershipCategory[];
}

export const DEMO_CLUB_NAME = 'Kestrel Yacht Club';

const DAY_MS = 24 * 3600 * 1000;

/** The London date `offsetDays` calendar days after the London date of `now`. */
function londonDate(now: Date, offsetDays = 0): string {
  return addDays(londonDateOf(now), offsetDays);
}

/** The first date on or after `date` falling on `weekday` (0 Sunday … 6 Saturday). */
function onOrAfterWeekday(date: string, weekday: number): string {
  return addDays(date, (weekday - getDay(dateWall(date)) + 7) % 7);
}

/** The London month (1 to 12) of a date such as '2026-06-06'. */
function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

/**
 * A seasonal event's day: the first `weekday` at least `offsetDays` from now that falls in one of
 * `months` (1 to 12), so a barbecue is in summer and a laying-up supper in autumn whenever the demo
 * is seeded. Within a year: every month list names a month.
 */
function inSeason(now: Date, offsetDays: number, months: readonly number[], weekday: number): string {
  let date = onOrAfterWeekday(londonDate(now, offsetDays), weekday);
  while (!months.includes(monthOf(date))) date = addDays(date, 7);
  return date;
}

/** The last `weekday` at least `daysAgo` days before now that fell in one of `months`: a seasonal event already over. */
function lastInSeason(now: Date, daysAgo: number, months: readonly number[], weekday: number): string {
  const latest = londonDate(now, -daysAgo);
  let date = addDays(latest, -((getDay(dateWall(latest)) - weekday + 7) % 7));
  while (!months.includes(monthOf(date))) date = addDays(date, -7);
  return date;
}

/** The instant of a London wall-clock time on a date, e.g. ('2026-06-06', '10:00'). */
function londonInstant(date: string, time: string): string {
  const instant = wallClockToInstant(`${date}T${time}`);
  if (!instant) throw new Error(`bad demo date ${date}T${time}`);
  return instant.toISOString();
}
/** The months (1 to 12) each seasonal demo event and work day falls in. */
const SPRING = [3, 4, 5] as const;
const LAYING_UP = [10, 11] as const;
const SUMMER_SOCIAL = [6, 7] as const;
/** Evening races need daylight after work: from May to August. */
const EVENING_RACING = [5, 6, 7, 8] as const;
/** Lake Garda before and after the summer crowds. */
const FLOTILLA = [5, 6, 9] as const;
/** The national Push the Boat Out campaign runs from May to September. */
const PUSH_THE_BOAT_OUT = [5, 6, 7, 8, 9] as const;
const FITTING_OUT = [3, 4] as const;

const SATURDAY = 6;
const SUNDAY = 0;
const WEDNESDAY = 3;
const THURSDAY = 4;

function instantBefore(now: Date, days: number, hours = 0): string {
  return new Date(now.getTime() - days * DAY_MS - hours * 3600 * 1000).toISOString();
}

type EventDraft = Omit<ClubEvent, 'createdAt' | 'updatedAt' | 'capacity' | 'bookingEndDate' | 'eventenddatetime' | keyof typeof NEW_EVENT> &
  Partial<Pick<ClubEvent, 'capacity' | 'bookingEndDate' | 'eventenddatetime'>>;

function event(now: Date, draft: EventDraft, createdDaysAgo: number): ClubEvent {
  return {
    eventenddatetime: null,
    bookingEndDate: null,
    capacity: null,
    ...NEW_EVENT,
    ...draft,
    createdAt: instantBefore(now, createdDaysAgo),
    updatedAt: instantBefore(now, Math.max(0, createdDaysAgo - 3)),
  };
}

const noExtras = { isBoatEvent: false, offerChild: false, offerSoftDrinks: false, offerVeg: false };
const free = { requiresPayment: false, price: 0, currency: 'GBP' as const };

/**
 * Ten events, each showing a different case: paid (GBP and EUR) and free, every optional booking
 * field, a small capacity, booking switched off, a passed booking deadline, an all-day event,
 * one already over and one whose date is still to be confirmed.
 */
function demoEvents(now: Date): ClubEvent[] {
  const day = (offset: number, weekday: number) => onOrAfterWeekday(londonDate(now, offset), weekday);
  // Events of any time of year come in the next weeks; seasonal ones in their season (the next
  // one, or for the race already over the last one), whenever the demo is seeded.
  const regattaDay = day(21, SATURDAY);
  const tasterDay = day(9, SUNDAY);
  const agmDay = day(56, THURSDAY);
  const barbecueDay = inSeason(now, 14, SUMMER_SOCIAL, SATURDAY);
  const seriesDay = inSeason(now, 6, EVENING_RACING, WEDNESDAY);
  const gardaDay = inSeason(now, 60, FLOTILLA, SATURDAY);
  const openDay = inSeason(now, 14, PUSH_THE_BOAT_OUT, SUNDAY);
  const supperDay = inSeason(now, 14, LAYING_UP, SATURDAY);
  const pursuitDay = lastInSeason(now, 7, SPRING, SATURDAY);
  const pursuitCreatedDaysAgo = Math.round((now.getTime() - Date.parse(londonInstant(pursuitDay, '11:00'))) / DAY_MS) + 60;

  return [
    event(
      now,
      {
        id: 'open-regatta',
        name: 'Kestrel Open Regatta',
        description: 'Our flagship open meeting: three races for dinghies and keelboats, with lunch and prizes.',
        longdescription:
          'Visitors from every club in the region are welcome. Registration opens at 08:30 in the ' +
          'clubhouse; the first warning signal is at 10:25 off the dam wall. Three races on an Olympic ' +
          'course, a hot lunch between races two and three, and prizegiving with a bar at 17:00. ' +
          'Entry covers lunch and launching; children 12 years or under sail at half price. Please give the ' +
          'name of the boat you are sailing so we can publish the entry list.',
        eventdatetime: londonInstant(regattaDay, '09:30'),
        eventenddatetime: londonInstant(regattaDay, '17:30'),
        bookingEndDate: londonInstant(addDays(regattaDay, -3), '20:00'),
        allowBooking: true,
        isBoatEvent: true,
        offerChild: true,
        offerSoftDrinks: true,
        offerVeg: true,
        requiresPayment: true,
        price: 1500,
        currency: 'GBP',
      },
      40,
    ),
    event(
      now,
      {
        id: 'taster-sail',
        name: 'Try Sailing Taster Session',
        description: 'Two hours on the water with an instructor. Buoyancy aids and boats provided; only eight places.',
        longdescription:
          'Never sailed before? Join one of our RYA instructors in a stable Wayfarer for a gentle ' +
          'introduction to steering, sail trim and tacking. Wear clothes that can get wet and shoes ' +
          'you do not mind soaking; we lend buoyancy aids and waterproofs. Children aged 8 and over ' +
          'are welcome with an adult. Places are limited to eight so that everyone gets time on the helm.',
        eventdatetime: londonInstant(tasterDay, '10:00'),
        eventenddatetime: londonInstant(tasterDay, '12:30'),
        allowBooking: true,
        ...noExtras,
        offerChild: true,
        ...free,
        capacity: 8,
      },
      30,
    ),
    event(
      now,
      {
        id: 'midsummer-barbecue',
        name: 'Midsummer Barbecue and Social Sail',
        description: 'A relaxed evening sail followed by a barbecue on the clubhouse lawn.',
        longdescription:
          'Bring the family for a pursuit-style fun sail at 17:00 (any boat, any crew) and the barbecue ' +
          'from 19:00: burgers, sausages, halloumi and salads, with soft drinks for the children. The ' +
          'bar will be open. Tell us how many vegetarian meals and soft drinks you need so that we ' +
          'cater for everyone.',
        eventdatetime: londonInstant(barbecueDay, '17:00'),
        eventenddatetime: londonInstant(barbecueDay, '22:00'),
        allowBooking: true,
        isBoatEvent: false,
        offerChild: true,
        offerSoftDrinks: true,
        offerVeg: true,
        requiresPayment: true,
        price: 1250,
        currency: 'GBP',
      },
      25,
    ),
    event(
      now,
      {
        id: 'wednesday-evening-series',
        name: 'Wednesday Evening Series Race',
        description: 'Club racing after work: one race for all classes on handicap.',
        longdescription:
          'The evening series runs every Wednesday through the summer. Briefing at 18:15 in the ' +
          'dinghy park, first start at 18:45. Results are calculated on the RYA Portsmouth Yardstick ' +
          'and posted on the noticeboard. Free for members; please book so that the race officer ' +
          'knows how many boats to expect.',
        eventdatetime: londonInstant(seriesDay, '18:30'),
        allowBooking: true,
        ...noExtras,
        isBoatEvent: true,
        ...free,
      },
      60,
    ),
    event(
      now,
      {
        id: 'lake-garda-flotilla',
        name: 'Lake Garda Flotilla Week',
        description: 'A week of sailing chartered yachts on Lake Garda with fellow members. Deposit per person.',
        longdescription:
          'The club has chartered four 32-foot yachts from a base at Riva del Garda. Expect the ' +
          'morning Pelèr breeze from the north and the afternoon Ora from the south, pizza in Limone ' +
          'and gelato in Malcesine. The deposit secures your berth; flights are booked separately. ' +
          'Skippers hold at least an RYA Day Skipper certificate. Tell us about vegetarian meals for ' +
          'the welcome dinner.',
        eventdatetime: londonInstant(gardaDay, '14:00'),
        eventenddatetime: londonInstant(addDays(gardaDay, 7), '10:00'),
        bookingEndDate: londonInstant(addDays(gardaDay, -35), '23:59'),
        allowBooking: true,
        ...noExtras,
        offerVeg: true,
        requiresPayment: true,
        price: 14500,
        currency: 'EUR',
      },
      50,
    ),
    event(
      now,
      {
        id: 'push-the-boat-out',
        name: 'Push the Boat Out Open Day',
        description: 'Free all-day open day: taster sails, paddleboarding and tours of the club.',
        longdescription:
          'As part of the national Push the Boat Out campaign we open the club to everyone. Drop in ' +
          'at any time for a taster sail, try stand-up paddleboarding, watch a rescue-boat ' +
          'demonstration and have tea and cake in the clubhouse. Members are needed to help on the ' +
          'water and on shore: book to let us know you are coming.',
        eventdatetime: londonInstant(openDay, '00:00'),
        allowBooking: true,
        isBoatEvent: false,
        offerChild: true,
        offerSoftDrinks: true,
        offerVeg: false,
        ...free,
      },
      20,
    ),
    event(
      now,
      {
        id: 'annual-general-meeting',
        name: 'Annual General Meeting',
        description: 'Reports from the officers, the accounts, and election of the committee.',
        longdescription:
          'All full members are entitled to attend and vote. The agenda, the accounts and the ' +
          'nominations for committee posts will be sent by e-mail two weeks before the meeting. No ' +
          'booking is needed; proposals for the agenda go to the secretary at least 21 days before.',
        eventdatetime: londonInstant(agmDay, '19:30'),
        eventenddatetime: londonInstant(agmDay, '21:30'),
        allowBooking: false,
        ...noExtras,
        ...free,
      },
      70,
    ),
    event(
      now,
      {
        id: 'laying-up-supper',
        name: 'Laying-Up Supper and Prizegiving',
        description: 'Three-course dinner and the season’s trophies. Bookings have closed.',
        longdescription:
          'Celebrate the season with a three-course dinner in the clubhouse and the presentation of ' +
          'the club trophies, from the Kestrel Cup to the Wooden Spoon. Dress: smart casual. The ' +
          'caterer needed final numbers, so bookings closed early; ask the social secretary about ' +
          'the waiting list.',
        eventdatetime: londonInstant(supperDay, '19:00'),
        eventenddatetime: londonInstant(supperDay, '23:00'),
        bookingEndDate: londonInstant(londonDate(now, -2), '23:59'),
        allowBooking: true,
        isBoatEvent: false,
        offerChild: false,
        offerSoftDrinks: true,
        offerVeg: true,
        requiresPayment: true,
        price: 3200,
        currency: 'GBP',
      },
      45,
    ),
    event(
      now,
      {
        id: 'frostbite-series',
        name: 'Frostbite Series Launch',
        description: 'The winter racing series; the start date will be confirmed once the reservoir level allows.',
        longdescription:
          'The Frostbite Series runs on Sunday mornings through the winter. The water authority ' +
          'has to confirm the launching arrangements before we can fix a date. Watch the news page ' +
          'for the announcement; booking will open then.',
        eventdatetime: null,
        allowBooking: false,
        ...noExtras,
        isBoatEvent: true,
        ...free,
      },
      10,
    ),
    event(
      now,
      {
        id: 'spring-pursuit-race',
        name: 'Spring Pursuit Race',
        description: 'Staggered starts by handicap: the first boat across the line wins.',
        longdescription:
          'The traditional opener of the racing season. Slowest boats start first; everyone should ' +
          'finish together after two hours. Soup and rolls in the clubhouse afterwards.',
        eventdatetime: londonInstant(pursuitDay, '11:00'),
        eventenddatetime: londonInstant(pursuitDay, '15:00'),
        allowBooking: true,
        ...noExtras,
        isBoatEvent: true,
        offerSoftDrinks: true,
        ...free,
      },
      pursuitCreatedDaysAgo,
    ),
  ];
}

interface BookingDraft {
  id: string;
  event: ClubEvent;
  firstName: string;
  lastName: string;
  attending: number;
  children?: number;
  softDrinks?: number;
  vegetarian?: number;
  boatName?: string;
  email?: string;
  daysAgo: number;
  paid?: boolean;
}

function demoBooking(now: Date, draft: BookingDraft): Booking {
  const e = draft.event;
  const children = e.offerChild ? (draft.children ?? 0) : 0;
  const amount = e.requiresPayment ? priceBooking(e, { numberAttending: draft.attending, numberOfChildren: children }) : null;
  const paid = amount !== null && amount > 0 && draft.paid === true;
  const submittedAt = instantBefore(now, draft.daysAgo, 2);
  return {
    id: draft.id,
    // Given at start with the club's prefix (BookingRepository.assignMissingReferences), as to every older booking.
    reference: null,
    eventId: e.id,
    eventName: e.name,
    firstName: draft.firstName,
    lastName: draft.lastName,
    numberAttending: draft.attending,
    numberOfChildren: children,
    numberOfSoftDrinks: e.offerSoftDrinks ? (draft.softDrinks ?? 0) : 0,
    numberOfVegetarian: e.offerVeg ? (draft.vegetarian ?? 0) : 0,
    boatName: e.isBoatEvent ? (draft.boatName ?? null) : null,
    userEmail: draft.email ?? null,
    submittedAt,
    paymentRequired: amount !== null && amount > 0,
    paid,
    paymentAmount: amount,
    paymentCurrency: amount !== null ? e.currency : null,
    checkoutId: amount !== null && amount > 0 ? `demo-checkout-${draft.id}` : null,
    paymentId: paid ? `demo-pay-${draft.id}` : null,
    paymentCompletedAt: paid ? instantBefore(now, draft.daysAgo, 1) : null,
    ...UNCHANGED_BOOKING,
    paymentMethod: paid ? 'card' : null,
  };
}

/**
 * Bookings that make the admin screens worth looking at: paid, pending (older than the 30-minute
 * hold, so they keep no places) and free bookings, and five of the taster session's eight places.
 */
function demoBookings(now: Date, events: ClubEvent[]): Booking[] {
  const byId = (id: string) => {
    const found = events.find((e) => e.id === id);
    if (!found) throw new Error(`demo event ${id} missing`);
    return found;
  };
  const regatta = byId('open-regatta');
  const taster = byId('taster-sail');
  const barbecue = byId('midsummer-barbecue');
  const series = byId('wednesday-evening-series');
  const pursuit = byId('spring-pursuit-race');
  const supper = byId('laying-up-supper');
  // The race already over was booked in the days before it.
  const pursuitAgo = Math.floor((now.getTime() - Date.parse(pursuit.eventdatetime!)) / DAY_MS);
  const drafts: BookingDraft[] = [
    {
      id: 'bk-regatta-01',
      event: regatta,
      firstName: 'Helen',
      lastName: 'Marsh',
      attending: 2,
      softDrinks: 1,
      vegetarian: 1,
      boatName: 'Merlin Rocket 3621 "Halcyon"',
      email: 'helen.marsh@example.org',
      daysAgo: 12,
      paid: true,
    },
    {
      id: 'bk-regatta-02',
      event: regatta,
      firstName: 'Tom',
      lastName: 'Whitaker',
      attending: 3,
      children: 1,
      softDrinks: 2,
      boatName: 'Wayfarer 10945',
      daysAgo: 9,
      paid: true,
    },
    {
      id: 'bk-regatta-03',
      event: regatta,
      firstName: 'Priya',
      lastName: 'Nair',
      attending: 1,
      boatName: 'ILCA 7 218455',
      email: 'priya.nair@example.org',
      daysAgo: 5,
      paid: false,
    },
    {
      id: 'bk-regatta-04',
      event: regatta,
      firstName: 'Gareth',
      lastName: 'Evans',
      attending: 2,
      vegetarian: 2,
      boatName: 'RS200 1544 "Puffin"',
      daysAgo: 2,
      paid: true,
    },
    { id: 'bk-taster-01', event: taster, firstName: 'Sophie', lastName: 'Clarke', attending: 2, children: 1, email: 'sophie.clarke@example.org', daysAgo: 6 },
    { id: 'bk-taster-02', event: taster, firstName: 'Martin', lastName: 'Doyle', attending: 1, daysAgo: 4 },
    { id: 'bk-taster-03', event: taster, firstName: 'Aisha', lastName: 'Rahman', attending: 2, daysAgo: 1 },
    {
      id: 'bk-barbecue-01',
      event: barbecue,
      firstName: 'Ian',
      lastName: 'Fletcher',
      attending: 4,
      children: 2,
      softDrinks: 2,
      vegetarian: 1,
      email: 'ian.fletcher@example.org',
      daysAgo: 7,
      paid: true,
    },
    { id: 'bk-barbecue-02', event: barbecue, firstName: 'Claire', lastName: 'Bennett', attending: 2, vegetarian: 2, daysAgo: 3, paid: false },
    { id: 'bk-series-01', event: series, firstName: 'Rob', lastName: 'Hughes', attending: 2, boatName: 'Laser 2000 "Blue Heron"', daysAgo: 2 },
    { id: 'bk-series-02', event: series, firstName: 'Jenny', lastName: 'Cole', attending: 1, boatName: 'Solo 5012', daysAgo: 1 },
    {
      id: 'bk-supper-01',
      event: supper,
      firstName: 'Margaret',
      lastName: 'Hollis',
      attending: 2,
      softDrinks: 0,
      vegetarian: 1,
      email: 'margaret.hollis@example.org',
      daysAgo: 10,
      paid: true,
    },
    {
      id: 'bk-pursuit-01',
      event: pursuit,
      firstName: 'David',
      lastName: 'Price',
      attending: 2,
      softDrinks: 2,
      boatName: 'GP14 13870',
      daysAgo: pursuitAgo + 6,
    },
    { id: 'bk-pursuit-02', event: pursuit, firstName: 'Lucy', lastName: 'Ward', attending: 1, boatName: 'Comet 711', daysAgo: pursuitAgo + 4 },
  ];
  return drafts.map((d) => demoBooking(now, d));
}

function demoWorkDays(now: Date): WorkDay[] {
  const springDay = inSeason(now, 14, FITTING_OUT, SATURDAY);
  const autumnDay = inSeason(now, 14, LAYING_UP, SATURDAY);
  return [
    {
      id: 'spring-work-day',
      name: 'Spring Work Day',
      description:
        'Many hands make light work: help get the club ready for the season. Come for an hour or ' +
        'the whole day; every member is asked to give one work day a year.',
      date: londonInstant(springDay, '09:00'),
      foodAvailable: true,
      active: true,
      tools: 'Work gloves, a cordless drill and driver if you have one, paint brushes, a stiff broom.',
      notes: 'Bacon rolls at 10:30 and a hot lunch at 13:00 for everyone who ticks the food box.',
      jobs: [
        { id: 'spring-pontoon', title: 'Pontoon repairs', description: 'Replace split decking boards and check the mooring chains.', volunteersNeeded: 4 },
        { id: 'spring-slipway', title: 'Clear the slipway', description: 'Scrub weed and silt off the concrete slipway at low water.', volunteersNeeded: 6 },
        { id: 'spring-rescue-boats', title: 'Rescue boat service', description: 'Change the oil, plugs and impellers on the two RIBs.', volunteersNeeded: 2 },
        {
          id: 'spring-changing-rooms',
          title: 'Paint the changing rooms',
          description: 'Two coats of emulsion in the ladies’ and gents’ changing rooms.',
          volunteersNeeded: 4,
        },
        {
          id: 'spring-hedges',
          title: 'Trim the car park hedges',
          description: 'Cut back the hawthorn along the car park and clear the cuttings.',
          volunteersNeeded: 3,
        },
      ],
    },
    {
      id: 'autumn-work-day',
      name: 'Autumn Laying-Up Work Day',
      description: 'Put the club to bed for the winter: lift the marks, tidy the dinghy park and clear the gutters.',
      date: londonInstant(autumnDay, '09:30'),
      foodAvailable: false,
      active: true,
      tools: 'Waterproofs and wellies; ladders are provided.',
      notes: 'The galley is closed for refurbishment, so please bring a packed lunch.',
      jobs: [
        {
          id: 'autumn-marks',
          title: 'Lift the racing marks',
          description: 'Bring in the laid marks and their ground tackle by rescue boat.',
          volunteersNeeded: 4,
        },
        {
          id: 'autumn-dinghy-park',
          title: 'Dinghy park tidy',
          description: 'Check every boat has a tag and is tied down for the winter gales.',
          volunteersNeeded: 5,
        },
        { id: 'autumn-gutters', title: 'Clear the clubhouse gutters', description: 'Clear leaves from the gutters and downpipes.', volunteersNeeded: 2 },
      ],
    },
  ];
}

function demoWorkDaySignups(now: Date): WorkDaySignup[] {
  const signup = (
    id: string,
    firstName: string,
    lastName: string,
    selectedJobs: string[],
    daysAgo: number,
    extra: Partial<WorkDaySignup> = {},
  ): WorkDaySignup => ({
    id,
    workDayId: 'spring-work-day',
    firstName,
    lastName,
    selectedJobs,
    otherJob: '',
    notes: '',
    bringingTools: false,
    wantsFood: true,
    submittedAt: instantBefore(now, daysAgo, 3),
    ...extra,
  });
  return [
    signup('wds-spring-01', 'Keith', 'Barlow', ['spring-pontoon', 'spring-rescue-boats'], 6, { bringingTools: true, notes: 'Can bring a generator.' }),
    signup('wds-spring-02', 'Fiona', 'Grant', ['spring-changing-rooms'], 4),
    signup('wds-spring-03', 'Sam', 'Okafor', ['spring-slipway', 'spring-hedges'], 2, { wantsFood: false }),
    signup('wds-spring-04', 'Rachel', 'Lowe', [], 1, { otherJob: 'Update the first-aid kits', bringingTools: false }),
  ];
}

/**
 * Six campaigns, newest first, imported with their text: five open on the club's own page
 * (/news/{id}); one was kept without its text or a preview link, so the News page shows
 * 'Preview Unavailable'.
 */
function demoCampaigns(now: Date): ImportedCampaign[] {
  // Counted in London calendar days, as the News page counts them, so "1 day ago" reads
  // "Yesterday" whatever the time of day (and across a clock change).
  const sent = (daysAgo: number, time: string) => londonInstant(londonDate(now, -daysAgo), time);
  const email = (id: string, subject: string, finished_at: string, content: string | null): ImportedCampaign => ({
    id,
    subject,
    finished_at,
    preview_url: null,
    content,
  });
  return [
    email(
      'cmp-regatta-entries',
      'Open Regatta entries are now open',
      sent(1, '18:05'),
      [
        'Entries for this year’s **Kestrel Open Regatta** are open. Book your place from the Calendar page: entry covers both days of racing and the prize-giving supper.',
        '## What to bring',
        '- Your boat’s sail number and Portsmouth Yardstick class',
        '- A buoyancy aid for every crew member',
        '- Something warm for the evening on the terrace',
        'The sailing instructions will be posted on the noticeboard a week before the first race. Visiting sailors are very welcome: please pass this on.',
      ].join('\n\n'),
    ),
    email(
      'cmp-volunteers-wanted',
      'Spring Work Day: volunteers wanted',
      sent(3, '12:30'),
      [
        'The club runs on volunteers, and the **Spring Work Day** is when we get the site ready for the season.',
        'Jobs range from painting and hedge trimming to servicing the rescue boats. Sign up from the Calendar page and choose the jobs you would like to do; lunch is provided for everyone who helps.',
        'Thank you, and see you there.',
      ].join('\n\n'),
    ),
    { id: 'cmp-water-level', subject: 'Reservoir level update and launching advice', finished_at: sent(14, '09:15'), preview_url: null, content: null },
    email(
      'cmp-new-rescue-boat',
      'Our new rescue boat has arrived',
      sent(21, '17:45'),
      [
        'Thanks to two years of fundraising, our **new rescue boat** has arrived and passed its sea trials.',
        'She is a 5.3 m RIB with a 60 hp outboard, and she will be on duty from this weekend. Duty helms will be shown round her before their first turn.',
        'A huge thank you to everyone who gave to the appeal.',
      ].join('\n\n'),
    ),
    email(
      'cmp-agm-notice',
      'Notice of the Annual General Meeting',
      sent(61, '19:00'),
      [
        'Notice is given that the **Annual General Meeting** (AGM) of the Kestrel Yacht Club will be held in the clubhouse. The date and time are on the Calendar page.',
        '## Agenda',
        '1. Apologies for absence',
        '2. Minutes of the last meeting',
        '3. Commodore’s and treasurer’s reports',
        '4. Election of the committee',
        '5. Any other business',
        'Nominations for the committee must reach the secretary fourteen days before the meeting.',
      ].join('\n\n'),
    ),
    email(
      'cmp-membership-renewals',
      'Membership renewals for the new season',
      sent(120, '10:00'),
      [
        'Subscriptions for the new season are due on **1 March**. The fees are in the Documents section, under Membership Fees.',
        'Renew early to keep your berth and locker: spaces not renewed by the end of March are offered to the waiting list.',
      ].join('\n\n'),
    ),
  ];
}

/** The seven documents of the spec's Documents page; their positions put them in title order. */
export function demoDocuments(): DemoDocument[] {
  return [
    {
      document: {
        id: 'club-constitution',
        title: 'Club Constitution',
        description: 'The rules of the club: objects, membership, the committee, general meetings and finance.',
        category: 'Governance',
        fileName: 'kyc-club-constitution.pdf',
        tags: ['constitution', 'rules', 'committee', 'AGM'],
        position: 0,
      },
      sections: [
        {
          heading: '1. Name and objects',
          lines: [
            'The club shall be called the Kestrel Yacht Club.',
            'Its objects are to encourage and provide for sailing and other water sports',
            'on Kestrel Reservoir, and to promote safety on the water.',
          ],
        },
        {
          heading: '2. Membership',
          lines: [
            'Membership is open to all, without discrimination.',
            'Classes: full, family, junior (under 18), student and social.',
            'The committee may refuse or end a membership for good reason, subject to appeal.',
          ],
        },
        {
          heading: '3. The committee',
          lines: [
            'The club is managed by a committee elected at the Annual General Meeting:',
            'commodore, vice-commodore, rear-commodore, secretary, treasurer and up to six members.',
          ],
        },
        {
          heading: '4. General meetings',
          lines: [
            'The Annual General Meeting is held within four months of the end of the financial year.',
            'Twenty-one days’ notice is given; twenty full members form a quorum.',
          ],
        },
      ],
    },
    {
      document: {
        id: 'members-handbook',
        title: 'Members Handbook',
        description: 'Everything a member needs to know: the clubhouse, launching, racing, rescue cover and the dinghy park.',
        category: 'Membership',
        fileName: 'kyc-members-handbook.pdf',
        tags: ['handbook', 'launching', 'rescue cover', 'dinghy park'],
        position: 2,
      },
      sections: [
        {
          heading: 'Welcome aboard',
          lines: ['This handbook explains how the club works day to day.', 'Please read it before your first sail and keep it for reference.'],
        },
        {
          heading: 'Launching and trip slips',
          lines: [
            'Sail only between sunrise and sunset, and fill in a trip slip before launching.',
            'Remove your slip when you return: a slip left on the board starts a search.',
          ],
        },
        {
          heading: 'Rescue cover',
          lines: [
            'Rescue boats are on duty on Wednesday evenings, Saturdays and Sundays from 10:00.',
            'Outside those times sail with a partner boat and stay in sight of the clubhouse.',
          ],
        },
        {
          heading: 'Dinghy park',
          lines: [
            'Every boat must show a current berth tag and be tied down.',
            'Winter storage is allocated by the bosun; ask before moving another member’s boat.',
          ],
        },
      ],
    },
    {
      document: {
        id: 'water-authority-rules',
        title: 'Water Authority Rules',
        description: 'Conditions set by the water authority for sailing on the reservoir, including the exclusion zones.',
        category: 'Rules',
        fileName: 'kyc-water-authority-rules.pdf',
        tags: ['water authority', 'safety', 'exclusion zone', 'channel 77'],
        position: 6,
      },
      sections: [
        {
          heading: 'Conditions of use',
          lines: [
            'Keep at least 50 metres from the draw-off tower and the spillway at all times.',
            'No boat may land on the islands, which are a nature reserve.',
            'Engines other than club rescue boats are not permitted.',
          ],
        },
        {
          heading: 'Communication',
          lines: [
            'The water authority’s rangers listen on VHF channel 77.',
            'In an emergency call the coastguard on channel 16, then inform the club on channel 8.',
          ],
        },
        {
          heading: 'Low water',
          lines: [
            'Below 60% full the north slipway closes; launch from the south hard only.',
            'The club posts the current level on the noticeboard and in the members area.',
          ],
        },
      ],
    },
    {
      document: {
        id: 'disciplinary-and-grievance',
        title: 'Disciplinary and Grievance Procedure',
        description: 'How concerns about conduct are raised, investigated and resolved fairly.',
        category: 'Governance',
        fileName: 'kyc-disciplinary-and-grievance.pdf',
        tags: ['disciplinary', 'grievance', 'conduct', 'welfare'],
        position: 1,
      },
      sections: [
        {
          heading: 'Raising a concern',
          lines: [
            'Write to the secretary or the welfare officer within 28 days of the incident.',
            'Concerns about a child’s welfare go to the welfare officer straight away.',
          ],
        },
        {
          heading: 'Investigation',
          lines: [
            'Two committee members not involved in the matter investigate and report.',
            'The member concerned is told in writing and may be accompanied at any hearing.',
          ],
        },
        {
          heading: 'Outcome and appeal',
          lines: [
            'The committee may take no action, give a warning, suspend or end a membership.',
            'An appeal may be made in writing within 14 days to the flag officers.',
          ],
        },
      ],
    },
    {
      document: {
        id: 'membership-fees',
        title: 'Membership Fees',
        description: 'This year’s subscriptions, joining fees, berthing and locker charges.',
        category: 'Membership',
        fileName: 'kyc-membership-fees.pdf',
        tags: ['fees', 'subscriptions', 'berthing', 'renewal'],
        position: 3,
      },
      sections: [
        {
          heading: 'Annual subscriptions',
          lines: ['Full member: £265', 'Family (two adults and children under 18): £395', 'Junior (under 18): £60   Student: £85   Social: £40'],
        },
        {
          heading: 'Other charges',
          lines: ['Joining fee (full and family): £50', 'Dinghy berth: £75 per boat   Keelboat mooring: £240', 'Locker: £30   Trolley-park space: £20'],
        },
        { heading: 'Renewal', lines: ['Subscriptions are due on 1 March; a late-payment charge of £15 applies after 31 March.'] },
      ],
    },
    {
      document: {
        id: 'payment-instructions',
        title: 'Payment Instructions',
        description: 'How to pay subscriptions and event fees: card online, bank transfer or cheque.',
        category: 'Membership',
        fileName: 'kyc-payment-instructions.pdf',
        tags: ['payment', 'bank transfer', 'card', 'fees'],
        position: 5,
      },
      sections: [
        {
          heading: 'Paying online',
          lines: ['Event fees are paid by card when you book in the members area.', 'Subscriptions can be paid by card from the renewal e-mail.'],
        },
        {
          heading: 'Bank transfer',
          lines: [
            'Account name: Kestrel Yacht Club',
            'Sort code: 00-00-00   Account number: 00000000 (demonstration details)',
            'Reference: your surname and membership number.',
          ],
        },
        { heading: 'Cheques', lines: ['Cheques payable to Kestrel Yacht Club may be left in the treasurer’s box in the clubhouse.'] },
      ],
    },
    {
      document: {
        id: 'overnight-moorings-map',
        title: 'Overnight Moorings Map',
        description: 'Where visiting and members’ boats may moor overnight, with the buoy numbers.',
        category: 'Moorings',
        fileName: 'kyc-overnight-moorings-map.pdf',
        tags: ['moorings', 'map', 'overnight', 'visitors'],
        position: 4,
      },
      sections: [
        {
          heading: 'Using the overnight moorings',
          lines: [
            'Visitors’ buoys V1 to V4 lie off the south hard; members’ buoys M1 to M12 off the clubhouse.',
            'Tell the bosun before mooring overnight and leave the buoy by noon the next day.',
            'Show an anchor light from sunset; the reservoir is closed to boats between 22:00 and 06:00.',
          ],
        },
      ],
      drawMap: true,
    },
  ];
}

/** Deterministic noise in [-1, 1] from a date string, so the same day always reads the same. */
function noiseFor(date: string): number {
  let h = 2166136261;
  for (let i = 0; i < date.length; i++) {
    h ^= date.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

/**
 * A year of daily readings ending on `now`'s London date. The reservoir is fullest in early
 * spring (about 95%) and lowest in early autumn (about 65%), with a little day-to-day noise.
 */
function demoWaterLevels(now: Date): WaterLevelReading[] {
  const readings: WaterLevelReading[] = [];
  for (let offset = -364; offset <= 0; offset++) {
    const date = londonDate(now, offset);
    const dayOfYear = getDayOfYear(dateWall(date)) - 1;
    const seasonal = 80 + 15 * Math.cos((2 * Math.PI * (dayOfYear - 75)) / 365.25);
    const value = Math.min(100, Math.max(0, seasonal + noiseFor(date) * 0.8));
    readings.push({ date, percentFull: Math.round(value * 10) / 10 });
  }
  return readings;
}

/**
 * The membership categories a club sells (docs/membership.md): prices for a whole membership year,
 * duties a year (per household for Family); Life is granted by the committee, never bought online.
 */
export function demoMembershipCategories(now: Date): MembershipCategory[] {
  const at = now.toISOString();
  const category = (
    id: string,
    name: string,
    description: string,
    seasonPrice: number,
    dutiesPerSeason: number,
    more: Partial<MembershipCategory> = {},
  ): MembershipCategory => ({
    id,
    name,
    description,
    seasonPrice,
    coversHousehold: false,
    dutiesPerSeason,
    onlinePurchase: true,
    life: false,
    withdrawn: false,
    createdAt: at,
    updatedAt: at,
    ...more,
  });
  return [
    category('adult', 'Adult', 'Full sailing membership for one adult: club boats, racing and cruising events, the clubhouse.', 12_000, 2),
    category('family', 'Family', 'Everyone in your household: two adults and their children under 18. One payment by the household contact.', 18_000, 3, {
      coversHousehold: true,
    }),
    category('junior', 'Junior', 'Sailing membership for under-18s; a parent or guardian books for them.', 4_000, 0),
    category('crew', 'Crew', "For crew on members' boats and the club's keelboats; no helming of club dinghies.", 6_000, 1),
    category('social', 'Social', 'The clubhouse, social events and the newsletter; no sailing.', 3_000, 0),
    category('life', 'Life', 'Given by the committee for long service to the club. Never expires.', 0, 0, { onlinePurchase: false, life: true }),
  ];
}

/** Everything the demo shows, relative to `now`. Ids do not depend on `now`. */
export function demoData(now: Date): DemoData {
  const events = demoEvents(now);
  return {
    events,
    bookings: demoBookings(now, events),
    workDays: demoWorkDays(now),
    workDaySignups: demoWorkDaySignups(now),
    campaigns: demoCampaigns(now),
    documents: demoDocuments(),
    waterLevels: demoWaterLevels(now),
    membershipCategories: demoMembershipCategories(now),
  };
}
