import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { londonDate } from '../shared/london-time';
import { IdSchema, type DutyAssignment } from '../duty-rosters/duty-roster';
import { figuresYear, figuresYearOf } from '../membership/membership-figures';
import type { MembershipCategory } from '../membership/membership-category';
import type { MembershipSettings } from '../membership/membership-settings';
import type { MembershipYear } from '../membership/membership-year';
import { rotaName } from './duty-rota';

/**
 * Members' availability, duty wishes and quotas for a season (docs/duties.md, "Availability,
 * wishes and quotas"). Plain types over plain values: the rota solver takes them as they are.
 */

/** The season duties are planned for: the membership year, first and last London dates ('yyyy-MM-dd'), both included. */
export type DutySeason = MembershipYear;

/**
 * The season containing a London date: the membership year on a fixed year (1 April to 31 March by
 * default); on rolling years, where each membership runs its own twelve months and no year is the
 * club's, the calendar year (as the membership figures count them).
 */
export function dutySeason(year: MembershipSettings['year'], date: string): DutySeason {
  return figuresYear(year, figuresYearOf(year, date));
}

/** The season containing an instant: that of its London date. */
export function dutySeasonAt(year: MembershipSettings['year'], instant: Date): DutySeason {
  return dutySeason(year, londonDate(instant));
}

/** Whether a London date falls within the season (its first and last days included). */
export function inSeason(season: DutySeason, date: string): boolean {
  return season.start <= date && date <= season.end;
}

/** What a member says of a kind of duty: they prefer it, or would rather not do it. */
export const DUTY_WISHES = ['prefer', 'rather-not'] as const;
export type DutyWish = (typeof DUTY_WISHES)[number];

/** One wish: a duty type and what the member says of it. */
export const DutyTypeWishSchema = z.object({ dutyTypeId: IdSchema, wish: z.enum(DUTY_WISHES) });
export type DutyTypeWish = z.infer<typeof DutyTypeWishSchema>;

/** The most dates a member may mark (every day of a leap year) and the most wishes (one per duty type). */
export const MAX_UNAVAILABLE_DATES = 366;
export const MAX_DUTY_WISHES = 200;

/**
 * A member's availability and wishes for one season, as stored. `unavailable`: the London dates of
 * the season they cannot do a duty, ascending, each once. `wishes`: at most one per duty type,
 * ordered by duty type id; a duty type without a wish is neither preferred nor avoided.
 */
export const MemberAvailabilitySchema = z.object({
  memberId: z.string().min(1).max(200),
  /** The first day of the season this is for (DutySeason.start). */
  seasonStart: z.iso.date(),
  unavailable: z.array(z.iso.date()).max(MAX_UNAVAILABLE_DATES),
  wishes: z.array(DutyTypeWishSchema).max(MAX_DUTY_WISHES),
  updatedAt: InstantSchema,
});
export type MemberAvailability = z.infer<typeof MemberAvailabilitySchema>;

export const AVAILABILITY_MESSAGES = {
  dateInvalid: 'Give dates as YYYY-MM-DD',
  outsideSeason: (season: DutySeason) => `Choose dates within this season, ${season.start} to ${season.end}`,
  unknownDutyType: 'Choose duty types from the list',
  twoWishes: 'Give one wish per duty type',
} as const;

/** What a member sends for their availability: bounded only; `checkAvailability` gives the messages. */
export const AvailabilityFormSchema = z
  .object({
    unavailable: z.array(z.string().max(40)).max(MAX_UNAVAILABLE_DATES),
    wishes: z.array(z.object({ dutyTypeId: z.string().max(64), wish: z.enum(DUTY_WISHES) }).strict()).max(MAX_DUTY_WISHES),
  })
  .strict();
export type AvailabilityForm = z.infer<typeof AvailabilityFormSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Whether a text is a real date 'yyyy-MM-dd' (no 30 February, no month 13: those parse to another day or to none). */
function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(text);
}

/**
 * Checks what a member sent against the season and the duty catalogue: every date a real London
 * date within the season, every wish for a duty type of the catalogue, one wish per type. Dates
 * come back sorted and each once, wishes by duty type id; or the messages, by field.
 */
export function checkAvailability(
  form: AvailabilityForm,
  season: DutySeason,
  dutyTypeIds: readonly string[],
): { ok: true; value: Pick<MemberAvailability, 'unavailable' | 'wishes'> } | { ok: false; errors: { unavailable?: string; wishes?: string } } {
  const errors: { unavailable?: string; wishes?: string } = {};
  if (form.unavailable.some((date) => !isCalendarDate(date))) errors.unavailable = AVAILABILITY_MESSAGES.dateInvalid;
  else if (form.unavailable.some((date) => !inSeason(season, date))) errors.unavailable = AVAILABILITY_MESSAGES.outsideSeason(season);
  const known = new Set(dutyTypeIds);
  if (form.wishes.some((wish) => !known.has(wish.dutyTypeId))) errors.wishes = AVAILABILITY_MESSAGES.unknownDutyType;
  else if (new Set(form.wishes.map((wish) => wish.dutyTypeId)).size !== form.wishes.length) errors.wishes = AVAILABILITY_MESSAGES.twoWishes;
  if (errors.unavailable !== undefined || errors.wishes !== undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      unavailable: [...new Set(form.unavailable)].sort(),
      wishes: [...form.wishes].sort((a, b) => (a.dutyTypeId < b.dutyTypeId ? -1 : a.dutyTypeId > b.dutyTypeId ? 1 : 0)),
    },
  };
}

/**
 * A quota's count for a season: how many duties are expected, how many were done (held on a London
 * date of the season before today) and how many are pledged (held on today or a later date of it).
 * `scope` says whose: the household's when the member's category covers a household and they are in
 * one (every member of the household counts), else the member's own.
 */
export interface DutyQuota {
  scope: 'household' | 'member';
  expected: number;
  done: number;
  pledged: number;
}

/** What the quota rule reads. */
export interface DutyQuotaInput {
  /** The member's membership category (by their membership type), or null when none is named so: nothing expected. */
  category: Pick<MembershipCategory, 'dutiesPerSeason' | 'coversHousehold'> | null;
  memberId: string;
  /** The ids of every member of the member's household (themselves included), or null when they are in none. */
  householdMemberIds: readonly string[] | null;
  /** Duties held, by anyone: only those of the members in scope, on a date of the season, count. */
  duties: readonly Pick<DutyAssignment, 'memberId' | 'window'>[];
  season: DutySeason;
  /** Today's London date. */
  today: string;
}

/**
 * The member's duty quota for the season (decisions: quotas come from the membership category,
 * per household when the category covers one). A duty counts on the London date it starts.
 */
export function dutyQuota(input: DutyQuotaInput): DutyQuota {
  const household = input.category?.coversHousehold === true && input.householdMemberIds !== null;
  const members = new Set(household ? [...input.householdMemberIds!, input.memberId] : [input.memberId]);
  let done = 0;
  let pledged = 0;
  for (const duty of input.duties) {
    if (!members.has(duty.memberId)) continue;
    const day = londonDate(new Date(duty.window.start));
    if (!inSeason(input.season, day)) continue;
    if (day < input.today) done += 1;
    else pledged += 1;
  }
  return { scope: household ? 'household' : 'member', expected: input.category?.dutiesPerSeason ?? 0, done, pledged };
}

/** Who reads a rota: members see holders by first name and last initial, admins by full name (decisions). */
export type RotaReader = 'member' | 'admin';

/** How a rota names a holder for its reader: "Ann H." for members, "Ann Helm" for admins. */
export function rotaHolderName(fullName: string, reader: RotaReader): string {
  return reader === 'admin' ? fullName : rotaName(fullName);
}
