import type { AuditLog } from '../audit/audit-log.port';
import { dutiesReleasedOnLeaving, memberDutyRelease, type MemberDutyReleaseDeps } from '../duties/member-duty-release';
import type { EventRepository } from '../events/event-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import { HOUSEHOLD_INVITATION_DAYS } from '../members/household-membership';
import type { HouseholdRepository } from '../members/household-repository.port';
import { memberHoldsData } from './retention-records';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { UseCase } from '../shared/use-case';
import type { PersonalDataStore } from './personal-data-store.port';
import type { Pseudonyms } from './pseudonyms.port';
import type { DutyRepository } from '../duties/duty-repository.port';
import { dutySeasonAt } from '../duties/availability';
import type { AvailabilityRepository } from '../duties/availability-repository.port';
import type { MembershipRepository } from '../membership/membership-repository.port';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../membership/membership-settings';
import { RETENTION_AUDIT_ACTIONS, pseudonymisedNamedEntry } from './retention-audit';
import {
  RETENTION_KINDS,
  RETENTION_KIND_TEXT,
  nextRetentionRun,
  retentionCutoff,
  retentionRemoves,
  type RetentionKind,
  type RetentionSchedule,
} from './retention-schedule';
import type { AnonymisedPerson, RetentionStore } from './retention-store.port';

/** Records changed per write: small enough for one Firestore batch with their audit entries. */
export const RETENTION_PAGE = 100;
/** Writes per kind in one run: a backlog larger than this is finished by the following nights. */
export const RETENTION_PAGES_PER_RUN = 50;

export interface ApplyRetentionDeps extends MemberDutyReleaseDeps {
  retention: RetentionStore;
  /** Lapsed members about to be anonymised give up their duties still to come first. */
  members: Pick<MemberRepository, 'list' | 'update'>;
  duties: MemberDutyReleaseDeps['duties'] & Pick<DutyRepository, 'listSlotsOfEvents'>;
  events: MemberDutyReleaseDeps['events'] & Pick<EventRepository, 'listNotOverBefore'>;
  /** Household invitations made HOUSEHOLD_INVITATION_DAYS ago are lapsed: the run deletes them. */
  households: Pick<HouseholdRepository, 'removeInvitationsMadeBefore'>;
  /**
   * Members' availability and duty wishes of seasons that have ended are deleted: they served only
   * the rota of their season (docs/duties.md#availability-wishes-and-quotas). The season is the
   * membership year of the club's settings.
   */
  availability: Pick<AvailabilityRepository, 'removeSeasonsBefore'>;
  membership: Pick<MembershipRepository, 'getSettings'>;
  /** Its files keep no copy of what the run anonymised or deleted (dropOldCopies). */
  personalData: Pick<PersonalDataStore, 'dropOldCopies'>;
  audit: AuditLog;
  pseudonyms: Pseudonyms;
  clock: Clock;
  ids: IdGenerator;
  retentionSchedule: RetentionSchedule;
  /** RETENTION_RUN_HOUR: the London hour of the nightly run. */
  retentionRunHour: number;
}

/** Records changed per kind, and the audit entries naming people of those kinds that were pseudonymised. */
export type RetentionCounts = Record<RetentionKind, number> & { auditEntries: number; householdInvitations: number; pastAvailability: number };

/**
 * The nightly retention run (docs/data-protection.md): for each kind, removes the personal data of the records
 * past their limit at this clock, page by page, then writes one audit entry with the count per
 * kind. Idempotent: run again at the same clock it changes nothing and records zero counts.
 * Anonymised people keep their audit history under Pseudonyms.of(their e-mail). The audit entries
 * of RETENTION_AUDIT_ACTIONS (about a work day, an event or a duty, naming a volunteer, a waiting
 * person or a duty holder) older than their kind's limit are pseudonymised too, measured from the
 * entry's own date: an entry older than the limit names someone whose record is past it as well.
 */
export class ApplyRetention extends UseCase<ApplyRetentionDeps> {
  async execute(): Promise<RetentionCounts> {
    const now = this.deps.clock.now();
    const counts = {
      ...Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])),
      auditEntries: 0,
      householdInvitations: 0,
      pastAvailability: 0,
    } as RetentionCounts;
    const pseudonymOf = (person: AnonymisedPerson) => ({ texts: person.texts, pseudonym: this.deps.pseudonyms.of(person.key) });
    for (const kind of RETENTION_KINDS.filter(retentionRemoves)) {
      const cutoff = retentionCutoff(kind, this.deps.retentionSchedule, now);
      if (kind === 'lapsedMembers') await this.releaseLapsedMembersDuties(cutoff.day, now);
      for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
        const changed = await this.deps.retention.apply(kind, cutoff, RETENTION_PAGE, pseudonymOf);
        counts[kind] += changed;
        if (changed < RETENTION_PAGE) break;
      }
      const actions = RETENTION_AUDIT_ACTIONS[kind];
      if (!actions) continue;
      for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
        const done = await this.deps.retention.pseudonymiseAudit(kind, actions, cutoff.instant, RETENTION_PAGE, (entry) =>
          pseudonymisedNamedEntry(entry, pseudonymOf),
        );
        counts.auditEntries += done.rewritten;
        if (!done.more) break;
      }
    }
    // Lapsed household invitations (docs/members-households.md#invitations): answered and
    // withdrawn ones are deleted when answered; these waited unanswered and can no longer be.
    const lapsedBefore = new Date(now.getTime() - HOUSEHOLD_INVITATION_DAYS * 86_400_000);
    for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
      const removed = await this.deps.households.removeInvitationsMadeBefore(new Date(lapsedBefore.getTime() + 1), RETENTION_PAGE);
      counts.householdInvitations += removed;
      if (removed < RETENTION_PAGE) break;
    }
    const season = dutySeasonAt(((await this.deps.membership.getSettings()) ?? DEFAULT_MEMBERSHIP_SETTINGS).year, now);
    for (let page = 0; page < RETENTION_PAGES_PER_RUN; page += 1) {
      const removed = await this.deps.availability.removeSeasonsBefore(season.start, RETENTION_PAGE);
      counts.pastAvailability += removed;
      if (removed < RETENTION_PAGE) break;
    }
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: now.toISOString(),
        actor: { kind: 'system' },
        action: 'retention.applied',
        recordType: 'retention',
        recordId: 'retention',
        summary: `Retention run: ${RETENTION_KINDS.filter(retentionRemoves)
          .map((kind) => `${RETENTION_KIND_TEXT[kind].title.toLowerCase()} ${counts[kind]}`)
          .join(
            ', ',
          )}, lapsed household invitations ${counts.householdInvitations}, availability of past seasons ${counts.pastAvailability}, audit entries pseudonymised ${counts.auditEntries}`,
        changes: [
          ...RETENTION_KINDS.filter(retentionRemoves).map((kind) => ({ field: kind, before: null, after: counts[kind] })),
          { field: 'householdInvitations', before: null, after: counts.householdInvitations },
          { field: 'pastAvailability', before: null, after: counts.pastAvailability },
          { field: 'auditEntries', before: null, after: counts.auditEntries },
        ],
      },
    ]);
    await this.deps.personalData.dropOldCopies();
    return counts;
  }

  /**
   * A lapsed member holds a duty still to come only by an admin's override; before the run takes
   * their name, such duties are released as for any member who leaves (the duty admins told under
   * the member's pseudonym, never the name being removed): docs/duties.md#when-a-member-leaves.
   * Read from the duties still to come, so a night with none reads no member's duties.
   */
  private async releaseLapsedMembersDuties(cutoffDay: string, now: Date): Promise<void> {
    const events = await this.deps.events.listNotOverBefore(now);
    const holders = dutiesReleasedOnLeaving(
      (await this.deps.duties.listSlotsOfEvents(events.map((event) => event.id))).flatMap((slot) => slot.holders),
      now,
    );
    if (holders.length === 0) return;
    const onDuty = new Set(holders.map((duty) => duty.memberId));
    const leaving = (await this.deps.members.list()).filter((member) => onDuty.has(member.id) && memberHoldsData(member) && member.renewalDate < cutoffDay);
    for (const member of leaving) {
      const pseudonym = this.deps.pseudonyms.of(member.email);
      await this.deps.members.update(member, { releaseDuties: await memberDutyRelease(this.deps, member, pseudonym, 'anonymised', now) });
    }
  }

  /** When the nightly run is next due after a run at `now`. */
  nextRunAfter(now: Date): Date {
    return nextRetentionRun(now, this.deps.retentionRunHour);
  }
}
