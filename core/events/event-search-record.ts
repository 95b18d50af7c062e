import type { ClubEvent } from './event';
import { eventBookingPath } from '../shared/paths';
import { compact, epochSeconds } from '../search/search-records';
import type { SearchRecord } from '../search/search-hit';

/** The feature flags of an event, as the tags a search result shows. */
export const EVENT_TAGS = { boat: 'Boat event', children: 'Children', drinks: 'Drinks', vegetarian: 'Vegetarian', paid: 'Paid' } as const;

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
