import { ErasePerson, GetPersonalData } from '../../../core/operations/data-requests';
import { type Feature, provide, searchIndexing, siteSettings } from '../feature';

/** Members' data rights (docs/privacy-requests.md): subject-access archives and erasure. */
export const privacyFeature: Feature = {
  name: 'data requests',
  useCases: ({ get, config, options }) => [
    provide(GetPersonalData, () => new GetPersonalData({ personalData: get('personalData') })),
    provide(
      ErasePerson,
      () =>
        new ErasePerson({
          personalData: get('personalData'),
          households: get('households'),
          admins: get('admins'),
          bookings: get('bookings'),
          events: get('events'),
          members: get('members'),
          memberSessions: get('memberSessions'),
          passkeys: get('passkeys'),
          calendarFeeds: get('calendarFeeds'),
          availability: get('availability'),
          pushSubscriptions: get('pushSubscriptions'),
          pushOutbox: get('pushOutbox'),
          secrets: get('secrets'),
          pseudonyms: get('pseudonyms'),
          audit: get('audit'),
          duties: get('duties'),
          siteSettings: siteSettings(config),
          ids: get('ids'),
          clock: get('clock'),
          workDays: get('workDays'),
          documents: get('documents'),
          campaignSource: get('campaignSource'),
          sitePages: get('sitePages'),
          clubName: config.clubName,
          ...searchIndexing(get, options),
        }),
    ),
  ],
};
