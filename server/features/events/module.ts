import { OPEN_METEO_ATTRIBUTION } from '../../../core/conditions/forecast-state';
import { CancelEvent } from '../../../core/operations/cancel-event';
import { CreateEvent } from '../../../core/events/create-event';
import { DeleteEvent } from '../../../core/operations/delete-event';
import { GetAdminEvent } from '../../../core/operations/get-admin-event';
import { GetCalendarFeed } from '../../../core/calendar/get-calendar-feed';
import { ListAdminEvents } from '../../../core/operations/list-admin-events';
import { ListCalendarEvents } from '../../../core/calendar/list-calendar-events';
import { UpdateEvent } from '../../../core/operations/update-event';
import { ManageEventSeries } from '../../../core/operations/event-series';
import { EndEventSeries } from '../../../core/operations/end-event-series';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, searchIndexing, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ maxAttendees: config.maxAttendeesPerBooking, siteSettings: siteSettings(config) });

export const eventsFeature: Feature = {
  name: 'events',
  useCases: ({ get, config, options, useCase }) => {
    const settings = settingsOf(config);
    // Creating and updating an event take the same ports.
    const eventWriting = {
      events: get('events'),
      maxAttendees: settings.maxAttendees,
      payments: get('payments'),
      ...auditTrail(get),
      ...searchIndexing(get, options),
    };
    // Editing an event tells its bookings and moves its roster.
    const eventEditing = {
      ...eventWriting,
      bookings: get('bookings'),
      outbox: get('outbox'),
      pushSubscriptions: get('pushSubscriptions'),
      pushOutbox: get('pushOutbox'),
      jobs: get('jobs'),
      bookingLinks: get('bookingLinks'),
      siteSettings: settings.siteSettings,
      duties: get('duties'),
      members: get('members'),
    };
    return [
      provide(ListAdminEvents, () => new ListAdminEvents({ events: get('events'), bookings: get('bookings'), clock: get('clock') })),
      provide(
        GetAdminEvent,
        () => new GetAdminEvent({ events: get('events'), bookings: get('bookings'), clock: get('clock'), duties: get('duties'), members: get('members') }),
      ),
      provide(CreateEvent, () => new CreateEvent(eventWriting)),
      provide(UpdateEvent, () => new UpdateEvent(eventEditing)),
      // A series' dates are edited as one event is ("this and later"), and made with ids.
      provide(ManageEventSeries, () => new ManageEventSeries({ ...eventEditing, ids: get('ids') })),
      // Each date is cancelled as "Cancel this date" cancels one: one path for refunds and e-mails.
      provide(EndEventSeries, () => new EndEventSeries({ events: get('events'), cancelEvent: useCase(CancelEvent) })),
      provide(
        DeleteEvent,
        () => new DeleteEvent({ events: get('events'), bookings: get('bookings'), duties: get('duties'), ...auditTrail(get), ...searchIndexing(get, options) }),
      ),
      provide(
        CancelEvent,
        () =>
          new CancelEvent({
            events: get('events'),
            admins: get('admins'),
            outbox: get('outbox'),
            pushSubscriptions: get('pushSubscriptions'),
            pushOutbox: get('pushOutbox'),
            waitingList: get('waitingList'),
            bookings: get('bookings'),
            payments: get('payments'),
            siteSettings: settings.siteSettings,
            ...auditTrail(get),
            ...searchIndexing(get, options),
          }),
      ),
      provide(
        ListCalendarEvents,
        () =>
          new ListCalendarEvents({
            events: get('events'),
            bookings: get('bookings'),
            conditions: get('conditions'),
            clock: get('clock'),
            attribution: config.openMeteo ? OPEN_METEO_ATTRIBUTION : null,
          }),
      ),
      provide(
        GetCalendarFeed,
        () => new GetCalendarFeed({ events: get('events'), workDays: get('workDays'), clock: get('clock'), siteSettings: settings.siteSettings }),
      ),
    ];
  },
};
