import type { AddressLimitStore } from './address-limit-store';
import type { AdminRepository } from './admin-repository';
import type { BookingRepository } from './booking-repository';
import type { CampaignRepository } from './campaign-repository';
import type { CredentialRepository } from './credential-repository';
import type { DocumentRepository } from './document-repository';
import type { EventRepository } from './event-repository';
import type { FileStore } from './file-store';
import type { LoginAttemptStore } from './login-attempt-store';
import type { Outbox } from './outbox';
import type { AuditLog } from './audit-log';
import type { JobQueue } from './job-queue';
import type { WaitingList } from './waiting-list';
import type { SessionRepository } from './session-repository';
import type { PasswordResetTokenRepository } from './password-reset-token-repository';
import type { WaterLevelRepository } from './water-level-repository';
import type { PhotoRepository } from './photo-repository';
import type { WorkDayRepository } from './work-day-repository';

/** Every port that STORAGE chooses: each storage (SQLite, Firestore) provides them all. */
export interface StoragePorts {
  events: EventRepository;
  bookings: BookingRepository;
  admins: AdminRepository;
  credentials: CredentialRepository;
  sessions: SessionRepository;
  resetTokens: PasswordResetTokenRepository;
  loginAttempts: LoginAttemptStore;
  addressLimits: AddressLimitStore;
  workDays: WorkDayRepository;
  documents: DocumentRepository;
  campaigns: CampaignRepository;
  waterLevels: WaterLevelRepository;
  photos: PhotoRepository;
  outbox: Outbox;
  audit: AuditLog;
  jobs: JobQueue;
  waitingList: WaitingList;
  /** Documents' and photos' files. */
  files: FileStore;
}
