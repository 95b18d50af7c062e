import { AddHouseholdPerson } from '../../../core/members/add-household-person';
import { ChangeHouseholdPerson } from '../../../core/members/change-household-person';
import { ListHousehold } from '../../../core/members/list-household';
import {
  AcceptHouseholdInvitation,
  DeclineHouseholdInvitation,
  GetMyHousehold,
  InviteToHousehold,
  LeaveHousehold,
  ListHouseholdAttendees,
} from '../../../core/members/household-members';
import { RemoveHouseholdPerson } from '../../../core/members/remove-household-person';
import { GetMyClubBookings } from '../../../core/my-club/my-club';
import { GetMyClubWaitingLists } from '../../../core/my-club/my-club-waiting-lists';
import { GetMyClubWorkDays } from '../../../core/my-club/my-club-work-days';
import { GetMyCalendarFeed, GetMyCalendarFeedLink, ResetMyCalendarFeed } from '../../../core/my-club/my-calendar-feed';
import { bookingCalendarEntries, dutyCalendarEntries, workDayJobCalendarEntries } from '../../../core/my-club/my-calendar-entries';
import { ChangeMyDetails, ConfirmEmailChange, GetMyDetails, RequestEmailChange } from '../../../core/my-club/change-my-details';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** A signed-in member's own area (docs/my-club.md): their household, bookings and feed. */
export const myClubFeature: Feature = {
  name: 'my-club',
  useCases: ({ get, config }) => [
    provide(ListHousehold, () => new ListHousehold({ households: get('households') })),
    provide(AddHouseholdPerson, () => new AddHouseholdPerson({ households: get('households'), clock: get('clock'), ids: get('ids') })),
    provide(ChangeHouseholdPerson, () => new ChangeHouseholdPerson({ households: get('households'), clock: get('clock') })),
    provide(
      GetMyClubBookings,
      () => new GetMyClubBookings({ bookings: get('bookings'), events: get('events'), bookingLinks: get('bookingLinks'), clock: get('clock') }),
    ),
    provide(
      GetMyClubWaitingLists,
      () =>
        new GetMyClubWaitingLists({
          waitingList: get('waitingList'),
          events: get('events'),
          waitingListLinks: get('waitingListLinks'),
          offerLinks: get('offerLinks'),
          clock: get('clock'),
        }),
    ),
    provide(GetMyClubWorkDays, () => new GetMyClubWorkDays({ workDays: get('workDays'), workDayLinks: get('workDayLinks'), clock: get('clock') })),
    provide(GetMyCalendarFeedLink, () => new GetMyCalendarFeedLink({ calendarFeeds: get('calendarFeeds') })),
    provide(ResetMyCalendarFeed, () => new ResetMyCalendarFeed({ calendarFeeds: get('calendarFeeds'), secrets: get('secrets'), clock: get('clock') })),
    provide(
      GetMyCalendarFeed,
      () =>
        new GetMyCalendarFeed({
          calendarFeeds: get('calendarFeeds'),
          members: get('members'),
          // The feed's entries, source by source: bookings, work-day jobs, duties.
          sources: [
            bookingCalendarEntries({ bookings: get('bookings'), events: get('events'), siteSettings: siteSettings(config) }),
            workDayJobCalendarEntries({ workDays: get('workDays'), siteSettings: siteSettings(config) }),
            dutyCalendarEntries({ duties: get('duties'), events: get('events'), siteSettings: siteSettings(config) }),
          ],
          clock: get('clock'),
          siteSettings: siteSettings(config),
        }),
    ),
    provide(RemoveHouseholdPerson, () => new RemoveHouseholdPerson({ households: get('households') })),
    // Households of several members (docs/members-households.md).
    provide(GetMyHousehold, () => new GetMyHousehold({ households: get('households'), members: get('members'), clock: get('clock') })),
    provide(
      InviteToHousehold,
      () =>
        new InviteToHousehold({
          households: get('households'),
          members: get('members'),
          outbox: get('outbox'),
          addressLimits: get('addressLimits'),
          siteSettings: siteSettings(config),
          clock: get('clock'),
          ids: get('ids'),
        }),
    ),
    provide(AcceptHouseholdInvitation, () => new AcceptHouseholdInvitation({ households: get('households'), clock: get('clock') })),
    provide(DeclineHouseholdInvitation, () => new DeclineHouseholdInvitation({ households: get('households') })),
    provide(LeaveHousehold, () => new LeaveHousehold({ households: get('households') })),
    provide(ListHouseholdAttendees, () => new ListHouseholdAttendees({ households: get('households'), members: get('members') })),
    // My details: the member's own contact details and e-mail (docs/my-club.md#my-details).
    provide(GetMyDetails, () => new GetMyDetails({ clock: get('clock') })),
    provide(ChangeMyDetails, () => new ChangeMyDetails({ members: get('members'), ...auditTrail(get) })),
    provide(
      RequestEmailChange,
      () =>
        new RequestEmailChange({
          signInCodes: get('signInCodes'),
          signInKeys: get('signInKeys'),
          secrets: get('secrets'),
          loginAttempts: get('loginAttempts'),
          outbox: get('outbox'),
          ids: get('ids'),
          clock: get('clock'),
          siteSettings: siteSettings(config),
        }),
    ),
    provide(
      ConfirmEmailChange,
      () =>
        new ConfirmEmailChange({
          members: get('members'),
          households: get('households'),
          signInCodes: get('signInCodes'),
          signInKeys: get('signInKeys'),
          secrets: get('secrets'),
          siteSettings: siteSettings(config),
          ...auditTrail(get),
        }),
    ),
  ],
};
