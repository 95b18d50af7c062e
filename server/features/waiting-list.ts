import { AdminWaitingList } from '../../core/use-cases/admin-waiting-list';
import { GetMyWaitlistEntry } from '../../core/use-cases/get-my-waitlist-entry';
import { GetWaitlistOffer } from '../../core/use-cases/get-waitlist-offer';
import { JoinWaitingList } from '../../core/use-cases/join-waiting-list';
import { LeaveWaitingList } from '../../core/use-cases/leave-waiting-list';
import { OfferFreedPlaces } from '../../core/use-cases/offer-freed-places';
import type { AppConfig } from '../config';
import { provide, siteSettings, type Feature } from './feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  siteSettings: siteSettings(config),
  maxAttendees: config.maxAttendeesPerBooking,
  waitlistOfferHours: config.waitlistOfferHours,
});

export const waitingListFeature: Feature = {
  name: 'waiting-list',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    return [
      provide(
        JoinWaitingList,
        () =>
          new JoinWaitingList({
            events: get('events'),
            bookings: get('bookings'),
            waitingList: get('waitingList'),
            waitlistLinks: get('waitlistLinks'),
            clock: get('clock'),
            ids: get('ids'),
            siteSettings: settings.siteSettings,
            maxAttendees: settings.maxAttendees,
          }),
      ),
      provide(
        GetMyWaitlistEntry,
        () =>
          new GetMyWaitlistEntry({
            events: get('events'),
            waitingList: get('waitingList'),
            waitlistLinks: get('waitlistLinks'),
            clock: get('clock'),
            bookings: get('bookings'),
          }),
      ),
      provide(
        LeaveWaitingList,
        () =>
          new LeaveWaitingList({
            events: get('events'),
            waitingList: get('waitingList'),
            waitlistLinks: get('waitlistLinks'),
            clock: get('clock'),
            bookings: get('bookings'),
          }),
      ),
      provide(
        AdminWaitingList,
        () =>
          new AdminWaitingList({
            events: get('events'),
            bookings: get('bookings'),
            waitingList: get('waitingList'),
            offerLinks: get('offerLinks'),
            clock: get('clock'),
            ids: get('ids'),
            siteSettings: settings.siteSettings,
            audit: get('audit'),
            waitlistOfferHours: settings.waitlistOfferHours,
          }),
      ),
      provide(
        OfferFreedPlaces,
        () =>
          new OfferFreedPlaces({
            events: get('events'),
            bookings: get('bookings'),
            waitingList: get('waitingList'),
            offerLinks: get('offerLinks'),
            clock: get('clock'),
            ids: get('ids'),
            siteSettings: settings.siteSettings,
            audit: get('audit'),
            waitlistOfferHours: settings.waitlistOfferHours,
          }),
      ),
      provide(
        GetWaitlistOffer,
        () =>
          new GetWaitlistOffer({
            waitingList: get('waitingList'),
            offerLinks: get('offerLinks'),
            clock: get('clock'),
          }),
      ),
    ];
  },
};
