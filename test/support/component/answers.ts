import type { MyBooking } from '@core/bookings/my-booking-schema';
import { toCalendarEvent } from '../../../core/bookings/calendar-event';
import type { ClubEvent } from '../../../core/events/event';
import { anEvent } from '../entities';

/**
 * GET /api/my-booking's answer for Ann's confirmed booking of two, which she may cancel; a test
 * overrides only what it is about. Its event is open for booking with 30 places left.
 */
export function myBookingAnswer(overrides: Partial<MyBooking> = {}, event: Partial<ClubEvent> = {}): MyBooking {
  return {
    bookingId: 'booking-1',
    reference: 'KYC-7F3K9',
    firstName: 'Ann',
    status: 'Confirmed',
    details: [],
    event: { ...toCalendarEvent(anEvent(event), 0, new Date('2026-06-01T09:00:00.000Z')), bookingOpen: true, placesLeft: 30 },
    canCancel: true,
    cancelled: false,
    note: null,
    emailGiven: true,
    numberAttending: 2,
    numberOfChildren: 0,
    canChange: false,
    maxAttendees: 10,
    ...overrides,
  };
}
