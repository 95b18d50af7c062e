import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { memberEmailKey, type Member } from '../../core/members/member';
import type { MemberRepository } from '../../core/members/member-repository.port';
import { compareText } from './compare-text';

export class MemoryMemberRepository implements MemberRepository {
  private readonly members = new Map<string, Member>();

  async get(id: string): Promise<Member | null> {
    const member = this.members.get(id);
    return member ? structuredClone(member) : null;
  }

  async getByEmail(email: string): Promise<Member | null> {
    const member = this.findByEmail(email);
    return member ? structuredClone(member) : null;
  }

  async list(): Promise<Member[]> {
    return [...this.members.values()]
      .sort((a, b) => compareText(a.name, b.name) || compareText(memberEmailKey(a.email), memberEmailKey(b.email)))
      .map((member) => structuredClone(member));
  }

  async create(member: Member): Promise<void> {
    if (this.members.has(member.id)) throw new ConflictError('A member with this id already exists');
    if (this.findByEmail(member.email)) throw new ConflictError('A member with this e-mail already exists');
    this.members.set(member.id, structuredClone(member));
  }

  async update(member: Member): Promise<void> {
    if (!this.members.has(member.id)) throw new NotFoundError('Member not found');
    const sameEmail = this.findByEmail(member.email);
    if (sameEmail && sameEmail.id !== member.id) throw new ConflictError('A member with this e-mail already exists');
    this.members.set(member.id, structuredClone(member));
  }

  private findByEmail(email: string): Member | undefined {
    const key = memberEmailKey(email);
    return [...this.members.values()].find((member) => memberEmailKey(member.email) === key);
  }
}
