import { ConflictError, StaleWriteError, ValidationError } from '../core/shared/errors';
import { MemberSchema, memberEmailKey, type Member } from '../core/members/member';
import type { NewHousehold } from '../core/members/member-repository.port';
import { compareText } from './memory/compare-text';
import { validHouseholdMembership, validHouseholdPerson } from './stored-records';

/** What the member repositories say when refusing, the same in every adapter. */
export const MEMBER_MESSAGES = {
  uidTaken: 'A member with this id already exists',
  emailTaken: 'A member with this e-mail already exists',
  notFound: 'Member not found',
  changedMeanwhile: 'The member was changed meanwhile',
} as const;

/**
 * The compare-and-set of MemberRepository.update: refuses with StaleWriteError when the caller read
 * the member at another `updatedAt` than the stored one (compared as instants).
 */
export function checkExpectedUpdatedAt(storedUpdatedAt: string, expected: string | undefined): void {
  if (expected !== undefined && Date.parse(storedUpdatedAt) !== Date.parse(expected)) throw new StaleWriteError(MEMBER_MESSAGES.changedMeanwhile);
}

/** A member checked before it is stored: anything else is refused with a ValidationError. */
export function validMember(member: Member): Member {
  const parsed = MemberSchema.safeParse(member);
  if (!parsed.success) throw new ValidationError('Not a valid member');
  return parsed.data;
}

/** The list's order: by name, then by lower-cased e-mail, both as UTF-8 bytes (SQLite's BINARY order). */
export function byNameThenEmail(a: Member, b: Member): number {
  return compareText(a.name, b.name) || compareText(memberEmailKey(a.email), memberEmailKey(b.email)) || compareText(a.id, b.id);
}

/**
 * The members stored after an import of `incoming` into `stored` (each replaces the one with its
 * id, or is added), or a ConflictError when two would share an e-mail.
 */
export function membersAfterImport(stored: Iterable<Member>, incoming: readonly Member[]): Map<string, Member> {
  const after = new Map<string, Member>();
  for (const member of stored) after.set(member.id, member);
  for (const member of incoming) after.set(member.id, member);
  const seen = new Set<string>();
  for (const member of after.values()) {
    const key = memberEmailKey(member.email);
    if (seen.has(key)) throw new ConflictError(MEMBER_MESSAGES.emailTaken);
    seen.add(key);
  }
  return after;
}

/** What the member repositories say when a new household written with an import cannot be. */
export const NEW_HOUSEHOLD_TAKEN = 'The household, one of its members or one of its people is already stored';

/**
 * A new household checked before an import writes it (MemberRepository.importMembers): valid
 * places and people, all of one household, exactly one contact, each member once. ValidationError
 * otherwise, and nothing is stored.
 */
export function validNewHousehold(household: NewHousehold): NewHousehold {
  const members = household.members.map(validHouseholdMembership);
  const people = household.people.map(validHouseholdPerson);
  const householdId = members[0]?.householdId ?? people[0]?.memberId;
  const one = members.every((m) => m.householdId === householdId) && people.every((p) => p.memberId === householdId);
  const contacts = members.filter((m) => m.contact).length;
  const distinct = new Set(members.map((m) => m.memberId)).size === members.length && new Set(people.map((p) => p.id)).size === people.length;
  if (!one || (members.length > 0 && contacts !== 1) || !distinct) throw new ValidationError('Not a valid new household');
  return { members, people };
}
