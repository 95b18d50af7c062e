import { eventBookingPath } from '../paths';
import type { Campaign } from '../entities/campaign';
import type { ClubDocument } from '../entities/document';
import type { ClubEvent } from '../entities/event';
import type { SearchRecord } from '../entities/search-hit';

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

export function documentSearchRecord(doc: ClubDocument): SearchRecord {
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

export function campaignSearchRecord(campaign: Campaign): SearchRecord {
  return compact({
    objectID: campaign.id,
    type: 'news',
    category: 'news',
    subject: campaign.subject,
    detailsUrl: campaign.preview_url ?? undefined,
    tags: [],
  });
}
