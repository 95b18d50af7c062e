import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { memberEmailKey, type Member } from '../../core/members/member';
import type { MemberRepository } from '../../core/members/member-repository.port';
import { byNameThenEmail, MEMBER_MESSAGES, membersAfterImport, validMember } from '../member-records';

/** The member list in memory (tests, and the contract's reference). */
export class MemoryMemberRepository implements MemberRepository {
  private members = new Map<string, Member>();

  async get(id: string): Promise<Member | null> {
    const member = this.members.get(id);
    return member ? structuredClone(member) : null;
  }

  async getByEmail(email: string): Promise<Member | null> {
    const member = this.findByEmail(email);
    return member ? structuredClone(member) : null;
  }

  async list(): Promise<Member[]> {
    return [...this.members.values()].sort(byNameThenEmail).map((member) => structuredClone(member));
  }

  async create(member: Member): Promise<void> {
    const valid = validMember(member);
    if (this.members.has(valid.id)) throw new ConflictError(MEMBER_MESSAGES.uidTaken);
    if (this.findByEmail(valid.email)) throw new ConflictError(MEMBER_MESSAGES.emailTaken);
    this.members.set(valid.id, structuredClone(valid));
  }

  async update(member: Member): Promise<void> {
    const valid = validMember(member);
    if (!this.members.has(valid.id)) throw new NotFoundError(MEMBER_MESSAGES.notFound);
    const sameEmail = this.findByEmail(valid.email);
    if (sameEmail && sameEmail.id !== valid.id) throw new ConflictError(MEMBER_MESSAGES.emailTaken);
    this.members.set(valid.id, structuredClone(valid));
  }

  async importMembers(members: readonly Member[]): Promise<void> {
    const valid = members.map(validMember);
    this.members = new Map([...membersAfterImport(this.members.values(), valid)].map(([id, member]) => [id, structuredClone(member)]));
  }

  private findByEmail(email: string): Member | undefined {
    const key = memberEmailKey(email);
    return [...this.members.values()].find((member) => memberEmailKey(member.email) === key);
  }
}
