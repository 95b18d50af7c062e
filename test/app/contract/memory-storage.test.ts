import { describeMemberCalendarFeedRepositoryContract } from '../../features/events/contract/member-calendar-feed-repository.contract';
import { describeHouseholdRepositoryContract } from '../../features/my-club/contract/household-repository.contract';
import { describeAddressLimitStoreContract } from './address-limit-store.contract';
import { describeSitePageRepositoryContract } from '../../features/site-pages/contract/site-page-repository.contract';
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
import { adapterOf, openMemoryStore, type MemoryStorage } from '../../support/stores';
import { describeWaterLevelRepositoryContract } from '../../features/water-levels/contract/water-level-repository.contract';
import { describePhotoRepositoryContract } from '../../features/photos/contract/photo-repository.contract';
import { describeWorkDayRepositoryContract } from '../../features/work-days/contract/work-day-repository.contract';
import { describeConditionsRepositoryContract } from '../../features/conditions/contract/conditions-repository.contract';
import { describeAttendanceStoreContract } from '../../features/check-in/contract/attendance-store.contract';

/** Each test's adapters, from a fresh memory storage. */
function store<T>(pick: (ports: MemoryStorage) => T) {
  return adapterOf(openMemoryStore, pick);
}

describeEventRepositoryContract('MemoryEventRepository', store((s) => s.events));
describeBookingRepositoryContract('MemoryBookingRepository', store((s) => s.bookings));
describeEventCapacityAndReferencesContract(
  'Memory events and bookings',
  store((s) => ({ events: s.events, bookings: s.bookings })),
);
describeAdminRepositoryContract('MemoryAdminRepository', store((s) => s.admins));
describeCredentialRepositoryContract('MemoryCredentialRepository', store((s) => s.credentials));
describeSessionRepositoryContract('MemorySessionRepository', store((s) => s.sessions));
describeSessionRepositoryContract('MemoryMemberSessionRepository', store((s) => s.memberSessions), { passkeyId: null });
describeMemberSessionRepositoryContract('MemoryMemberSessionRepository', store((s) => s.memberSessions));
describeSignInCodeRepositoryContract('MemorySignInCodeRepository', store((s) => s.signInCodes));
describePasskeyRepositoryContract('MemoryPasskeyRepository', store((s) => s.passkeys));
describePasskeyChallengeRepositoryContract('MemoryPasskeyChallengeRepository', store((s) => s.passkeyChallenges));
describeLoginAttemptStoreContract('MemoryLoginAttemptStore', store((s) => s.loginAttempts));
describeAddressLimitStoreContract('MemoryAddressLimitStore', store((s) => s.addressLimits));
describeWorkDayRepositoryContract('MemoryWorkDayRepository', store((s) => s.workDays));
describeDocumentRepositoryContract('MemoryDocumentRepository', store((s) => s.documents));
describeCampaignRepositoryContract('MemoryCampaignRepository', store((s) => s.campaigns));
describeWaterLevelRepositoryContract('MemoryWaterLevelRepository', store((s) => s.waterLevels));
describePhotoRepositoryContract('MemoryPhotoRepository', store((s) => s.photos));
describeSitePageRepositoryContract('MemorySitePageRepository', store((s) => s.sitePages));
describeHouseholdRepositoryContract('MemoryHouseholdRepository', store((s) => s.households));
describeMemberCalendarFeedRepositoryContract('MemoryMemberCalendarFeedRepository', store((s) => s.calendarFeeds));
describeMemberRepositoryContract('MemoryMemberRepository', store((s) => s.members));
describeConditionsRepositoryContract('MemoryConditionsRepository', store((s) => s.conditions));
describeAttendanceStoreContract('MemoryAttendanceStore', store((s) => s.attendance));
describeDutyRepositoryContract('MemoryDutyRepository', store((s) => s.duties));
describeDutySwapRepositoryContract(
  'MemoryDutySwapRepository',
  store((s) => ({ duties: s.duties, swaps: s.dutySwaps })),
);
