import type { Knex } from 'knex';
import * as storageTables from './migrations/0001-storage-tables';
import * as addressLimits from './migrations/0002-address-limits';
import * as placesLedgers from './migrations/0003-places-ledgers';
import * as searchIndex from './migrations/0004-search-index';
import * as outbox from './migrations/0005-outbox';
import * as bookingLifecycle from './migrations/0006-booking-lifecycle';
import * as passwordResetTokens from './migrations/0007-password-reset-tokens';
import * as eventSequenceAndCancellation from './migrations/0008-event-sequence-and-cancellation';
import * as jobsAndReminders from './migrations/0009-jobs-and-reminders';
import * as waitingList from './migrations/0010-waiting-list';
import * as workDayArchive from './migrations/0011-work-day-archive';
import * as workDaySignupEmail from './migrations/0012-work-day-signup-email';
import * as documentFiles from './migrations/0013-document-files';
import * as newsItems from './migrations/0014-news-items';
import * as photos from './migrations/0015-photos';
import * as checkoutOpened from './migrations/0016-checkout-opened';
import * as bookingReferences from './migrations/0018-booking-references';
import * as sitePages from './migrations/0019-site-pages';
import * as members from './migrations/0023-members';
import * as duties from './migrations/0028-duties';
import * as bookingCancelReason from './migrations/0020-booking-cancel-reason';
import * as campaignContent from './migrations/0022-campaign-content';
import * as bookingEmailKey from './migrations/0030-booking-email-key';
import * as myClubListsAndFeed from './migrations/0031-my-club-lists-and-feed';
import * as dutySwaps from './migrations/0033-duty-swaps';
import * as memberPricesHouseholds from './migrations/0025-member-prices-households';
import * as memberSignIn from './migrations/0024-member-sign-in';
import * as conditions from './migrations/0026-conditions';
import * as passkeyChallenges from './migrations/0029-passkey-challenges';
import * as bookingHouseholdAttendees from './migrations/0032-booking-household-attendees';
import * as dutyAssignmentsEvent from './migrations/0035-duty-assignments-event';
import * as privacyPermission from './migrations/0036-privacy-permission';
import * as documentKeepOffline from './migrations/0040-document-keep-offline';
import * as signInSeedsAndPasskeySessions from './migrations/0041-sign-in-seeds-and-passkey-sessions';
import * as attendance from './migrations/0038-attendance';
import * as householdMembers from './migrations/0039-household-members';
import * as bookingAmendments from './migrations/0042-booking-amendments';
import * as householdInvitationEmails from './migrations/0044-household-invitation-emails';
import * as walkIns from './migrations/0046-walk-ins';
import * as bookingChangeCheckouts from './migrations/0047-booking-change-checkouts';
import * as membership from './migrations/0048-membership';
import * as membershipOrders from './migrations/0050-membership-orders';
import * as membershipApplications from './migrations/0051-membership-applications';
import * as membershipOrderRefunds from './migrations/0052-membership-order-refunds';
import * as eventSeries from './migrations/0053-event-series';
import * as memberAvailability from './migrations/0054-member-availability';
import * as dutySecondSameDay from './migrations/0055-duty-second-same-day';
import * as announcements from './migrations/0056-announcements';
import * as pushSubscriptions from './migrations/0058-push-subscriptions';
import * as pushOutbox from './migrations/0059-push-outbox';
import * as searchTablePerIndex from './migrations/0061-search-table-per-index';

interface NamedMigration {
  name: string;
  migration: Knex.Migration;
}

// Imported, not looked up on disk: the same code then runs under tsx, vitest and any bundler
// without compiling migrations to JavaScript first. A new migration is added to this list.
const MIGRATIONS: NamedMigration[] = [
  { name: '0001-storage-tables', migration: storageTables },
  { name: '0002-address-limits', migration: addressLimits },
  { name: '0003-places-ledgers', migration: placesLedgers },
  { name: '0004-search-index', migration: searchIndex },
  { name: '0005-outbox', migration: outbox },
  { name: '0006-booking-lifecycle', migration: bookingLifecycle },
  { name: '0007-password-reset-tokens', migration: passwordResetTokens },
  { name: '0008-event-sequence-and-cancellation', migration: eventSequenceAndCancellation },
  { name: '0009-jobs-and-reminders', migration: jobsAndReminders },
  { name: '0010-waiting-list', migration: waitingList },
  { name: '0011-work-day-archive', migration: workDayArchive },
  { name: '0012-work-day-signup-email', migration: workDaySignupEmail },
  { name: '0013-document-files', migration: documentFiles },
  { name: '0014-news-items', migration: newsItems },
  { name: '0015-photos', migration: photos },
  { name: '0016-checkout-opened', migration: checkoutOpened },
  { name: '0018-booking-references', migration: bookingReferences },
  { name: '0019-site-pages', migration: sitePages },
  { name: '0020-booking-cancel-reason', migration: bookingCancelReason },
  { name: '0022-campaign-content', migration: campaignContent },
  { name: '0023-members', migration: members },
  { name: '0024-member-sign-in', migration: memberSignIn },
  { name: '0025-member-prices-households', migration: memberPricesHouseholds },
  { name: '0026-conditions', migration: conditions },
  { name: '0028-duties', migration: duties },
  { name: '0029-passkey-challenges', migration: passkeyChallenges },
  { name: '0030-booking-email-key', migration: bookingEmailKey },
  { name: '0031-my-club-lists-and-feed', migration: myClubListsAndFeed },
  { name: '0032-booking-household-attendees', migration: bookingHouseholdAttendees },
  { name: '0033-duty-swaps', migration: dutySwaps },
  { name: '0035-duty-assignments-event', migration: dutyAssignmentsEvent },
  { name: '0036-privacy-permission', migration: privacyPermission },
  { name: '0038-attendance', migration: attendance },
  { name: '0039-household-members', migration: householdMembers },
  { name: '0040-document-keep-offline', migration: documentKeepOffline },
  { name: '0041-sign-in-seeds-and-passkey-sessions', migration: signInSeedsAndPasskeySessions },
  { name: '0042-booking-amendments', migration: bookingAmendments },
  { name: '0044-household-invitation-emails', migration: householdInvitationEmails },
  { name: '0046-walk-ins', migration: walkIns },
  { name: '0047-booking-change-checkouts', migration: bookingChangeCheckouts },
  { name: '0048-membership', migration: membership },
  { name: '0050-membership-orders', migration: membershipOrders },
  { name: '0051-membership-applications', migration: membershipApplications },
  { name: '0052-membership-order-refunds', migration: membershipOrderRefunds },
  { name: '0053-event-series', migration: eventSeries },
  { name: '0054-member-availability', migration: memberAvailability },
  { name: '0055-duty-second-same-day', migration: dutySecondSameDay },
  { name: '0056-announcements', migration: announcements },
  { name: '0058-push-subscriptions', migration: pushSubscriptions },
  { name: '0059-push-outbox', migration: pushOutbox },
  { name: '0061-search-table-per-index', migration: searchTablePerIndex },
];

/** Hands knex the migrations of adapters/sqlite/migrations/, in order. */
export class SqliteMigrationSource implements Knex.MigrationSource<NamedMigration> {
  async getMigrations(): Promise<NamedMigration[]> {
    return MIGRATIONS;
  }

  getMigrationName(migration: NamedMigration): string {
    return migration.name;
  }

  async getMigration(migration: NamedMigration): Promise<Knex.Migration> {
    return migration.migration;
  }
}
