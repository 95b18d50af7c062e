import { MemoryMemberCalendarFeedRepository } from '../../../adapters/memory/memory-member-calendar-feed-repository';
import { describeMemberCalendarFeedRepositoryContract } from '../../features/events/contract/member-calendar-feed-repository.contract';
import { MemoryHouseholdRepository } from '../../../adapters/memory/memory-household-repository';
import { describeHouseholdRepositoryContract } from '../../features/my-club/contract/household-repository.contract';
import { MemoryAdminRepository } from '../../../adapters/memory/memory-admin-repository';
import { MemoryBookingRepository } from '../../../adapters/memory/memory-booking-repository';
import { MemoryCampaignRepository } from '../../../adapters/memory/memory-campaign-repository';
import { MemoryCredentialRepository } from '../../../adapters/memory/memory-credential-repository';
import { MemoryDocumentRepository } from '../../../adapters/memory/memory-document-repository';
import { MemoryEventRepository } from '../../../adapters/memory/memory-event-repository';
import { MemoryLoginAttemptStore } from '../../../adapters/memory/memory-login-attempt-store';
import { MemoryAddressLimitStore } from '../../../adapters/memory/memory-address-limit-store';
import { describeAddressLimitStoreContract } from './address-limit-store.contract';
import { MemorySessionRepository } from '../../../adapters/memory/memory-session-repository';
import { MemoryWaterLevelRepository } from '../../../adapters/memory/memory-water-level-repository';
import { MemorySitePageRepository } from '../../../adapters/memory/memory-site-page-repository';
import { describeSitePageRepositoryContract } from '../../features/site-pages/contract/site-page-repository.contract';
import { MemoryMemberRepository } from '../../../adapters/memory/memory-member-repository';
import { describeMemberRepositoryContract } from '../../features/member-list/contract/member-repository.contract';
import { MemoryDutyRepository } from '../../../adapters/memory/memory-duty-repository';
import { describeDutyRepositoryContract } from '../../features/duties/contract/duty-repository.contract';
import { MemoryDutySwapRepository } from '../../../adapters/memory/memory-duty-swap-repository';
import { describeDutySwapRepositoryContract } from '../../features/duties/contract/duty-swap-repository.contract';
import { MemoryPhotoRepository } from '../../../adapters/memory/memory-photo-repository';
import { MemoryWorkDayRepository } from '../../../adapters/memory/memory-work-day-repository';
import { describeAdminRepositoryContract } from '../../features/admins/contract/admin-repository.contract';
import { describeBookingRepositoryContract } from '../../features/bookings/contract/booking-repository.contract';
import { describeCampaignRepositoryContract } from '../../features/news/contract/campaign-repository.contract';
import { describeCredentialRepositoryContract } from './credential-repository.contract';
import { describeDocumentRepositoryContract } from '../../features/documents/contract/document-repository.contract';
import { describeEventRepositoryContract } from '../../features/events/contract/event-repository.contract';
import { describeEventCapacityAndReferencesContract } from '../../features/bookings/contract/event-capacity-and-references.contract';
import { describeLoginAttemptStoreContract } from './login-attempt-store.contract';
import { MemorySignInCodeRepository } from '../../../adapters/memory/memory-sign-in-code-repository';
import { MemoryMemberSessionRepository } from '../../../adapters/memory/memory-member-session-repository';
import { MemoryPasskeyRepository } from '../../../adapters/memory/memory-passkey-repository';
import { describePasskeyRepositoryContract } from '../../features/member-sign-in/contract/passkey-repository.contract';
import { describePasskeyChallengeRepositoryContract } from '../../features/member-sign-in/contract/passkey-challenge-repository.contract';
import { MemoryPasskeyChallengeRepository } from '../../../adapters/memory/memory-passkey-challenge-repository';
import { describeSignInCodeRepositoryContract } from '../../features/member-sign-in/contract/sign-in-code-repository.contract';
import { describeMemberSessionRepositoryContract } from '../../features/member-sign-in/contract/member-session-repository.contract';
import { describeSessionRepositoryContract } from '../../features/admins/contract/session-repository.contract';
import type { AdapterFactory } from '../../support/contract/storage-fixtures';
import { describeWaterLevelRepositoryContract } from '../../features/water-levels/contract/water-level-repository.contract';
import { describePhotoRepositoryContract } from '../../features/photos/contract/photo-repository.contract';
import { describeWorkDayRepositoryContract } from '../../features/work-days/contract/work-day-repository.contract';
import { MemoryConditionsRepository } from '../../../adapters/memory/memory-conditions-repository';
import { describeConditionsRepositoryContract } from '../../features/conditions/contract/conditions-repository.contract';
import { MemoryAttendanceStore } from '../../../adapters/memory/memory-attendance-store';
import { describeAttendanceStoreContract } from '../../features/check-in/contract/attendance-store.contract';

function inMemory<T>(make: () => T): AdapterFactory<T> {
  return async () => ({ adapter: make(), close: async () => {} });
}

describeEventRepositoryContract('MemoryEventRepository', inMemory(() => new MemoryEventRepository()));
describeBookingRepositoryContract('MemoryBookingRepository', inMemory(() => new MemoryBookingRepository()));
describeEventCapacityAndReferencesContract(
  'Memory events and bookings',
  inMemory(() => {
    // Each needs the other: the events' capacity check reads the ledger, a booking the stored capacity.
    let events: MemoryEventRepository | undefined = undefined;
    const bookings = new MemoryBookingRepository(undefined, undefined, (eventId) => events?.capacityOf(eventId));
    events = new MemoryEventRepository({ placesTaken: (eventId, now) => bookings.placesTaken(eventId, now) });
    return { events, bookings };
  }),
);
describeAdminRepositoryContract('MemoryAdminRepository', inMemory(() => new MemoryAdminRepository()));
describeCredentialRepositoryContract('MemoryCredentialRepository', inMemory(() => new MemoryCredentialRepository()));
describeSessionRepositoryContract('MemorySessionRepository', inMemory(() => new MemorySessionRepository()));
describeSessionRepositoryContract('MemoryMemberSessionRepository', inMemory(() => new MemoryMemberSessionRepository()), { passkeyId: null });
describeMemberSessionRepositoryContract('MemoryMemberSessionRepository', inMemory(() => new MemoryMemberSessionRepository()));
describeSignInCodeRepositoryContract('MemorySignInCodeRepository', inMemory(() => new MemorySignInCodeRepository()));
describePasskeyRepositoryContract('MemoryPasskeyRepository', inMemory(() => new MemoryPasskeyRepository()));
describePasskeyChallengeRepositoryContract('MemoryPasskeyChallengeRepository', inMemory(() => new MemoryPasskeyChallengeRepository()));
describeLoginAttemptStoreContract('MemoryLoginAttemptStore', inMemory(() => new MemoryLoginAttemptStore()));
describeAddressLimitStoreContract('MemoryAddressLimitStore', inMemory(() => new MemoryAddressLimitStore()));
describeWorkDayRepositoryContract('MemoryWorkDayRepository', inMemory(() => new MemoryWorkDayRepository()));
describeDocumentRepositoryContract('MemoryDocumentRepository', inMemory(() => new MemoryDocumentRepository()));
describeCampaignRepositoryContract('MemoryCampaignRepository', inMemory(() => new MemoryCampaignRepository()));
describeWaterLevelRepositoryContract('MemoryWaterLevelRepository', inMemory(() => new MemoryWaterLevelRepository()));
describePhotoRepositoryContract('MemoryPhotoRepository', inMemory(() => new MemoryPhotoRepository()));
describeSitePageRepositoryContract('MemorySitePageRepository', inMemory(() => new MemorySitePageRepository()));
describeHouseholdRepositoryContract('MemoryHouseholdRepository', inMemory(() => new MemoryHouseholdRepository()));
describeMemberCalendarFeedRepositoryContract('MemoryMemberCalendarFeedRepository', inMemory(() => new MemoryMemberCalendarFeedRepository()));
describeMemberRepositoryContract('MemoryMemberRepository', inMemory(() => new MemoryMemberRepository()));
describeConditionsRepositoryContract('MemoryConditionsRepository', inMemory(() => new MemoryConditionsRepository()));
describeAttendanceStoreContract('MemoryAttendanceStore', inMemory(() => new MemoryAttendanceStore()));
describeDutyRepositoryContract('MemoryDutyRepository', inMemory(() => new MemoryDutyRepository()));
describeDutySwapRepositoryContract(
  'MemoryDutySwapRepository',
  inMemory(() => {
    const duties = new MemoryDutyRepository();
    return { duties, swaps: new MemoryDutySwapRepository(duties) };
  }),
);
