import type { Member } from './member';

/** The club's member list (issue 35). */
export interface MemberRepository {
  /** The member with this id, or null. */
  get(id: string): Promise<Member | null>;
  /** The member with this e-mail (compared case-insensitively), or null. */
  getByEmail(email: string): Promise<Member | null>;
  /** Every member, ordered by name, then e-mail. */
  list(): Promise<Member[]>;
  /** Stores a new member. Throws ConflictError if the id or the e-mail exists. */
  create(member: Member): Promise<void>;
  /** Replaces a stored member. Throws NotFoundError if the id does not exist, ConflictError if another member has the e-mail. */
  update(member: Member): Promise<void>;
}
