import type { PushOutbox } from '../push/push-outbox.port';
import type { PushSubscriptionRepository } from '../push/push-subscription-repository.port';
import type { AuditActor } from '../audit/audit';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { AuditLog } from '../audit/audit-log.port';
import type { Booking } from '../bookings/booking';
import { bookingEmailKey } from '../bookings/booking';
import type { BookingRepository } from '../bookings/booking-repository.port';
import { isEventOver } from '../events/event-time';
import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { PasskeyRepository } from '../member-sign-in/passkey-repository.port';
import type { MemberSessionRepository } from '../member-sign-in/member-session-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import { memberDutyRelease, type MemberDutyReleaseDeps } from '../duties/member-duty-release';
import type { MemberCalendarFeedRepository } from '../my-club/member-calendar-feed-repository.port';
import type { AvailabilityRepository } from '../duties/availability-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import { keepIndexInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { rebuildSearchIndex, type RebuildSearchIndexDeps } from './rebuild-search-index';
import type { PersonalDataStore } from '../privacy/personal-data-store.port';
import { archiveFiles, erasureRewrites, personEmailKey, personRecords, replacementFor, type ArchiveFile } from '../privacy/personal-records';
import type { Pseudonyms } from '../privacy/pseudonyms.port';

export const DATA_REQUEST_MESSAGES = {
  emailRequired: 'Enter the e-mail address of the person who asked',
  emailInvalid: 'Enter an e-mail address like name@example.org',
  nothingHeld: 'Nothing is held about this e-mail address.',
  adminAccount: 'This address belongs to an admin account: remove the admin on the Admins screen first, then erase.',
} as const;

/** Checks the e-mail an admin typed; the answer's message names what is wrong. */
export function requestedEmail(text: string): string {
  const email = text.trim();
  if (email === '') throw new ValidationError(DATA_REQUEST_MESSAGES.emailRequired, { email: DATA_REQUEST_MESSAGES.emailRequired });
  if (email.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new ValidationError(DATA_REQUEST_MESSAGES.emailInvalid, { email: DATA_REQUEST_MESSAGES.emailInvalid });
  }
  return email;
}

/**
 * The bookings that hold an erasure back: paid, not cancelled, for an event not yet over. Their
 * money is owed back if the person does not come, so they are cancelled and refunded first (an
 * erasure never takes money silently, and a refund needs the booking as it was).
 */
export function erasureBlockers(
  bookings: readonly Booking[],
  events: ReadonlyMap<string, Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>>,
  now: Date,
): Booking[] {
  return bookings.filter((booking) => {
    if (booking.cancelledAt !== null || !booking.paid || !booking.paymentRequired) return false;
    const event = events.get(booking.eventId);
    return event !== undefined && !isEventOver(event, now);
  });
}

/** The 409's message for bookings that hold an erasure back: which, and what to do. */
export function blockedMessage(blockers: readonly Pick<Booking, 'reference' | 'id' | 'eventName'>[]): string {
  const named = blockers.map((b) => `${b.reference ?? b.id} (${b.eventName})`).join(', ');
  return `Not erased yet: ${blockers.length === 1 ? 'an upcoming paid booking' : 'upcoming paid bookings'} ${named} must be cancelled and refunded first, so the money goes back before the name goes.`;
}

export interface SubjectAccessDeps {
  personalData: PersonalDataStore;
}

/** Everything held about a person, as archive files (docs/privacy-requests.md#the-archive). */
export class GetPersonalData extends UseCase<SubjectAccessDeps> {
  async execute(email: string): Promise<ArchiveFile[]> {
    const records = personRecords(await this.deps.personalData.scan(), email);
    if (records.length === 0) throw new NotFoundError(DATA_REQUEST_MESSAGES.nothingHeld);
    return archiveFiles(records);
  }
}

/**
 * The search index is rebuilt from the erased storage (RebuildSearchIndexDeps): its records are made
 * from events, work days, documents, news and pages alone, which hold a person only where an admin
 * typed them (found by their e-mail and rewritten with the rest).
 */
export interface ErasePersonDeps extends RebuildSearchIndexDeps, SearchIndexingDeps, MemberDutyReleaseDeps {
  personalData: PersonalDataStore;
  /** The person's household invitations (to them, to their e-mail, sent by them) are deleted, not anonymised. */
  households: Pick<HouseholdRepository, 'removeInvitationsOfPerson'>;
  admins: AdminRepository;
  bookings: BookingRepository;
  events: EventRepository;
  members: MemberRepository;
  memberSessions: MemberSessionRepository;
  passkeys: PasskeyRepository;
  calendarFeeds: MemberCalendarFeedRepository;
  /** The member's availability and duty wishes are deleted: they serve only the rota still to plan. */
  availability: Pick<AvailabilityRepository, 'removeMember'>;
  /** The member's push devices and the notifications waiting for them are deleted (docs/notifications.md#removal). */
  pushSubscriptions: Pick<PushSubscriptionRepository, 'removeByMember'>;
  pushOutbox: Pick<PushOutbox, 'removeByMember'>;
  secrets: SecretTokens;
  pseudonyms: Pseudonyms;
  audit: AuditLog;
  ids: IdGenerator;
  clock: Clock;
}

/** What an erasure did: how many stored records it changed. */
export interface ErasureResult {
  records: number;
}

/**
 * Erases a person's personal data everywhere (docs/privacy-requests.md#erasure): their name, e-mail,
 * boat, phones and household names become their pseudonym in every record that held them; financial
 * records (reference, amounts, method, refunds, dates) stay. A member record is kept disabled, without
 * its optional details and off their duties still to come (the duty admins told), their sessions, passkeys and calendar feed secret are ended, their availability and duty wishes deleted, their push devices and notifications deleted; the search index
 * is rebuilt from the erased records. The audit log
 * says that an erasure happened, and by whom, never whose. Refused while a paid booking is upcoming.
 */
export class ErasePerson extends UseCase<ErasePersonDeps> {
  async execute(email: string, by: AuditActor): Promise<ErasureResult> {
    const deps = this.deps;
    const now = deps.clock.now();
    const member = await deps.members.getByEmail(email);
    const bookings = await deps.bookings.listForMember({ memberId: member?.id ?? '', emailKey: bookingEmailKey(email) ?? '' }, 10_000);
    const events = new Map<string, ClubEvent>();
    for (const eventId of new Set(bookings.map((b) => b.eventId))) {
      const event = await deps.events.get(eventId);
      if (event) events.set(eventId, event);
    }
    // An admin account is the club's own record of who may act: it is removed, not anonymised.
    if (await deps.admins.getByEmail(email)) throw new ConflictError(DATA_REQUEST_MESSAGES.adminAccount);
    const blockers = erasureBlockers(bookings, events, now);
    if (blockers.length > 0) throw new ConflictError(blockedMessage(blockers));

    // Deleted before the scan: an invitation exists only to be answered, and one to an e-mail that
    // is no member's may be all the club holds of the person (docs/members-households.md#invitations).
    const invitations = await deps.households.removeInvitationsOfPerson(member?.id ?? '', email);
    const records = personRecords(await deps.personalData.scan(), email);
    if (records.length === 0 && invitations === 0) throw new NotFoundError(DATA_REQUEST_MESSAGES.nothingHeld);
    const pseudonym = deps.pseudonyms.of(personEmailKey(email));
    const rewrites = erasureRewrites(records, email, replacementFor(pseudonym));
    await deps.personalData.rewrite(rewrites);
    // The index holds what the rewritten records said until rebuilt from them; a failure is
    // reported and leaves the erasure done (`npm run reindex` rebuilds it again).
    await keepIndexInStep(async () => void (await rebuildSearchIndex(deps)), deps.reportSearchIndexError);

    if (member) {
      await deps.memberSessions.deleteByUid(member.id);
      for (const passkey of await deps.passkeys.listByMember(member.id)) await deps.passkeys.delete(member.id, passkey.credentialId);
      if ((await deps.calendarFeeds.secretOf(member.id)) !== null) await deps.calendarFeeds.replace(member.id, deps.secrets.generate(), now);
      await deps.availability.removeMember(member.id);
      await deps.pushSubscriptions.removeByMember(member.id);
      await deps.pushOutbox.removeByMember(member.id);
      const erased = await deps.members.get(member.id);
      if (erased) {
        const { phone: _phone, emergencyContactName: _contact, emergencyContactPhone: _contactPhone, ...kept } = erased;
        // Disabled, and off every duty still to come in the same write: their pseudonym holds no slot.
        await deps.members.update(
          { ...kept, disabled: true, updatedAt: now.toISOString() },
          { releaseDuties: await memberDutyRelease(deps, erased, erased.name, 'erased', now) },
        );
      }
    }
    await deps.audit.append([
      {
        id: deps.ids.next(),
        at: now.toISOString(),
        actor: by,
        action: 'privacy.erased',
        recordType: 'member',
        recordId: 'erasure',
        summary: `A person's personal data was erased on request (${rewrites.length} records anonymised, ${invitations} household invitations deleted; financial records kept without the name)`,
        changes: [],
      },
    ]);
    // Last, after every write of the erasure: the storage's files keep no copy of the person.
    await deps.personalData.dropOldCopies();
    return { records: rewrites.length + invitations };
  }
}
