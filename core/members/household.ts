import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { londonDate } from '../shared/london-time';
import type { Member } from './member';

/**
 * A person a member books for (docs/members-households.md): a dependant of the member's
 * household, with no e-mail or sign-in of their own. The member (`memberId`) is the household's
 * contact and pays for them. "Junior" and "adult" are as the club's membership types say; the
 * child price (12 or under) is decided from the year of birth when one is given, not from the kind.
 */
export const HouseholdPersonSchema = z.object({
  id: z.string().min(1).max(200),
  /** The member whose household this is (the contact, who pays). */
  memberId: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['adult', 'junior']),
  /** Optional: a year from 1900 to this year. */
  yearOfBirth: z.number().int().min(1900).max(9999).nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type HouseholdPerson = z.infer<typeof HouseholdPersonSchema>;
export type HouseholdPersonKind = HouseholdPerson['kind'];

/** The most people one member's household may hold besides the member. */
export const MAX_HOUSEHOLD_PEOPLE = 12;
export const HOUSEHOLD_NAME_MAX = 100;

export const HOUSEHOLD_MESSAGES = {
  nameRequired: 'Enter the person’s name',
  nameTooLong: `The name must be at most ${HOUSEHOLD_NAME_MAX} characters`,
  kindInvalid: 'Choose adult or junior',
  yearInvalid: (thisYear: number) => `Year of birth must be a year from 1900 to ${thisYear}, or left empty`,
  full: `A household can hold at most ${MAX_HOUSEHOLD_PEOPLE} people besides the member`,
  notFound: 'This person is not in your household',
} as const;

/** What a member types to add or change a person; bounded only, validateHouseholdPerson gives the messages. */
export const HouseholdPersonFormSchema = z.object({
  name: z.string().max(1000).default(''),
  kind: z.string().max(20).default(''),
  /** Empty for none. */
  yearOfBirth: z.union([z.string().max(20), z.number()]).default(''),
});
export type HouseholdPersonForm = z.input<typeof HouseholdPersonFormSchema>;

export type HouseholdPersonFields = Pick<HouseholdPerson, 'name' | 'kind' | 'yearOfBirth'>;

/** The person's name, trimmed and with runs of white space made one space; or the refusal. */
export function validateHouseholdName(text: string): { ok: true; value: string } | { ok: false; error: string } {
  const name = text.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, error: HOUSEHOLD_MESSAGES.nameRequired };
  if (name.length > HOUSEHOLD_NAME_MAX) return { ok: false, error: HOUSEHOLD_MESSAGES.nameTooLong };
  return { ok: true, value: name };
}

/** Checks what a member typed for a person of their household; `thisYear` is London's current year. */
export function validateHouseholdPerson(
  form: z.output<typeof HouseholdPersonFormSchema>,
  thisYear: number,
): { ok: true; value: HouseholdPersonFields } | { ok: false; errors: Partial<Record<keyof HouseholdPersonFields, string>> } {
  const errors: Partial<Record<keyof HouseholdPersonFields, string>> = {};
  const name = validateHouseholdName(form.name);
  if (!name.ok) errors.name = name.error;
  const kind = form.kind.trim().toLowerCase();
  if (kind !== 'adult' && kind !== 'junior') errors.kind = HOUSEHOLD_MESSAGES.kindInvalid;
  let yearOfBirth: number | null = null;
  const yearText = String(form.yearOfBirth).trim();
  if (yearText !== '') {
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (!(year >= 1900 && year <= thisYear)) errors.yearOfBirth = HOUSEHOLD_MESSAGES.yearInvalid(thisYear);
    else yearOfBirth = year;
  }
  if (!name.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name: name.value, kind: kind as HouseholdPersonKind, yearOfBirth } };
}

/**
 * The messages of a person's form as a member types it (web) or sends it (server): the same schema
 * and rule, with this year as London has it at `now`. Empty when the form is fine.
 */
export function householdPersonFormErrors(form: HouseholdPersonForm, now: Date): Partial<Record<keyof HouseholdPersonFields, string>> {
  const parsed = HouseholdPersonFormSchema.safeParse(form);
  if (!parsed.success) return { name: HOUSEHOLD_MESSAGES.nameRequired };
  const checked = validateHouseholdPerson(parsed.data, Number(londonDate(now).slice(0, 4)));
  return checked.ok ? {} : checked.errors;
}

/**
 * A signed-in member's household as booking sees it: whom they may name as attendees (the
 * dependants, then the household's other members as memberAsAttendee makes them), which of those
 * are members, and which of the members have a membership current on the booking day.
 */
export interface BookingHousehold {
  attendable: readonly HouseholdPerson[];
  memberIds: ReadonlySet<string>;
  currentMemberIds: ReadonlySet<string>;
}

/**
 * Another member of the booking member's household as an attendee: named as the member list
 * has them, a junior when their membership type says so (no year of birth: a junior takes a
 * child's place), keyed by their member id.
 */
export function memberAsAttendee(member: Pick<Member, 'id' | 'name' | 'membershipType'>, at: string): HouseholdPerson {
  return {
    id: member.id,
    memberId: member.id,
    name: member.name.slice(0, HOUSEHOLD_NAME_MAX),
    kind: /junior/i.test(member.membershipType) ? 'junior' : 'adult',
    yearOfBirth: null,
    createdAt: at,
    updatedAt: at,
  };
}
