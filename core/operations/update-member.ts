import type { Admin } from '../admins/admin';
import { permittedChange } from '../admins/admin-record';
import { recordChange, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { acceptedForm, fieldsError } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { AUDITED_MEMBER, MEMBER_AUDIT_FIELDS } from '../members/add-member';
import type { Member } from '../members/member';
import { MEMBER_FORM_MESSAGES, MemberChangesSchema, memberView, validateMemberForm, withDetails, type MemberView } from '../members/member-form';
import type { MemberRepository } from '../members/member-repository.port';
import { memberDutyRelease, type MemberDutyReleaseDeps } from '../duties/member-duty-release';

export interface UpdateMemberDeps extends AuditTrailDeps, MemberDutyReleaseDeps {
  members: MemberRepository;
}

/**
 * Changes a member's details (each field given is checked as the form checks it) or disables or
 * enables them. A disabled member's membership is not current and they cannot sign in, and their
 * duties still to come are released with the same write, the duty admins told in one e-mail each
 * (docs/duties.md#when-a-member-leaves). The same values again change nothing and write no audit entry.
 */
export class UpdateMember extends UseCase<UpdateMemberDeps> {
  async execute(admin: Admin, id: string, request: unknown): Promise<MemberView> {
    const { input: changes, record: before } = await permittedChange(
      admin,
      'members.write',
      { schema: MemberChangesSchema, request },
      () => this.deps.members.get(id),
      MEMBER_FORM_MESSAGES.notFound,
    );
    const valid = acceptedForm(
      validateMemberForm({
        name: changes.name ?? before.name,
        email: changes.email ?? before.email,
        membershipType: changes.membershipType ?? before.membershipType,
        renewalDate: changes.renewalDate ?? before.renewalDate,
        phone: changes.phone ?? before.phone ?? '',
        emergencyContactName: changes.emergencyContactName ?? before.emergencyContactName ?? '',
        emergencyContactPhone: changes.emergencyContactPhone ?? before.emergencyContactPhone ?? '',
      }),
    );
    const now = this.deps.clock.now();
    const after: Member = { ...withDetails(before, valid), disabled: changes.disabled ?? before.disabled, updatedAt: now.toISOString() };
    const changed = MEMBER_AUDIT_FIELDS.some((field) => after[field] !== before[field]);
    if (!changed) return memberView(before, londonDate(now));
    try {
      const leaving = after.disabled && !before.disabled;
      await this.deps.members.update(after, leaving ? { releaseDuties: await memberDutyRelease(this.deps, after, after.name, 'disabled', now) } : {});
    } catch (error) {
      if (error instanceof ConflictError) throw fieldsError({ email: MEMBER_FORM_MESSAGES.emailTaken });
      throw error;
    }
    const onlyAccess = MEMBER_AUDIT_FIELDS.every((field) => field === 'disabled' || after[field] === before[field]);
    const action = onlyAccess ? (after.disabled ? 'member.disabled' : 'member.enabled') : 'member.updated';
    const summary = onlyAccess
      ? `${after.disabled ? 'Disabled' : 'Enabled'} the member ${after.name} (${after.email})`
      : `Changed the member ${after.name} (${after.email})`;
    await recordChange(this.deps, admin, AUDITED_MEMBER, { action, summary, before, after });
    return memberView(after, londonDate(now));
  }
}
