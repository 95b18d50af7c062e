import type { Attendance } from '../check-in/attendance';
import { bookedAttendeesText, type Booking } from '../bookings/booking';
import { amendmentsRefunded } from '../bookings/booking-amendment';
import { amountPaid, paymentStatus } from '../bookings/booking-state';
import { priceChargedText } from '../bookings/bookings-report';
import { csvCell } from '../shared/csv';
import { londonWallClock, parseInstant } from '../shared/london-time';
import { minorToDecimalText } from '../shared/money';

export const CSV_HEADER = [
  'Booking ID',
  'Reference',
  'Submitted (London time)',
  'First Name',
  'Last Name',
  'Email',
  'Attending',
  'Children',
  'Soft Drinks',
  'Vegetarian',
  'Boat Name',
  'Payment Status',
  'Amount',
  'Currency',
  'Payment ID',
  'Refunded',
  'Price Charged',
  'Member Places',
  'Household Attendees',
  'Arrived',
  'Named Arrived',
] as const;

/** The check-in's two cells: the number arrived (blank before any check-in) and the named attendees ticked. */
function attendanceCells(b: Pick<Booking, 'householdAttendees'>, attendance: Attendance | undefined): [number | null, string] {
  if (!attendance || attendance.version === 0) return [null, ''];
  const ticked = b.householdAttendees.filter((person) => attendance.arrivedPeople.includes(person.personId));
  return [attendance.arrived, bookedAttendeesText(ticked)];
}

/** Every refund made of the booking: its cancellation's and its changes' (core/bookings/booking-amendment.ts); blank when none. */
function refundedText(b: Booking): string {
  const refunded = (b.refundStatus === 'refunded' ? (b.refundAmount ?? 0) : 0) + amendmentsRefunded(b);
  return refunded > 0 ? minorToDecimalText(refunded) : '';
}

/** The CSV download of one event's bookings; times in London, amounts as decimals. */
export function bookingsCsv(bookings: Booking[], now: Date, attendance: ReadonlyMap<string, Attendance> = new Map()): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const b of bookings) {
    const submitted = parseInstant(b.submittedAt);
    lines.push(
      [
        b.id,
        b.reference,
        submitted === null ? b.submittedAt : londonWallClock(submitted).replace('T', ' '),
        b.firstName,
        b.lastName,
        b.userEmail,
        b.numberAttending,
        b.numberOfChildren,
        b.numberOfSoftDrinks,
        b.numberOfVegetarian,
        b.boatName,
        paymentStatus(b, now),
        // Every payment taken: the booking's and its larger changes' (refunds are the next column).
        b.paymentAmount === null ? '' : minorToDecimalText(amountPaid(b)),
        b.paymentCurrency,
        b.paymentId,
        refundedText(b),
        priceChargedText(b),
        b.memberPlaces,
        bookedAttendeesText(b.householdAttendees),
        ...attendanceCells(b, attendance.get(b.id)),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
