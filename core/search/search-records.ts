import { eventBookingPath, workDayPath } from '../shared/paths';
import type { Campaign } from '../campaigns/campaign';
import { newsItemPath } from '../news/news-items';
import type { ClubDocument } from '../documents/document';
import type { ClubEvent } from '../events/event';
import type { SearchRecord } from './search-hit';
import type { WorkDay } from '../work-days/work-day';
import { isOpenToMembers } from '../work-days/work-days';

/** The feature flags of an event, as the tags a search result shows. */
export const EVENT_TAGS = {
  boat: 'Boat event',
  children: 'Children',
  drinks: 'Drinks',
  vegetarian: 'Vegetarian',
  paid: 'Paid',
} as const;

function epochSeconds(instant: string | null): number | undefined {
  if (instant === null) return undefined;
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** Drops undefined keys so a record reads the same after a round trip through JSON or zod. */
function compact(record: SearchRecord): SearchRecord {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as SearchRecord;
}

export function eventTags(event: ClubEvent): string[] {
  const tags: string[] = [];
  if (event.isBoatEvent) tags.push(EVENT_TAGS.boat);
  if (event.offerChild) tags.push(EVENT_TAGS.children);
  if (event.offerSoftDrinks) tags.push(EVENT_TAGS.drinks);
  if (event.offerVeg) tags.push(EVENT_TAGS.vegetarian);
  if (event.requiresPayment && event.price > 0) tags.push(EVENT_TAGS.paid);
  return tags;
}

/**
 * The search record of an event. A booking link is offered only for bookable events, so a
 * search never leads a member to a booking page that refuses them outright.
 */
export function eventSearchRecord(event: ClubEvent): SearchRecord {
  return compact({
    objectID: event.id,
    type: 'event',
    category: 'event',
    name: event.name,
    description: event.description,
    longdescription: event.longdescription,
    eventDate: epochSeconds(event.eventdatetime),
    bookingUrl: event.allowBooking ? eventBookingPath(event.id) : undefined,
    detailsUrl: '/calendar',
    tags: eventTags(event),
  });
}

export function documentSearchRecord(doc: Omit<ClubDocument, 'position'>): SearchRecord {
  return compact({
    objectID: doc.id,
    type: 'document',
    category: doc.category,
    title: doc.title,
    description: doc.description,
    downloadUrl: `/api/documents/${encodeURIComponent(doc.id)}/file`,
    tags: [...doc.tags],
  });
}

/**
 * The search record of a campaign or a news item written in the app: its link is the club's own
 * page (/news/{id}) when there is one (news_page), else the provider's preview; its description the item's excerpt; its date
 * (eventDate) the time it went out, so that an item indexed ahead of its publish time is found
 * only from then on (isSearchHitVisible).
 */
export function campaignSearchRecord(campaign: Campaign): SearchRecord {
  return compact({
    objectID: campaign.id,
    type: 'news',
    category: 'news',
    subject: campaign.subject,
    description: campaign.excerpt === undefined || campaign.excerpt === '' ? undefined : campaign.excerpt,
    eventDate: epochSeconds(campaign.finished_at),
    detailsUrl: campaign.news_page ? newsItemPath(campaign.id) : (campaign.preview_url ?? undefined),
    tags: [],
  });
}

/** What a work day's search record is filed under, and its tag. */
export const WORK_DAY_CATEGORY = 'work day';
export const WORK_DAY_TAG = 'Work day';

/**
 * The search record of a work day, or null for an inactive or archived one (members cannot open it). Work
 * days go into the events index as events, so they rank with the club's other dated events and
 * the answer's shape is unchanged; the objectID is prefixed so it can never be an event's id.
 * The jobs are searchable: "pontoon" finds the work day that repairs it.
 */
export function workDaySearchRecord(workDay: WorkDay): SearchRecord | null {
  if (!isOpenToMembers(workDay)) return null;
  const jobs = workDay.jobs.map((job) => (job.description.trim() === '' ? job.title : `${job.title}: ${job.description}`));
  return compact({
    objectID: workDaySearchId(workDay.id),
    type: 'event',
    category: WORK_DAY_CATEGORY,
    name: workDay.name,
    description: workDay.description,
    longdescription: jobs.join(' '),
    eventDate: epochSeconds(workDay.date),
    bookingUrl: workDayPath(workDay.id),
    tags: [WORK_DAY_TAG],
  });
}

/** The objectID of a work day's search record. */
export function workDaySearchId(workDayId: string): string {
  return `work-day:${workDayId}`;
}
