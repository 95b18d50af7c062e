import { CancelEvent } from '../../core/use-cases/cancel-event';
import { CreateEvent } from '../../core/use-cases/create-event';
import { DeleteEvent } from '../../core/use-cases/delete-event';
import { GetAdminEvent } from '../../core/use-cases/get-admin-event';
import { GetCalendarFeed } from '../../core/use-cases/get-calendar-feed';
import { ListAdminEvents } from '../../core/use-cases/list-admin-events';
import { ListCalendarEvents } from '../../core/use-cases/list-calendar-events';
import { UpdateEvent } from '../../core/use-cases/update-event';
import type { AppConfig } from '../config';
import { provide, siteSettings, type Feature } from './feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  maxAttendees: config.maxAttendeesPerBooking,
  siteSettings: siteSettings(config),
});

export const eventsFeature: Feature = {
  name: 'events',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
    return [
      provide(ListAdminEvents, () => new ListAdminEvents({ events: get('events') })),
      provide(GetAdminEvent, () => new GetAdminEvent({ events: get('events') })),
      provide(
        CreateEvent,
        () =>
          new CreateEvent({
            events: get('events'),
            search: get('search'),
            clock: get('clock'),
            ids: get('ids'),
            reportSearchIndexError: options.reportSearchIndexError,
            maxAttendees: settings.maxAttendees,
            payments: get('payments'),
            audit: get('audit'),
          }),
      ),
      provide(
        UpdateEvent,
        () =>
          new UpdateEvent({
            events: get('events'),
            search: get('search'),
            clock: get('clock'),
            reportSearchIndexError: options.reportSearchIndexError,
            maxAttendees: settings.maxAttendees,
            payments: get('payments'),
            audit: get('audit'),
            ids: get('ids'),
          }),
      ),
      provide(
        DeleteEvent,
        () =>
          new DeleteEvent({
            events: get('events'),
            bookings: get('bookings'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
      provide(
        CancelEvent,
        () =>
          new CancelEvent({
            events: get('events'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            waitingList: get('waitingList'),
            bookings: get('bookings'),
            payments: get('payments'),
            clock: get('clock'),
            ids: get('ids'),
            siteSettings: settings.siteSettings,
            audit: get('audit'),
          }),
      ),
      provide(
        ListCalendarEvents,
        () =>
          new ListCalendarEvents({
            events: get('events'),
            bookings: get('bookings'),
            clock: get('clock'),
          }),
      ),
      provide(
        GetCalendarFeed,
        () =>
          new GetCalendarFeed({
            events: get('events'),
            workDays: get('workDays'),
            clock: get('clock'),
            siteSettings: settings.siteSettings,
          }),
      ),
    ];
  },
};
