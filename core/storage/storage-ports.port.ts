import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { CampaignRepository } from '../news/campaign-repository.port';
import type { ConditionsRepository } from '../conditions/conditions-repository.port';
import type { CredentialRepository } from '../admins/credential-repository.port';
import type { DocumentRepository } from '../documents/document-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { FileStore } from '../shared/file-store.port';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import type { Outbox } from '../mail/outbox.port';
import type { AuditLog } from '../audit/audit-log.port';
import type { JobQueue } from '../jobs/job-queue.port';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import type { SessionRepository } from '../admins/session-repository.port';
import type { PasswordResetTokenRepository } from '../admins/password-reset-token-repository.port';
import type { WaterLevelRepository } from '../water-levels/water-level-repository.port';
import type { PhotoRepository } from '../photos/photo-repository.port';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import type { SignInCodeRepository } from '../member-sign-in/sign-in-code-repository.port';
import type { MemberSessionRepository } from '../member-sign-in/member-session-repository.port';
import type { PasskeyRepository } from '../member-sign-in/passkey-repository.port';
import type { PasskeyChallengeRepository } from '../member-sign-in/passkey-challenge-repository.port';
import type { SitePageRepository } from '../site-pages/site-page-repository.port';
import type { MembershipRepository } from '../membership/membership-repository.port';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import type { MembershipOrderRepository } from '../membership/membership-order-repository.port';
import type { MembershipApplicationRepository } from '../membership/membership-application-repository.port';
import type { DutySwapRepository } from '../duties/duty-swap-repository.port';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { AttendanceStore } from '../check-in/attendance-store.port';
import type { AnnouncementRepository } from '../announcements/announcement-repository.port';
import type { MemberCalendarFeedRepository } from '../my-club/member-calendar-feed-repository.port';
import type { AvailabilityRepository } from '../duties/availability-repository.port';
import type { PersonalDataStore } from '../privacy/personal-data-store.port';
import type { RetentionStore } from '../privacy/retention-store.port';

/** Every port that STORAGE chooses: each storage (SQLite, Firestore) provides them all. */
export interface StoragePorts {
  events: EventRepository;
  bookings: BookingRepository;
  admins: AdminRepository;
  credentials: CredentialRepository;
  sessions: SessionRepository;
  /** Members' e-mailed sign-in codes (hashes only). */
  signInCodes: SignInCodeRepository;
  /** Members' sessions, apart from the admins'. */
  memberSessions: MemberSessionRepository;
  /** Members' passkeys (WebAuthn credentials). */
  passkeys: PasskeyRepository;
  /** The challenges of passkey ceremonies (hashes only, 5 minutes, single use). */
  passkeyChallenges: PasskeyChallengeRepository;
  resetTokens: PasswordResetTokenRepository;
  loginAttempts: LoginAttemptStore;
  addressLimits: AddressLimitStore;
  workDays: WorkDayRepository;
  documents: DocumentRepository;
  campaigns: CampaignRepository;
  waterLevels: WaterLevelRepository;
  photos: PhotoRepository;
  /** The Beginners and Information pages as admins edited them. */
  sitePages: SitePageRepository;
  /** Membership categories and settings (docs/membership.md). */
  membership: MembershipRepository;
  /** The people members book for (docs/members-households.md): their households' dependants. */
  households: HouseholdRepository;
  /** The club's member list (docs/members.md). */
  members: MemberRepository;
  /** Membership orders: what renewal and joining payments buy, applied to the members once (docs/membership.md). */
  membershipOrders: MembershipOrderRepository;
  /** Applications to join the club (docs/membership.md, "Joining"). */
  membershipApplications: MembershipApplicationRepository;
  /** Members' private calendar feeds: one secret each (docs/my-club.md). */
  calendarFeeds: MemberCalendarFeedRepository;
  /** Members' availability and duty wishes, one record per member and season (docs/duties.md). */
  availability: AvailabilityRepository;
  /** Duty rosters: qualifications, duty types, templates, events' duty slots (docs/duties.md). */
  duties: DutyRepository;
  /** Duty swap requests, in the same storage as the rosters (accepting one changes a slot). */
  dutySwaps: DutySwapRepository;
  outbox: Outbox;
  audit: AuditLog;
  jobs: JobQueue;
  waitingList: WaitingList;
  /** Documents' and photos' files. */
  files: FileStore;
  /** The go/no-go's limits, last forecast and decisions (core/conditions/). */
  conditions: ConditionsRepository;
  /** Every stored record, read and rewritten for subject access and erasure (docs/privacy-requests.md). */
  personalData: PersonalDataStore;
  /** Check-in: each booking's attendance and the mark keys applied (core/check-in/). */
  attendance: AttendanceStore;
  /** Announcements to an event's people, each with its e-mails (docs/notifications.md). */
  announcements: AnnouncementRepository;
  /** The retention schedule's counts and removals over the records above (docs/data-protection.md). */
  retention: RetentionStore;
}
