import type { BookingFormValues } from './booking';
import type { ClubEvent } from '../events/event';
import type { Member } from '../members/member';
import { householdPricePlaces } from './household-attendees';
import { type BookingHousehold } from '../members/household';
import { londonDate } from '../shared/london-time';
import { decideBookingPrice, type BookingPrice, type DependantAttendees } from './booking-price';
import { bookingFormCounts } from './booking-validation';

/** Who is booking, as the booking form knows them. */
export interface FormBooker {
  /** The signed-in member, or null for a booking made without signing in. */
  member: Pick<Member, 'id' | 'renewalDate' | 'disabled'> | null;
  /** The household people ticked as attendees (ids of `household.attendable`). */
  householdAttendees: readonly string[];
  household: BookingHousehold;
}

/**
 * What the booking form shows as its total (docs/payments.md#member-prices): the price SubmitBooking
 * decides for the same form, member and household at `at`, by the same rules (bookingFormCounts,
 * householdPricePlaces, decideBookingPrice). Null while the counts are refused, or the people ticked
 * do not fit in them (the server refuses that booking).
 */
export function quoteBookingForm(
  values: BookingFormValues,
  event: ClubEvent,
  options: { maxAttendees: number; testHook: boolean },
  booker: FormBooker,
  at: Date,
): BookingPrice | null {
  const counts = bookingFormCounts(values, event, options);
  if (counts === null) return null;
  let dependants: DependantAttendees | undefined;
  let otherMembers: DependantAttendees | undefined;
  // As SubmitBooking: the people ticked count only for a signed-in member.
  if (booker.member !== null && booker.householdAttendees.length > 0) {
    const counted = householdPricePlaces(booker.householdAttendees, booker.household, counts, Number(londonDate(at).slice(0, 4)));
    if (!counted.ok) return null;
    ({ dependants, otherMembers } = counted);
  }
  return decideBookingPrice({ event, counts, member: booker.member, at, dependants, otherMembers, testHook: options.testHook });
}

/** No household: a visitor's, or a member's who lives alone. */
export const NO_HOUSEHOLD: BookingHousehold = { attendable: [], memberIds: new Set(), currentMemberIds: new Set() };
