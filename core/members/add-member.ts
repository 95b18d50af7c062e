import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { recordChange, type AuditedRecord, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { acceptedForm, fieldsError } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import type { Member } from './member';
import { MEMBER_FORM_MESSAGES, MemberFormSchema, memberView, renewalDateText, validateMemberForm, type MemberView } from './member-form';
import type { MemberRepository } from './member-repository.port';

export const MEMBER_AUDIT_FIELDS = [
  'name',
  'email',
  'membershipType',
  'renewalDate',
  'phone',
  'emergencyContactName',
  'emergencyContactPhone',
  'disabled',
] as const;
export const AUDITED_MEMBER: AuditedRecord<Member> = { recordType: 'member', idOf: (member) => member.id, fields: MEMBER_AUDIT_FIELDS };

export interface AddMemberDeps extends AuditTrailDeps {
  members: MemberRepository;
}

/** Adds a member to the club's list (400 with a message per field; 400 on the e-mail when another member has it). */
export class AddMember extends UseCase<AddMemberDeps> {
  async execute(admin: Admin, form: unknown): Promise<MemberView> {
    const valid = acceptedForm(validateMemberForm(permittedInput(admin, 'members.write', MemberFormSchema, form)));
    const now = this.deps.clock.now();
    const member: Member = { id: this.deps.ids.next(), ...valid, disabled: false, createdAt: now.toISOString(), updatedAt: now.toISOString() };
    try {
      await this.deps.members.create(member);
    } catch (error) {
      if (error instanceof ConflictError) throw fieldsError({ email: MEMBER_FORM_MESSAGES.emailTaken });
      throw error;
    }
    await recordChange(this.deps, admin, AUDITED_MEMBER, {
      action: 'member.added',
      summary: `Added the member ${member.name} (${member.email}), ${member.membershipType}, renewal ${renewalDateText(member.renewalDate)}`,
      before: null,
      after: member,
    });
    return memberView(member, londonDate(now));
  }
}
