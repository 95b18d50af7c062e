import { AdminWaitingList } from '../../core/waiting-list/admin-waiting-list';
import { GetMyWaitlistEntry } from '../../core/waiting-list/get-my-waiting-list-entry';
import { GetWaitlistOffer } from '../../core/waiting-list/get-waiting-list-offer';
import { JoinWaitingList } from '../../core/waiting-list/join-waiting-list';
import { LeaveWaitingList } from '../../core/waiting-list/leave-waiting-list';
import { OfferFreedPlaces } from '../../core/waiting-list/offer-freed-places';
import type { AppConfig } from '../config';
import { auditTrail, type Feature, provide, siteSettings } from './feature';

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
    // A member's own entry, read or left through its signed link.
    const memberEntry = {
      events: get('events'),
      waitingList: get('waitingList'),
      waitlistLinks: get('waitlistLinks'),
      clock: get('clock'),
      bookings: get('bookings'),
    };
    // An admin's offer and the offers made when places come free take the same ports.
    const offering = {
      events: get('events'),
      bookings: get('bookings'),
      waitingList: get('waitingList'),
      offerLinks: get('offerLinks'),
      siteSettings: settings.siteSettings,
      waitlistOfferHours: settings.waitlistOfferHours,
      ...auditTrail(get),
    };
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
          new GetMyWaitlistEntry(memberEntry),
      ),
      provide(
        LeaveWaitingList,
        () =>
          new LeaveWaitingList(memberEntry),
      ),
      provide(
        AdminWaitingList,
        () =>
          new AdminWaitingList(offering),
      ),
      provide(
        OfferFreedPlaces,
        () =>
          new OfferFreedPlaces(offering),
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
