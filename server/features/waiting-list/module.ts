import { AdminWaitingList } from '../../../core/waiting-list/admin-waiting-list';
import { GetMyWaitingListEntry } from '../../../core/waiting-list/get-my-waiting-list-entry';
import { GetWaitingListOffer } from '../../../core/waiting-list/get-waiting-list-offer';
import { JoinWaitingList } from '../../../core/waiting-list/join-waiting-list';
import { LeaveWaitingList } from '../../../core/waiting-list/leave-waiting-list';
import { OfferFreedPlaces } from '../../../core/waiting-list/offer-freed-places';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  siteSettings: siteSettings(config),
  maxAttendees: config.maxAttendeesPerBooking,
  waitingListOfferHours: config.waitingListOfferHours,
});

export const waitingListFeature: Feature = {
  name: 'waiting-list',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    // A member's own entry, read or left through its signed link.
    const memberEntry = {
      events: get('events'),
      waitingList: get('waitingList'),
      waitingListLinks: get('waitingListLinks'),
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
      waitingListOfferHours: settings.waitingListOfferHours,
      pushSubscriptions: get('pushSubscriptions'),
      pushOutbox: get('pushOutbox'),
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
            waitingListLinks: get('waitingListLinks'),
            clock: get('clock'),
            ids: get('ids'),
            siteSettings: settings.siteSettings,
            maxAttendees: settings.maxAttendees,
          }),
      ),
      provide(GetMyWaitingListEntry, () => new GetMyWaitingListEntry(memberEntry)),
      provide(LeaveWaitingList, () => new LeaveWaitingList(memberEntry)),
      provide(AdminWaitingList, () => new AdminWaitingList(offering)),
      provide(OfferFreedPlaces, () => new OfferFreedPlaces(offering)),
      provide(GetWaitingListOffer, () => new GetWaitingListOffer({ waitingList: get('waitingList'), offerLinks: get('offerLinks'), clock: get('clock') })),
    ];
  },
};
