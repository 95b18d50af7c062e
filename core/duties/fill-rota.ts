import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { createEvents } from 'ics';
import { icsFileName } from '../events/calendar-span';
import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import { foldIcsLines, ICS_PRODUCT_ID, icsEventAttributes, withEventUrls } from '../events/ics-file';
import { composeMail } from '../mail/compose-mail';
import type { OutgoingMail } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import type { Outbox } from '../mail/outbox.port';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { MembershipRepository } from '../membership/membership-repository.port';
import { categoryByMembershipType } from '../membership/membership-category';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../membership/membership-settings';
import { ConflictError, ValidationError } from '../shared/errors';
import { formatDateRange } from '../shared/date-text';
import { londonDate } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import type { DutyAssignment } from '../duty-rosters/duty-roster';
import { greedyRotaFill } from '../duty-rosters/rota-greedy';
import type { RotaAssignment, RotaProblem } from '../duty-rosters/rota-problem';
import { pushTo, rotaFairness, rotaReasons, rotaViolations } from '../duty-rosters/rota-rules';
import type { RotaSolver } from '../duty-rosters/rota-solver.port';
import { dutyQuota, dutySeason, type DutySeason } from './availability';
import type { AvailabilityRepository } from './availability-repository.port';
import { dutyWindow, type DutyType } from './duties';
import { dutyIcsEvent, MY_DUTIES_PATH, type DutyMailContext } from './duty-reminders';
import type { DutyRepository } from './duty-repository.port';
import { seasonEvents } from './member-availability';
import { ROTA_FILL_MESSAGES, RotaFillPreviewFormSchema, RotaFillPublishFormSchema, type RotaFillPreview, type RotaFillPublishResult } from './rota-fill-schema';
import { rotaSeasonProblem, type RotaSeasonMember, type RotaSeasonSlot } from './rota-season-problem';

export const ROTA_FILL_MAIL_KIND = 'duty-rota-fill';

export interface FillRotaDeps extends AuditTrailDeps {
  duties: Pick<DutyRepository, 'listCatalogue' | 'listSlotsOfEvents' | 'listMemberQualifications' | 'assign' | 'getSlot'>;
  events: Pick<EventRepository, 'list'>;
  members: Pick<MemberRepository, 'list'>;
  households: Pick<HouseholdRepository, 'listMemberships'>;
  membership: Pick<MembershipRepository, 'getSettings' | 'listCategories'>;
  availability: Pick<AvailabilityRepository, 'listSeason'>;
  outbox: Pick<Outbox, 'addOnce'>;
  solver: RotaSolver;
  siteSettings: DutyMailContext;
}

/** A slot of the problem with what the admin and the members' e-mails name it by. */
interface SlotInfo {
  event: ClubEvent;
  dutyTypeName: string;
  window: { start: string; end: string };
}

/** The season's problem as it stands now, and what names its slots and people. */
interface SeasonFill {
  season: DutySeason;
  problem: RotaProblem;
  slots: Map<string, SlotInfo>;
  members: Map<string, Member>;
}

/**
 * The outbox id of a publish's e-mail to a member: their id and the duties it lists, so the same
 * publish sent again (a retry after a lost answer) writes no second e-mail, while a later publish
 * giving them other duties writes a new one.
 */
export function rotaFillMailId(memberId: string, slotIds: readonly string[]): string {
  const listed = [...slotIds].sort().join('|');
  // FNV-1a over the listed slot ids: a short, stable id whatever the number of duties.
  let hash = 0x811c9dc5;
  for (let at = 0; at < listed.length; at += 1) hash = Math.imul(hash ^ listed.charCodeAt(at), 0x01000193) >>> 0;
  return `duty-rota-fill-${memberId}-${slotIds.length}-${hash.toString(16).padStart(8, '0')}`;
}

/** The e-mail telling a member of the duties a publish gave them: each duty, one .ics holding them all, the link to their duties page. */
export function rotaFillMail(
  member: Pick<Member, 'name' | 'email'>,
  duties: readonly { assignment: Pick<DutyAssignment, 'slotId' | 'memberId' | 'window'>; info: SlotInfo }[],
  context: DutyMailContext,
): OutgoingMail {
  const dutiesUrl = `${context.publicBaseUrl.replace(/\/$/, '')}${MY_DUTIES_PATH}`;
  const sorted = [...duties].sort((a, b) => a.assignment.window.start.localeCompare(b.assignment.window.start));
  const mail = composeMail(
    member.name,
    sorted.map(({ assignment, info }) => [
      info.dutyTypeName,
      `${info.event.name}, ${formatDateRange(assignment.window.start, assignment.window.end, 'member')} (UK time)`,
    ]),
    {
      subject: sorted.length === 1 ? `Your duty at ${context.clubName}` : `Your ${sorted.length} duties at ${context.clubName}`,
      paragraphs: [
        `The club's rota for the season gives you ${sorted.length === 1 ? 'this duty' : 'these duties'}. Thank you for volunteering.`,
        'The attached calendar file adds them to your calendar. If you cannot do one, please ask for a swap on your duties page, so that the event is covered.',
      ],
      link: { lead: 'Your duties, and swaps:', text: 'My duties', url: dutiesUrl },
      clubName: context.clubName,
    },
  );
  // One calendar holding every duty of the e-mail, each its own entry (dutyIcsEvent's UID), as the club's feed writes them.
  const { error, value } = createEvents(
    sorted.map(({ assignment, info }) => icsEventAttributes(dutyIcsEvent(assignment, info.event, info.dutyTypeName), context.clubName)),
    { productId: ICS_PRODUCT_ID, method: 'PUBLISH', calName: `${context.clubName} duties` },
  );
  if (error || value === null) throw new Error(`Could not build the calendar file: ${error?.message ?? 'no output'}`);
  const ics = foldIcsLines(
    withEventUrls(
      value,
      sorted.map(() => dutiesUrl),
    ),
  );
  return {
    to: member.email,
    ...mail,
    attachments: [{ filename: icsFileName('my duties'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
  };
}

/**
 * Filling a season's rota (docs/duties.md, "Filling the rota"): the admin's preview of what the
 * solver proposes, and the publish of the list they settle on, for admins with duties:write.
 */
export class FillRota extends UseCase<FillRotaDeps> {
  async preview(admin: Admin, form: unknown): Promise<RotaFillPreview> {
    const { season: date } = permittedInput(admin, 'duties.write', RotaFillPreviewFormSchema, form);
    const fill = await this.seasonFill(date);
    const { problem } = fill;
    const proposal = await this.deps.solver.fill(problem);
    const units = new Set(problem.people.filter((p) => p.unitId.startsWith('household:')).map((p) => p.unitId));
    const slotOf = (slotId: string) => {
      const info = fill.slots.get(slotId)!;
      return { slotId, eventId: info.event.id, eventName: info.event.name, start: info.window.start, end: info.window.end, dutyTypeName: info.dutyTypeName };
    };
    const given = new Map<string, number>();
    for (const { slotId } of proposal) given.set(slotId, (given.get(slotId) ?? 0) + 1);
    return {
      season: fill.season,
      assignments: rotaReasons(problem, proposal)
        .map((reason) => ({
          ...slotOf(reason.slotId),
          memberId: reason.memberId,
          memberName: fill.members.get(reason.memberId)?.name ?? '',
          count: reason.count,
          expected: reason.expected,
          household: units.has(reason.unitId),
          prefers: reason.prefers,
          avoids: reason.avoids,
          secondThatDay: reason.secondThatDay,
        }))
        .sort((a, b) => a.start.localeCompare(b.start) || a.slotId.localeCompare(b.slotId) || a.memberName.localeCompare(b.memberName)),
      fairness: { proposal: rotaFairness(problem, proposal), greedy: rotaFairness(problem, greedyRotaFill(problem)) },
      open: problem.slots
        .map((slot) => ({ ...slotOf(slot.id), open: slot.open - (given.get(slot.id) ?? 0) }))
        .filter((slot) => slot.open > 0)
        .sort((a, b) => a.start.localeCompare(b.start) || a.slotId.localeCompare(b.slotId)),
    };
  }

  /**
   * Writes the admin's list: refused whole (nothing written) when an assignment breaks a rule of
   * the current problem (someone not eligible, two duties a day, a holder's slot); an assignment
   * the member holds already is not written again; one for a slot filled meanwhile (before or
   * during the publish) is skipped and reported. Then each member with duties in the list is
   * e-mailed them once (rotaFillMailId).
   */
  async publish(admin: Admin, form: unknown): Promise<RotaFillPublishResult> {
    const input = permittedInput(admin, 'duties.write', RotaFillPublishFormSchema, form);
    const fill = await this.seasonFill(input.season);
    const { problem } = fill;
    const wanted = uniqueAssignments(input.assignments);
    const holds = (a: RotaAssignment) => problem.holders.some((h) => h.slotId === a.slotId && h.memberId === a.memberId);
    const skipped: RotaFillPublishResult['skipped'] = [];
    // Places filled since the preview: the first of the list keep the open ones, the rest are skipped.
    const room = new Map(problem.slots.map((slot) => [slot.id, slot.open]));
    const toWrite: RotaAssignment[] = [];
    for (const a of wanted.filter((a) => !holds(a))) {
      const left = room.get(a.slotId);
      if (left === 0) {
        skipped.push({ ...a, reason: 'This duty is already filled' });
        continue;
      }
      if (left !== undefined) room.set(a.slotId, left - 1);
      toWrite.push(a);
    }
    const violations = rotaViolations(problem, toWrite);
    if (violations.length > 0) throw new ValidationError(`${ROTA_FILL_MESSAGES.breaksRules}: ${violations.map((v) => named(v, fill)).join('; ')}`);
    const written: RotaAssignment[] = [];
    for (const a of toWrite) {
      const info = fill.slots.get(a.slotId)!;
      const assignment: DutyAssignment = {
        ...a,
        eventId: info.event.id,
        window: info.window,
        assignedAt: this.deps.clock.now().toISOString(),
        overrideReason: null,
      };
      try {
        await this.deps.duties.assign(assignment);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        skipped.push({ ...a, reason: error.message });
        continue;
      }
      written.push(a);
      await recordAdminAction(this.deps, admin, {
        action: 'duty.assigned',
        recordType: 'duty',
        recordId: a.slotId,
        summary: `Assigned ${fill.members.get(a.memberId)?.name ?? a.memberId} to ${info.dutyTypeName} at ${info.event.name} (rota fill)`,
        before: { memberId: null },
        after: { memberId: a.memberId, overrideReason: null },
      });
    }
    // Read back who holds the listed slots now: a publish running at the same time (or an earlier try of
    // this one) may have written some of this list, and each member's e-mail lists all of theirs, so the
    // publish that ends last names the same duties as any other and its e-mail is not written twice.
    const listed = [...new Set(wanted.map((a) => a.slotId))].filter((slotId) => fill.slots.has(slotId));
    const holders = new Map(
      (await Promise.all(listed.map((slotId) => this.deps.duties.getSlot(slotId)))).flatMap((slot) => (slot ? [[slot.id, slot.holders] as const] : [])),
    );
    const theirs = wanted.filter((a) => holders.get(a.slotId)?.some((h) => h.memberId === a.memberId) ?? false);
    const mailed = await this.mailMembers(fill, theirs);
    return { written, skipped, mailed };
  }

  /** One e-mail per member listing their duties of this publish (written now, or theirs from the same publish before). */
  private async mailMembers(fill: SeasonFill, assignments: readonly RotaAssignment[]): Promise<number> {
    const byMember = new Map<string, RotaAssignment[]>();
    for (const a of assignments) byMember.set(a.memberId, [...(byMember.get(a.memberId) ?? []), a]);
    const now = this.deps.clock.now();
    let mailed = 0;
    for (const [memberId, mine] of byMember) {
      const member = fill.members.get(memberId);
      if (!member || member.email.trim() === '') continue;
      const duties = mine.map((a) => {
        const info = fill.slots.get(a.slotId)!;
        return { assignment: { ...a, window: info.window }, info };
      });
      const mail = rotaFillMail(member, duties, this.deps.siteSettings);
      const id = rotaFillMailId(
        memberId,
        mine.map((a) => a.slotId),
      );
      if (await this.deps.outbox.addOnce(newOutboxMessage(id, ROTA_FILL_MAIL_KIND, memberId, mail, now))) mailed += 1;
    }
    return mailed;
  }

  /** The season's open slots (its events with a date, not cancelled, not begun), its members and what the duty rules say of them. */
  private async seasonFill(date: string | undefined): Promise<SeasonFill> {
    const now = this.deps.clock.now();
    const settings = (await this.deps.membership.getSettings()) ?? DEFAULT_MEMBERSHIP_SETTINGS;
    const season = dutySeason(settings.year, date ?? londonDate(now));
    const events = await seasonEvents(this.deps.events, season);
    const [allSlots, dutyTypes, members, qualifications, records, categories, places] = await Promise.all([
      this.deps.duties.listSlotsOfEvents(events.map((e) => e.id)),
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.members.list(),
      this.deps.duties.listMemberQualifications(),
      this.deps.availability.listSeason(season.start),
      this.deps.membership.listCategories(),
      // Every household at once: a read per member would grow with the club.
      this.deps.households.listMemberships(),
    ]);
    const eventById = new Map(events.map((e) => [e.id, e]));
    const typeById = new Map<string, DutyType>(dutyTypes.map((t) => [t.id, t]));
    const slots = new Map<string, SlotInfo>();
    const seasonSlots: RotaSeasonSlot[] = [];
    for (const slot of allSlots) {
      const event = eventById.get(slot.eventId)!;
      const window = dutyWindow(event);
      if (window === null || Date.parse(window.start) <= now.getTime()) continue;
      const dutyType = typeById.get(slot.dutyTypeId);
      slots.set(slot.id, { event, dutyTypeName: dutyType?.name ?? 'Duty', window });
      seasonSlots.push({ slot, window, dutyType: dutyType ?? { qualificationIds: [] }, allowsSecondDuty: slot.allowsSecondDuty === true });
    }
    // The quota counts the duties held off the problem's slots (past ones of the season); the fill counts its slots' holders itself.
    const counted = allSlots
      .filter((slot) => !slots.has(slot.id))
      .flatMap((slot) => {
        const window = dutyWindow(eventById.get(slot.eventId)!);
        return window === null ? [] : slot.holders.map((h) => ({ memberId: h.memberId, window }));
      });
    const wishes = new Map(records.map((r) => [r.memberId, r]));
    const today = londonDate(now);
    const categoryOf = categoryByMembershipType(categories);
    const householdOf = new Map(places.map((place) => [place.memberId, place.householdId]));
    const householdMembers = new Map<string, string[]>();
    for (const place of places) pushTo(householdMembers, place.householdId, place.memberId);
    const people = members
      .filter((m) => !m.disabled)
      .map((member): RotaSeasonMember => {
        const householdId = householdOf.get(member.id) ?? null;
        const ids = householdId === null ? null : (householdMembers.get(householdId) ?? []);
        const record = wishes.get(member.id);
        return {
          member,
          householdId,
          quota: dutyQuota({ category: categoryOf(member.membershipType), memberId: member.id, householdMemberIds: ids, duties: counted, season, today }),
          qualifications: qualifications.filter((q) => q.memberId === member.id),
          unavailable: record?.unavailable ?? [],
          prefers: (record?.wishes ?? []).filter((w) => w.wish === 'prefer').map((w) => w.dutyTypeId),
          avoids: (record?.wishes ?? []).filter((w) => w.wish === 'rather-not').map((w) => w.dutyTypeId),
        };
      });
    return { season, problem: rotaSeasonProblem(seasonSlots, people), slots, members: new Map(members.map((m) => [m.id, m])) };
  }
}

/** The list without repeats, in its order. */
function uniqueAssignments(list: readonly RotaAssignment[]): RotaAssignment[] {
  const seen = new Set<string>();
  return list.filter((a) => {
    const key = `${a.slotId}\u0000${a.memberId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A rule's message with the admin's names for the slots and members it quotes. */
function named(violation: string, fill: SeasonFill): string {
  return violation.replace(/[^\s]+/g, (word) => {
    const slot = fill.slots.get(word);
    if (slot) return `${slot.dutyTypeName} at ${slot.event.name} (${formatDateRange(slot.window.start, slot.window.end, 'admin')})`;
    return fill.members.get(word)?.name ?? word;
  });
}
