import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { MembershipRepository } from '../membership/membership-repository.port';
import { categoryByMembershipType } from '../membership/membership-category';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../membership/membership-settings';
import type { Clock } from '../shared/clock.port';
import { ValidationError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { checkAvailability, dutyQuota, dutySeasonAt, inSeason, rotaHolderName, type AvailabilityForm, type DutySeason, type RotaReader } from './availability';
import type { AvailabilityRepository } from './availability-repository.port';
import type { HouseholdAvailability, MyAvailability, MyDutyQuota, SeasonAvailability, SeasonRota } from './availability-schema';
import { dutyWindow } from './duties';
import type { DutyRepository } from './duty-repository.port';

/**
 * Members' availability, wishes, quotas and the season's rota (docs/duties.md, "Availability,
 * wishes and quotas"). Who sees what (decisions): a member and their household see their own
 * marks, admins with duties:write everyone's; every member sees the rota, holders named "Ann H.".
 */

/** The season now: the membership year of the club's settings (the default year until saved). */
async function seasonNow(deps: { membership: Pick<MembershipRepository, 'getSettings'>; clock: Clock }): Promise<DutySeason> {
  const settings = (await deps.membership.getSettings()) ?? DEFAULT_MEMBERSHIP_SETTINGS;
  return dutySeasonAt(settings.year, deps.clock.now());
}

/** The events of the season with a date, not cancelled, soonest first (then by id). */
export async function seasonEvents(events: Pick<EventRepository, 'list'>, season: DutySeason): Promise<(ClubEvent & { eventdatetime: string })[]> {
  return (await events.list({ order: 'asc' }))
    .filter((event): event is ClubEvent & { eventdatetime: string } => event.eventdatetime !== null && event.cancelledAt === null)
    .filter((event) => inSeason(season, londonDate(new Date(event.eventdatetime))))
    .sort((a, b) => Date.parse(a.eventdatetime) - Date.parse(b.eventdatetime) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The ids of the member's household's members (themselves included), or null when they are in none. */
async function householdMemberIds(households: Pick<HouseholdRepository, 'membershipOf' | 'membersOf'>, memberId: string): Promise<string[] | null> {
  const place = await households.membershipOf(memberId);
  if (!place) return null;
  return (await households.membersOf(place.householdId)).map((m) => m.memberId);
}

export interface MyAvailabilityDeps {
  availability: AvailabilityRepository;
  duties: Pick<DutyRepository, 'listCatalogue'>;
  events: Pick<EventRepository, 'list'>;
  households: Pick<HouseholdRepository, 'membershipOf' | 'membersOf'>;
  members: Pick<MemberRepository, 'get'>;
  membership: Pick<MembershipRepository, 'getSettings'>;
  clock: Clock;
}

/**
 * The signed-in member's availability and wishes for the season, and their household's: each
 * member of a household sets their own, and all of them see the household's together.
 */
export class ManageMyAvailability extends UseCase<MyAvailabilityDeps> {
  /** What My club's section shows. */
  async execute(member: Pick<Member, 'id' | 'name'>): Promise<MyAvailability> {
    return this.view(member, await seasonNow(this.deps));
  }

  /**
   * Sets the member's own marks for the season, replacing what they gave before: every date within
   * the season, every wish for a duty type of the catalogue (else a 400 naming the field, and nothing
   * is stored). Answers the section as it now is.
   */
  async set(member: Pick<Member, 'id' | 'name'>, form: AvailabilityForm): Promise<MyAvailability> {
    const season = await seasonNow(this.deps);
    const dutyTypes = await this.deps.duties.listCatalogue('dutyTypes');
    const checked = checkAvailability(
      form,
      season,
      dutyTypes.map((type) => type.id),
    );
    if (!checked.ok) throw new ValidationError(Object.values(checked.errors).join('; '), checked.errors);
    await this.deps.availability.put({ memberId: member.id, seasonStart: season.start, ...checked.value, updatedAt: this.deps.clock.now().toISOString() });
    return this.view(member, season);
  }

  private async view(member: Pick<Member, 'id' | 'name'>, season: DutySeason): Promise<MyAvailability> {
    const [events, dutyTypes, ids] = await Promise.all([
      seasonEvents(this.deps.events, season),
      this.deps.duties.listCatalogue('dutyTypes'),
      householdMemberIds(this.deps.households, member.id),
    ]);
    const dates = new Map<string, { id: string; name: string }[]>();
    for (const event of events) {
      const date = londonDate(new Date(event.eventdatetime));
      dates.set(date, [...(dates.get(date) ?? []), { id: event.id, name: event.name }]);
    }
    const mine = await this.deps.availability.get(member.id, season.start);
    const others: HouseholdAvailability[] = [];
    for (const id of (ids ?? []).filter((other) => other !== member.id)) {
      const [who, marks] = await Promise.all([this.deps.members.get(id), this.deps.availability.get(id, season.start)]);
      if (who) others.push({ memberId: id, name: who.name, you: false, unavailable: marks?.unavailable ?? [], wishes: marks?.wishes ?? [] });
    }
    const own = { unavailable: mine?.unavailable ?? [], wishes: mine?.wishes ?? [] };
    return {
      season,
      dates: [...dates].map(([date, list]) => ({ date, events: list })),
      dutyTypes: dutyTypes.map(({ id, name }) => ({ id, name })),
      mine: { ...own, updatedAt: mine?.updatedAt ?? null },
      household:
        ids === null ? [] : [{ memberId: member.id, name: member.name, you: true, ...own }, ...others.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))],
    };
  }
}

export interface SeasonAvailabilityDeps {
  availability: Pick<AvailabilityRepository, 'listSeason'>;
  members: Pick<MemberRepository, 'list'>;
  membership: Pick<MembershipRepository, 'getSettings'>;
  clock: Clock;
}

/** Every member's marks for the season, for admins with duties:write and the rota solver (by member id). */
export class GetSeasonAvailability extends UseCase<SeasonAvailabilityDeps> {
  async execute(admin: Pick<Admin, 'permissions'>): Promise<SeasonAvailability> {
    requirePermission(admin, 'duties.write');
    const season = await seasonNow(this.deps);
    const [records, members] = await Promise.all([this.deps.availability.listSeason(season.start), this.deps.members.list()]);
    const names = new Map(members.map((m) => [m.id, m.name]));
    return {
      season,
      members: records.map(({ memberId, unavailable, wishes, updatedAt }) => ({ memberId, name: names.get(memberId) ?? '', unavailable, wishes, updatedAt })),
    };
  }
}

export interface MyDutyQuotaDeps {
  duties: Pick<DutyRepository, 'listMemberDuties'>;
  households: Pick<HouseholdRepository, 'membershipOf' | 'membersOf'>;
  membership: Pick<MembershipRepository, 'getSettings' | 'listCategories'>;
  clock: Clock;
}

/** The signed-in member's duty quota for the season: from their membership category, per household when it covers one. */
export class GetMyDutyQuota extends UseCase<MyDutyQuotaDeps> {
  async execute(member: Pick<Member, 'id' | 'membershipType'>): Promise<MyDutyQuota> {
    const season = await seasonNow(this.deps);
    const [categories, ids] = await Promise.all([this.deps.membership.listCategories(), householdMemberIds(this.deps.households, member.id)]);
    const category = categoryByMembershipType(categories)(member.membershipType);
    const counted = category?.coversHousehold && ids ? ids : [member.id];
    const duties = (await Promise.all(counted.map((id) => this.deps.duties.listMemberDuties(id)))).flat();
    const quota = dutyQuota({ category, memberId: member.id, householdMemberIds: ids, duties, season, today: londonDate(this.deps.clock.now()) });
    return { season, ...quota, category: category?.name ?? null };
  }
}

export interface SeasonRotaDeps {
  duties: Pick<DutyRepository, 'listCatalogue' | 'listSlotsOfEvents'>;
  events: Pick<EventRepository, 'list'>;
  members: Pick<MemberRepository, 'get'>;
  membership: Pick<MembershipRepository, 'getSettings'>;
  clock: Clock;
}

/** How the rota names a holder no longer on the member list (as the duties page does). */
const UNKNOWN_HOLDER = 'A member';

/**
 * The season's rota: every event of the season with a date and duty slots, not cancelled, soonest
 * first, past ones included; holders named for the reader (members: first name and last initial).
 */
export class GetSeasonRota extends UseCase<SeasonRotaDeps> {
  async execute(reader: RotaReader): Promise<SeasonRota> {
    const season = await seasonNow(this.deps);
    const events = await seasonEvents(this.deps.events, season);
    const [slots, dutyTypes] = await Promise.all([this.deps.duties.listSlotsOfEvents(events.map((e) => e.id)), this.deps.duties.listCatalogue('dutyTypes')]);
    const holderIds = [...new Set(slots.flatMap((slot) => slot.holders.map((h) => h.memberId)))];
    const names = new Map((await Promise.all(holderIds.map((id) => this.deps.members.get(id)))).flatMap((m) => (m ? [[m.id, m.name] as const] : [])));
    const typeName = new Map(dutyTypes.map((type) => [type.id, type.name]));
    return {
      season,
      events: events.flatMap((event) => {
        const own = slots.filter((slot) => slot.eventId === event.id);
        const window = dutyWindow(event);
        if (own.length === 0 || window === null) return [];
        return [
          {
            eventId: event.id,
            eventName: event.name,
            start: window.start,
            end: window.end,
            slots: own.map((slot) => ({
              slotId: slot.id,
              dutyTypeName: typeName.get(slot.dutyTypeId) ?? 'Duty',
              needed: slot.needed,
              optional: slot.optional,
              holders: slot.holders.map((h) => {
                const name = names.get(h.memberId);
                return name === undefined ? UNKNOWN_HOLDER : rotaHolderName(name, reader);
              }),
            })),
          },
        ];
      }),
    };
  }
}
