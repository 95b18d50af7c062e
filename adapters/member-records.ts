import { ConflictError, StaleWriteError, ValidationError } from '../core/shared/errors';
import { MemberSchema, memberEmailKey, type Member } from '../core/members/member';
import { compareText } from './memory/compare-text';

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
