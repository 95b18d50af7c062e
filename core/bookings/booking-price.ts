import type { ClubEvent } from '../events/event';
import { isMembershipCurrent, type Member } from '../members/member';
import { londonDate } from '../shared/london-time';
import { childPrice, priceBooking, TEST_HOOK_ATTENDEES } from './pricing';

/** Which price a booking was charged: the event's member price for some of its places, or its standard price for all. */
export type PriceKind = 'member' | 'standard';

/** What the server decided a booking costs, and why (stored with the booking for reports). */
export interface BookingPrice {
  /** The total in minor units (pence, cents). */
  amount: number;
  /** 'member' when at least one place was charged the member price. */
  priceKind: PriceKind;
  /** The places charged the member price (0 for 'standard'). */
  memberPlaces: number;
  /** The signed-in member who made the booking, whatever price they were charged; null for a guest booking. */
  memberId: string | null;
}

/** Household dependants the member names as attendees, by the place they take (core/bookings/household-attendees.ts). */
export interface DependantAttendees {
  adults: number;
  children: number;
}

/**
 * The member price of an event, or null when it has none. A member price is only ever charged on
 * a paid event; the stored value of a free event is ignored.
 */
export function memberPriceOf(event: Pick<ClubEvent, 'requiresPayment' | 'memberPrice'>): number | null {
  if (!event.requiresPayment) return null;
  return event.memberPrice ?? null;
}

/**
 * What a booking costs (docs/payments.md#member-prices). A place is charged the member price when
 * the booking is made by a signed-in member whose membership is current on the booking's London
 * date, and the place is the member's own (the lead attendee: an adult place when the booking has
 * one, otherwise a child's) or one of their household's dependants; the other members of their
 * household who attend pay the member price while their own membership is current, whatever the
 * booking member's (`otherMembers`, counted so by the caller); every other place (guests) pays the
 * standard price. Children 12 or under pay half of the price that applies to them. A free
 * event stays free and the spec's test hook keeps its £1. Counts must be valid (see priceBooking).
 */
export function decideBookingPrice(input: {
  event: Pick<ClubEvent, 'price' | 'requiresPayment' | 'memberPrice'>;
  counts: { numberAttending: number; numberOfChildren: number };
  /** The signed-in member making the booking, or null for a booking made without signing in. */
  member: Pick<Member, 'id' | 'renewalDate' | 'disabled'> | null;
  /** When the booking is made; the membership must be current on its London date. */
  at: Date;
  dependants?: DependantAttendees;
  /** The other members of the member's household who attend with a current membership. */
  otherMembers?: DependantAttendees;
  testHook?: boolean;
}): BookingPrice {
  const { event, counts, member } = input;
  const standard = priceBooking(event, counts, { testHook: input.testHook === true });
  const memberId = member?.id ?? null;
  const memberPrice = memberPriceOf(event);
  const asStandard: BookingPrice = { amount: standard, priceKind: 'standard', memberPlaces: 0, memberId };
  if (memberPrice === null || member === null || standard === 0) return asStandard;
  if (input.testHook === true && counts.numberAttending === TEST_HOOK_ATTENDEES) return asStandard;
  const current = isMembershipCurrent(member, londonDate(input.at));
  const others = input.otherMembers ?? { adults: 0, children: 0 };
  if (!current && others.adults <= 0 && others.children <= 0) return asStandard;

  const adults = counts.numberAttending - counts.numberOfChildren;
  const children = counts.numberOfChildren;
  // A lapsed member's own place and dependants pay the standard price.
  const dependants = current ? (input.dependants ?? { adults: 0, children: 0 }) : { adults: 0, children: 0 };
  const lead = current ? 1 : 0;
  // The member is the lead attendee: an adult's place if the booking has one.
  const leadIsAdult = adults > 0;
  const memberAdults = Math.min(adults, (leadIsAdult ? lead : 0) + Math.max(0, dependants.adults) + Math.max(0, others.adults));
  const memberChildren = Math.min(children, (leadIsAdult ? 0 : lead) + Math.max(0, dependants.children) + Math.max(0, others.children));
  const memberPlaces = memberAdults + memberChildren;
  if (memberPlaces === 0) return asStandard;

  const amount =
    memberAdults * memberPrice +
    (adults - memberAdults) * event.price +
    memberChildren * childPrice(memberPrice) +
    (children - memberChildren) * childPrice(event.price);
  // A member price above the standard one is refused when saved; should one be stored anyway, a
  // member never pays more than a guest would.
  if (amount >= standard) return asStandard;
  return { amount, priceKind: 'member', memberPlaces, memberId };
}
