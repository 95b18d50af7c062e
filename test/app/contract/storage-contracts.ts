import { describeMemberCalendarFeedRepositoryContract } from '../../features/events/contract/member-calendar-feed-repository.contract';
import { describeHouseholdRepositoryContract } from '../../features/my-club/contract/household-repository.contract';
import { describeAddressLimitStoreContract } from './address-limit-store.contract';
import { describeSitePageRepositoryContract } from '../../features/site-pages/contract/site-page-repository.contract';
import { describeMembershipRepositoryContract } from '../../features/membership/contract/membership-repository.contract';
import { describeMemberRepositoryContract } from '../../features/member-list/contract/member-repository.contract';
import { describeDutyRepositoryContract } from '../../features/duties/contract/duty-repository.contract';
import { describeDutySwapRepositoryContract } from '../../features/duties/contract/duty-swap-repository.contract';
import { describeAdminRepositoryContract } from '../../features/admins/contract/admin-repository.contract';
import { describeBookingRepositoryContract } from '../../features/bookings/contract/booking-repository.contract';
import { describeCampaignRepositoryContract } from '../../features/news/contract/campaign-repository.contract';
import { describeCredentialRepositoryContract } from './credential-repository.contract';
import { describeDocumentRepositoryContract } from '../../features/documents/contract/document-repository.contract';
import { describeEventRepositoryContract } from '../../features/events/contract/event-repository.contract';
import { describeEventCapacityAndReferencesContract } from '../../features/bookings/contract/event-capacity-and-references.contract';
import { describeLoginAttemptStoreContract } from './login-attempt-store.contract';
import { describePasskeyRepositoryContract } from '../../features/member-sign-in/contract/passkey-repository.contract';
import { describePasskeyChallengeRepositoryContract } from '../../features/member-sign-in/contract/passkey-challenge-repository.contract';
import { describeSignInCodeRepositoryContract } from '../../features/member-sign-in/contract/sign-in-code-repository.contract';
import { describeMemberSessionRepositoryContract } from '../../features/member-sign-in/contract/member-session-repository.contract';
import { describeSessionRepositoryContract } from '../../features/admins/contract/session-repository.contract';
import { describeWaterLevelRepositoryContract } from '../../features/water-levels/contract/water-level-repository.contract';
import { describePhotoRepositoryContract } from '../../features/photos/contract/photo-repository.contract';
import { describeWorkDayRepositoryContract } from '../../features/work-days/contract/work-day-repository.contract';
import { describeConditionsRepositoryContract } from '../../features/conditions/contract/conditions-repository.contract';
import { describeAttendanceStoreContract } from '../../features/check-in/contract/attendance-store.contract';
import type { SharedPorts, OpenedStore } from '../../support/stores';
import { adapterOf } from '../../support/stores';

/**
 * Runs the contract suite of every port all stores share on one store, each test on a fresh,
 * empty one: `prefix` names its adapters in the titles (Memory, Sqlite, Firestore).
 */
export function describeStorageContracts(prefix: string, open: () => Promise<OpenedStore<SharedPorts>>): void {
  const store = <T>(pick: (ports: SharedPorts) => T) => adapterOf(open, pick);
  describeEventRepositoryContract(
    `${prefix}EventRepository`,
    store((s) => s.events),
  );
  describeBookingRepositoryContract(
    `${prefix}BookingRepository`,
    store((s) => s.bookings),
  );
  describeEventCapacityAndReferencesContract(
    `${prefix} events and bookings`,
    store((s) => ({ events: s.events, bookings: s.bookings })),
  );
  describeAdminRepositoryContract(
    `${prefix}AdminRepository`,
    store((s) => s.admins),
  );
  describeCredentialRepositoryContract(
    `${prefix}CredentialRepository`,
    store((s) => s.credentials),
  );
  describeSessionRepositoryContract(
    `${prefix}SessionRepository`,
    store((s) => s.sessions),
  );
  describeSessionRepositoryContract(
    `${prefix}MemberSessionRepository`,
    store((s) => s.memberSessions),
    { passkeyId: null },
  );
  describeMemberSessionRepositoryContract(
    `${prefix}MemberSessionRepository`,
    store((s) => s.memberSessions),
  );
  describeSignInCodeRepositoryContract(
    `${prefix}SignInCodeRepository`,
    store((s) => s.signInCodes),
  );
  describePasskeyRepositoryContract(
    `${prefix}PasskeyRepository`,
    store((s) => s.passkeys),
  );
  describePasskeyChallengeRepositoryContract(
    `${prefix}PasskeyChallengeRepository`,
    store((s) => s.passkeyChallenges),
  );
  describeLoginAttemptStoreContract(
    `${prefix}LoginAttemptStore`,
    store((s) => s.loginAttempts),
  );
  describeAddressLimitStoreContract(
    `${prefix}AddressLimitStore`,
    store((s) => s.addressLimits),
  );
  describeWorkDayRepositoryContract(
    `${prefix}WorkDayRepository`,
    store((s) => s.workDays),
  );
  describeDocumentRepositoryContract(
    `${prefix}DocumentRepository`,
    store((s) => s.documents),
  );
  describeCampaignRepositoryContract(
    `${prefix}CampaignRepository`,
    store((s) => s.campaigns),
  );
  describeWaterLevelRepositoryContract(
    `${prefix}WaterLevelRepository`,
    store((s) => s.waterLevels),
  );
  describePhotoRepositoryContract(
    `${prefix}PhotoRepository`,
    store((s) => s.photos),
  );
  describeSitePageRepositoryContract(
    `${prefix}SitePageRepository`,
    store((s) => s.sitePages),
  );
  describeMembershipRepositoryContract(
    `${prefix}MembershipRepository`,
    store((s) => s.membership),
  );
  describeHouseholdRepositoryContract(
    `${prefix}HouseholdRepository`,
    store((s) => s.households),
  );
  describeMemberCalendarFeedRepositoryContract(
    `${prefix}MemberCalendarFeedRepository`,
    store((s) => s.calendarFeeds),
  );
  describeMemberRepositoryContract(
    `${prefix}MemberRepository`,
    store((s) => s.members),
  );
  describeConditionsRepositoryContract(
    `${prefix}ConditionsRepository`,
    store((s) => s.conditions),
  );
  describeAttendanceStoreContract(
    `${prefix}AttendanceStore`,
    store((s) => s.attendance),
  );
  describeDutyRepositoryContract(
    `${prefix}DutyRepository`,
    store((s) => s.duties),
  );
  describeDutySwapRepositoryContract(
    `${prefix}DutySwapRepository`,
    store((s) => ({ duties: s.duties, swaps: s.dutySwaps, outbox: s.outbox })),
  );
}
