import { ListAnnouncements } from '../../../core/announcements/list-announcements';
import { SendAnnouncement } from '../../../core/announcements/send-announcement';
import type { AppConfig } from '../../config';
import { type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ ...siteSettings(config), feedbackEmail: config.feedbackEmail });

/** Announcements to an event's people (docs/notifications.md). */
export const announcementsFeature: Feature = {
  name: 'announcements',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    return [
      provide(
        SendAnnouncement,
        () =>
          new SendAnnouncement({
            events: get('events'),
            bookings: get('bookings'),
            waitingList: get('waitingList'),
            duties: get('duties'),
            members: get('members'),
            households: get('households'),
            announcements: get('announcements'),
            pushSubscriptions: get('pushSubscriptions'),
            clock: get('clock'),
            ...settings,
          }),
      ),
      provide(
        ListAnnouncements,
        () =>
          new ListAnnouncements({
            events: get('events'),
            bookings: get('bookings'),
            waitingList: get('waitingList'),
            duties: get('duties'),
            announcements: get('announcements'),
            clock: get('clock'),
          }),
      ),
    ];
  },
};
