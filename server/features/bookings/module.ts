import { AdminBookingActions } from '../../../core/bookings/admin-booking-actions';
import { GetBookingsOverview } from '../../../core/bookings/bookings-overview';
import { CancelMyBooking } from '../../../core/bookings/cancel-my-booking';
import { ChangeMyBooking } from '../../../core/bookings/change-my-booking';
import { CheckPlaces } from '../../../core/bookings/check-places';
import { GetEventBookings } from '../../../core/operations/event-bookings';
import { ExportEventBookings } from '../../../core/operations/export-event-bookings';
import { GetEventForBooking } from '../../../core/bookings/get-event-for-booking';
import { GetMyBooking } from '../../../core/bookings/get-my-booking';
import { SubmitBooking } from '../../../core/operations/submit-booking';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  maxAttendees: config.maxAttendeesPerBooking,
  testHook: config.paymentsTestHook,
  bookingLimits: { maxHeldPlacesPerAddress: config.bookingLimits.maxHeldPlacesPerAddress, maxUnpaidSharePercent: config.bookingLimits.maxUnpaidSharePercent },
  siteSettings: siteSettings(config),
  contactEmail: config.feedbackEmail,
});

export const bookingsFeature: Feature = {
  name: 'bookings',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    /** What the member's own manage-link actions (cancel, change) share: the booking, its event, its money and its e-mail. */
    const manageLinkDeps = () => ({
      bookingLinks: get('bookingLinks'),
      admins: get('admins'),
      bookings: get('bookings'),
      events: get('events'),
      payments: get('payments'),
      clock: get('clock'),
      ids: get('ids'),
      siteSettings: settings.siteSettings,
    });
    // What the booking page and the admins' lists of bookings read: events, their bookings, the time.
    const eventsWithBookings = () => ({ events: get('events'), bookings: get('bookings'), clock: get('clock') });
    return [
      provide(
        SubmitBooking,
        () =>
          new SubmitBooking({
            events: get('events'),
            bookings: get('bookings'),
            payments: get('payments'),
            clock: get('clock'),
            ids: get('ids'),
            addressLimits: get('addressLimits'),
            maxAttendees: settings.maxAttendees,
            testHook: settings.testHook,
            bookingLimits: settings.bookingLimits,
            waitingList: get('waitingList'),
            offerLinks: get('offerLinks'),
            bookingLinks: get('bookingLinks'),
            siteSettings: settings.siteSettings,
          }),
      ),
      provide(CheckPlaces, () => new CheckPlaces({ bookings: get('bookings'), clock: get('clock') })),
      provide(GetEventForBooking, () => new GetEventForBooking(eventsWithBookings())),
      provide(
        GetMyBooking,
        () =>
          new GetMyBooking({
            bookings: get('bookings'),
            events: get('events'),
            bookingLinks: get('bookingLinks'),
            clock: get('clock'),
            contactEmail: settings.contactEmail,
            maxAttendees: settings.maxAttendees,
          }),
      ),
      provide(CancelMyBooking, () => new CancelMyBooking({ ...manageLinkDeps(), contactEmail: settings.contactEmail })),
      provide(
        ChangeMyBooking,
        () => new ChangeMyBooking({ ...manageLinkDeps(), members: get('members'), contactEmail: settings.contactEmail, maxAttendees: settings.maxAttendees }),
      ),
      provide(
        AdminBookingActions,
        () =>
          new AdminBookingActions({
            admins: get('admins'),
            outbox: get('outbox'),
            bookingLinks: get('bookingLinks'),
            maxAttendees: settings.maxAttendees,
            testHook: settings.testHook,
            bookings: get('bookings'),
            events: get('events'),
            payments: get('payments'),
            siteSettings: settings.siteSettings,
            ...auditTrail(get),
          }),
      ),
      provide(GetBookingsOverview, () => new GetBookingsOverview(eventsWithBookings())),
      provide(GetEventBookings, () => new GetEventBookings({ ...eventsWithBookings(), attendance: get('attendance') })),
      provide(
        ExportEventBookings,
        () =>
          new ExportEventBookings({
            events: get('events'),
            bookings: get('bookings'),
            clock: get('clock'),
            waitingList: get('waitingList'),
            attendance: get('attendance'),
          }),
      ),
    ];
  },
};
