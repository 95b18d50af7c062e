import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { memberEmailKey, type Member } from '../../core/members/member';
import type { MemberImportExtras, MemberRepository, MemberUpdateExtras } from '../../core/members/member-repository.port';
import { MemoryHouseholdRepository } from './memory-household-repository';
import { MemoryDutyRepository } from './memory-duty-repository';
import { MemoryOutbox } from './memory-outbox';
import { copyOrNull } from './memory-records';
import { byNameThenEmail, checkExpectedUpdatedAt, MEMBER_MESSAGES, membersAfterImport, validMember, validNewHousehold } from '../member-records';

/** The member list in memory (tests, and the contract's reference). */
export class MemoryMemberRepository implements MemberRepository {
  private members = new Map<string, Member>();
  private readonly duties: MemoryDutyRepository;
  private readonly outbox: MemoryOutbox;
  private readonly households: MemoryHouseholdRepository;

  /**
   * `duties`, `outbox` and `households`: the same store's, where a leaving member's duties are
   * released, the e-mails about them go and a new household imported with its members is written.
   */
  constructor(options: { duties?: MemoryDutyRepository; outbox?: MemoryOutbox; households?: MemoryHouseholdRepository } = {}) {
    this.duties = options.duties ?? new MemoryDutyRepository();
    this.outbox = options.outbox ?? new MemoryOutbox();
    this.households = options.households ?? new MemoryHouseholdRepository();
    this.duties.listedMembers((id) => this.members.get(id) ?? null);
  }

  async get(id: string): Promise<Member | null> {
    return copyOrNull(this.members.get(id));
  }

  async getByEmail(email: string): Promise<Member | null> {
    return copyOrNull(this.findByEmail(email));
  }

  async getMany(ids: readonly string[]): Promise<Member[]> {
    return [...new Set(ids)].flatMap((id) => {
      const member = this.members.get(id);
      return member ? [structuredClone(member)] : [];
    });
  }

  async getManyByEmail(emails: readonly string[]): Promise<Member[]> {
    const keys = new Set(emails.map(memberEmailKey));
    return [...this.members.values()].filter((member) => keys.has(memberEmailKey(member.email))).map((member) => structuredClone(member));
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

  async update(member: Member, also: MemberUpdateExtras = {}): Promise<void> {
    const valid = validMember(member);
    const stored = this.members.get(valid.id);
    if (!stored) throw new NotFoundError(MEMBER_MESSAGES.notFound);
    checkExpectedUpdatedAt(stored.updatedAt, also.expectedUpdatedAt);
    const sameEmail = this.findByEmail(valid.email);
    if (sameEmail && sameEmail.id !== valid.id) throw new ConflictError(MEMBER_MESSAGES.emailTaken);
    // Everything checked before anything is written: all or nothing.
    const release = also.releaseDuties ? this.duties.prepareMemberRelease(valid.id, also.releaseDuties.from) : null;
    const mail = [...(release && also.releaseDuties ? also.releaseDuties.mail(release.released) : []), ...(also.mail ?? [])];
    this.outbox.checkNew(mail);
    this.members.set(valid.id, structuredClone(valid));
    release?.write();
    this.outbox.addNow(mail);
  }

  async importMembers(members: readonly Member[], also: MemberImportExtras = {}): Promise<void> {
    const valid = members.map(validMember);
    const household = also.household ? validNewHousehold(also.household) : null;
    const after = membersAfterImport(this.members.values(), valid);
    // Checked before anything is written; no await between the writes: all or nothing.
    if (household) this.households.checkNewHousehold(household);
    this.members = new Map([...after].map(([id, member]) => [id, structuredClone(member)]));
    if (household) this.households.addNewHousehold(household);
  }

  private findByEmail(email: string): Member | undefined {
    const key = memberEmailKey(email);
    return [...this.members.values()].find((member) => memberEmailKey(member.email) === key);
  }
}
