import { permittedInput } from '../admins/admin-record';
import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { csvCell } from '../shared/csv';
import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { HouseholdRepository } from '../members/household-repository.port';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { Clock } from '../shared/clock.port';
import { ValidationError } from '../shared/errors';
import { InstantSchema } from '../shared/instant';
import { addDaysToDate, daysBetweenDates, londonDate, londonMidnight, londonWallClock } from '../shared/london-time';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { dutyWindow, staffingLight, windowsOverlap, type StaffedSlot } from './duties';
import { type DutyAssignment } from '../duty-rosters/duty-roster';
import type { DutyRepository } from './duty-repository.port';
import { StaffingLightSchema } from './duty-forms';

/**
 * The admins' duty reports (docs/duties.md): the roster of a London day (every event of it, printable),
 * the season count per member and per household, and the CSV export of a date range.
 */

/** The longest date range a count or an export covers: five years. */
export const MAX_REPORT_DAYS = 5 * 366;
export const REPORT_MESSAGES = {
  notADate: 'Give a date as YYYY-MM-DD',
  endBeforeStart: 'The end date must be on or after the start date',
  tooLong: 'Choose a range of at most five years',
} as const;

const DateSchema = z.iso.date({ error: REPORT_MESSAGES.notADate });

export const DayParamsSchema = z.object({ date: DateSchema });

/** A date range, both days included; either left out: the current calendar year's first or last day (London). */
export const DateRangeQuerySchema = z.object({ from: DateSchema.optional(), to: DateSchema.optional() }).strict();
export type DateRangeQuery = z.infer<typeof DateRangeQuerySchema>;

/** The range a query asks for, the current London year filling what it leaves out; or why it is refused. */
export function reportRange(
  query: DateRangeQuery,
  today: string,
): { from: string; to: string } | { error: keyof typeof REPORT_MESSAGES; field: 'from' | 'to' } {
  const year = today.slice(0, 4);
  const from = query.from ?? `${year}-01-01`;
  const to = query.to ?? `${year}-12-31`;
  if (to < from) return { error: 'endBeforeStart', field: 'to' };
  if (daysBetweenDates(from, to) > MAX_REPORT_DAYS) return { error: 'tooLong', field: 'to' };
  return { from, to };
}

/** Whether an event belongs to a date range: the London date of its start falls in it (both days included). */
export function startsInRange(event: Pick<ClubEvent, 'eventdatetime'>, from: string, to: string): boolean {
  if (event.eventdatetime === null) return false;
  const day = londonDate(new Date(event.eventdatetime));
  return from <= day && day <= to;
}

/** Whether an event is on a London day: its duty time (dutyWindow) shares a moment with that day. */
export function isOnDay(event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>, date: string): boolean {
  const window = dutyWindow(event);
  return window !== null && windowsOverlap(window, { start: londonMidnight(date).toISOString(), end: londonMidnight(addDaysToDate(date, 1)).toISOString() });
}

export const MemberDutyCountSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Duties held in the range. */
  duties: z.number().int().min(0),
  /** Of those, the ones not over yet. */
  upcoming: z.number().int().min(0),
});
export type MemberDutyCount = z.infer<typeof MemberDutyCountSchema>;

export const HouseholdDutyCountSchema = z.object({
  /** The household's contact member. */
  memberId: z.string(),
  name: z.string(),
  /** Its people: the members and their dependants. */
  people: z.number().int().min(1),
  duties: z.number().int().min(0),
  upcoming: z.number().int().min(0),
});
export type HouseholdDutyCount = z.infer<typeof HouseholdDutyCountSchema>;

/**
 * The season count per member: every member with a duty in the range, and every member not
 * disabled (so those with none show as 0), by name as the member list orders them. A duty of a
 * member no longer on the list is not counted.
 */
export function memberDutyCounts(members: readonly Member[], duties: readonly Pick<DutyAssignment, 'memberId' | 'window'>[], now: Date): MemberDutyCount[] {
  const counts = new Map<string, { duties: number; upcoming: number }>();
  for (const duty of duties) {
    const count = counts.get(duty.memberId) ?? { duties: 0, upcoming: 0 };
    count.duties += 1;
    if (Date.parse(duty.window.end) > now.getTime()) count.upcoming += 1;
    counts.set(duty.memberId, count);
  }
  return members
    .filter((member) => !member.disabled || counts.has(member.id))
    .map((member) => ({ memberId: member.id, name: member.name, email: member.email, ...(counts.get(member.id) ?? { duties: 0, upcoming: 0 }) }));
}

/** A member's household as the season count needs it: its id, whether they are its contact, and its people (members and dependants). */
export interface DutyHouseholdPlace {
  householdId: string;
  contact: boolean;
  people: number;
}

/**
 * The season count per household: a household is its members (one the contact) with their
 * dependants, who hold no duties of their own, so it counts all its members' duties and all its
 * people; `places` gives each member's household (a member in none is a household of one). One
 * row per household, named after its contact (or, should the contact have no row, its first
 * member counted), in the order of the members' rows.
 */
export function householdDutyCounts(counts: readonly MemberDutyCount[], places: ReadonlyMap<string, DutyHouseholdPlace>): HouseholdDutyCount[] {
  const rows = new Map<string, HouseholdDutyCount>();
  for (const count of counts) {
    const place = places.get(count.memberId);
    const key = place ? `household:${place.householdId}` : `member:${count.memberId}`;
    const row = rows.get(key);
    if (!row) {
      rows.set(key, { memberId: count.memberId, name: count.name, people: place?.people ?? 1, duties: count.duties, upcoming: count.upcoming });
      continue;
    }
    row.duties += count.duties;
    row.upcoming += count.upcoming;
    if (place?.contact) Object.assign(row, { memberId: count.memberId, name: count.name });
  }
  return [...rows.values()];
}

export const DUTY_CSV_HEADER = ['Event', 'Date', 'Duty', 'Member', 'Email'] as const;

export interface DutyLine {
  event: Pick<ClubEvent, 'name' | 'eventdatetime'>;
  dutyName: string;
  member: Pick<Member, 'name' | 'email'> | null;
}

/** The CSV export: a line per duty held, in the order given (by event, then slot, then holder); formula-safe (csvCell). */
export function dutiesCsv(lines: readonly DutyLine[]): string {
  const out = [DUTY_CSV_HEADER.map(csvCell).join(',')];
  for (const line of lines) {
    const when = line.event.eventdatetime === null ? '' : londonWallClock(new Date(line.event.eventdatetime)).replace('T', ' ');
    out.push([line.event.name, when, line.dutyName, line.member?.name ?? '(no longer a member)', line.member?.email ?? ''].map(csvCell).join(','));
  }
  return `${out.join('\r\n')}\r\n`;
}

const RosterHolderSchema = z.object({ memberId: z.string(), name: z.string() });
export const DayRosterSchema = z.object({
  date: z.iso.date(),
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      eventdatetime: InstantSchema,
      eventenddatetime: InstantSchema.nullable(),
      cancelled: z.boolean(),
      light: StaffingLightSchema.nullable(),
      slots: z.array(
        z.object({ id: z.string(), dutyTypeName: z.string(), needed: z.number().int(), optional: z.boolean(), holders: z.array(RosterHolderSchema) }),
      ),
    }),
  ),
});
export type DayRoster = z.infer<typeof DayRosterSchema>;

export const DutyCountsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  members: z.array(MemberDutyCountSchema),
  households: z.array(HouseholdDutyCountSchema),
});
export type DutyCounts = z.infer<typeof DutyCountsSchema>;

export interface DutyReportsDeps {
  duties: Pick<DutyRepository, 'listSlotsOfEvents' | 'listCatalogue'>;
  events: Pick<EventRepository, 'listNotOverBefore'>;
  members: Pick<MemberRepository, 'list'>;
  households: Pick<HouseholdRepository, 'listForMember' | 'membershipOf' | 'membersOf'>;
  clock: Clock;
}

export class DutyReports extends UseCase<DutyReportsDeps> {
  /** Every event on a London day (by start, cancelled ones marked) with its slots and who holds them. */
  async day(admin: Admin, params: unknown): Promise<DayRoster> {
    const { date } = permittedInput(admin, 'duties.read', DayParamsSchema, params, 'params');
    const events = (await this.deps.events.listNotOverBefore(londonMidnight(date))).filter((event) => isOnDay(event, date));
    const [slots, dutyTypes, members] = await Promise.all([
      this.deps.duties.listSlotsOfEvents(events.map((e) => e.id)),
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.members.list(),
    ]);
    const dutyName = (id: string) => dutyTypes.find((type) => type.id === id)?.name ?? '(deleted duty type)';
    const memberName = (id: string) => members.find((m) => m.id === id)?.name ?? '(no longer a member)';
    return {
      date,
      events: byStart(events).map((event) => {
        const own = slots.filter((slot) => slot.eventId === event.id);
        return {
          id: event.id,
          name: event.name,
          eventdatetime: event.eventdatetime!,
          eventenddatetime: event.eventenddatetime,
          cancelled: event.cancelledAt !== null,
          light: staffingLight(own),
          slots: own.map((slot) => ({
            id: slot.id,
            dutyTypeName: dutyName(slot.dutyTypeId),
            needed: slot.needed,
            optional: slot.optional,
            holders: slot.holders.map((h) => ({ memberId: h.memberId, name: memberName(h.memberId) })),
          })),
        };
      }),
    };
  }

  /** The season count: duties held at events starting in the range, per member and per household. */
  async counts(admin: Admin, query: unknown): Promise<DutyCounts> {
    requirePermission(admin, 'duties.read');
    const { from, to, slots } = await this.inRange(query);
    const members = await this.deps.members.list();
    const perMember = memberDutyCounts(
      members,
      slots.flatMap((slot) => slot.holders),
      this.deps.clock.now(),
    );
    const places = new Map<string, DutyHouseholdPlace>();
    const people = new Map<string, Promise<number>>();
    for (const row of perMember) {
      const membership = await this.deps.households.membershipOf(row.memberId);
      if (!membership) continue;
      const id = membership.householdId;
      // Each household read once: its members and dependants.
      if (!people.has(id))
        people.set(
          id,
          Promise.all([this.deps.households.membersOf(id), this.deps.households.listForMember(id)]).then(([m, d]) => m.length + d.length),
        );
      places.set(row.memberId, { householdId: id, contact: membership.contact, people: await people.get(id)! });
    }
    return { from, to, members: perMember, households: householdDutyCounts(perMember, places) };
  }

  /** The CSV export of the duties held at events starting in the range. */
  async csv(admin: Admin, query: unknown): Promise<{ fileName: string; csv: string }> {
    requirePermission(admin, 'duties.read');
    const { from, to, events, slots } = await this.inRange(query);
    const [dutyTypes, members] = await Promise.all([this.deps.duties.listCatalogue('dutyTypes'), this.deps.members.list()]);
    const lines: DutyLine[] = byStart(events).flatMap((event) =>
      slots
        .filter((slot) => slot.eventId === event.id)
        .flatMap((slot) =>
          slot.holders.map((h) => ({
            event,
            dutyName: dutyTypes.find((type) => type.id === slot.dutyTypeId)?.name ?? '(deleted duty type)',
            member: members.find((m) => m.id === h.memberId) ?? null,
          })),
        ),
    );
    return { fileName: `duties_${from}_${to}.csv`, csv: dutiesCsv(lines) };
  }

  private async inRange(query: unknown): Promise<{ from: string; to: string; events: ClubEvent[]; slots: StaffedSlot[] }> {
    const range = reportRange(parseInput(DateRangeQuerySchema, query, 'query'), londonDate(this.deps.clock.now()));
    if ('error' in range) {
      const message = REPORT_MESSAGES[range.error];
      throw new ValidationError(message, { [range.field]: message });
    }
    const events = (await this.deps.events.listNotOverBefore(londonMidnight(range.from))).filter((event) => startsInRange(event, range.from, range.to));
    return { ...range, events, slots: await this.deps.duties.listSlotsOfEvents(events.map((e) => e.id)) };
  }
}

function byStart<E extends Pick<ClubEvent, 'id' | 'eventdatetime'>>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => Date.parse(a.eventdatetime ?? '') - Date.parse(b.eventdatetime ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
