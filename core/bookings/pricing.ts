import type { ClubEvent } from '../events/event';

/** The spec's test hook: this attendee count costs £1, only when the server enables the hook. */
export const TEST_HOOK_ATTENDEES = 123456789;

/** Half the adult price, rounded half-up to the minor unit (1251p → 626p). */
export function childPrice(adultPrice: number): number {
  return Math.floor((adultPrice + 1) / 2);
}

/**
 * The total to pay in minor units: adults × price + children × child price, where adults are
 * the attendees who are not children. Counts must already be validated (whole, non-negative,
 * children ≤ attending); anything else is a programming error and throws, so a bad count can
 * never quietly turn into a wrong or negative price.
 */
export function priceBooking(
  event: Pick<ClubEvent, 'price' | 'requiresPayment'>,
  counts: { numberAttending: number; numberOfChildren: number },
  options?: { testHook?: boolean },
): number {
  const { numberAttending, numberOfChildren } = counts;
  if (
    !Number.isSafeInteger(numberAttending) ||
    !Number.isSafeInteger(numberOfChildren) ||
    numberAttending < 0 ||
    numberOfChildren < 0 ||
    numberOfChildren > numberAttending
  ) {
    throw new RangeError(`Invalid counts for pricing: ${numberAttending} attending, ${numberOfChildren} children`);
  }
  if (!event.requiresPayment) return 0;
  if (options?.testHook === true && numberAttending === TEST_HOOK_ATTENDEES) return 100;
  const adults = numberAttending - numberOfChildren;
  return adults * event.price + numberOfChildren * childPrice(event.price);
}
