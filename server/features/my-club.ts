import { AddHouseholdPerson } from '../../core/members/add-household-person';
import { ChangeHouseholdPerson } from '../../core/members/change-household-person';
import { ListHousehold } from '../../core/members/list-household';
import { RemoveHouseholdPerson } from '../../core/members/remove-household-person';
import { GetMyClubBookings } from '../../core/my-club/my-club';
import { GetMyClubWaitingLists } from '../../core/my-club/my-club-waiting-lists';
import { GetMyClubWorkDays } from '../../core/my-club/my-club-work-days';
import { type Feature, provide } from './feature';

/** A signed-in member's own area (docs/my-club.md): their household, bookings and feed. */
export const myClubFeature: Feature = {
  name: 'my-club',
  useCases: ({ get }) => [
    provide(ListHousehold, () => new ListHousehold({ households: get('households') })),
    provide(AddHouseholdPerson, () => new AddHouseholdPerson({ households: get('households'), clock: get('clock'), ids: get('ids') })),
    provide(ChangeHouseholdPerson, () => new ChangeHouseholdPerson({ households: get('households'), clock: get('clock') })),
    provide(GetMyClubBookings, () => new GetMyClubBookings({ bookings: get('bookings'), events: get('events'), bookingLinks: get('bookingLinks'), clock: get('clock') })),
    provide(
      GetMyClubWaitingLists,
      () => new GetMyClubWaitingLists({ waitingList: get('waitingList'), events: get('events'), waitingListLinks: get('waitingListLinks'), offerLinks: get('offerLinks'), clock: get('clock') }),
    ),
    provide(GetMyClubWorkDays, () => new GetMyClubWorkDays({ workDays: get('workDays'), workDayLinks: get('workDayLinks'), clock: get('clock') })),
    provide(RemoveHouseholdPerson, () => new RemoveHouseholdPerson({ households: get('households') })),
  ],
};
