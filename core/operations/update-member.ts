import type { Admin } from '../admins/admin';
import { permittedChange } from '../admins/admin-record';
import { recordChange, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError, StaleWriteError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { acceptedForm, fieldsError } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { AUDITED_MEMBER, MEMBER_AUDIT_FIELDS } from '../members/add-member';
import { nextUpdatedAt, type Member } from '../members/member';
import { writeOnLatest } from '../members/member-writes';
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
    const now = this.deps.clock.now();
    // The changes given are applied to the member as stored: a renewal paid since the admin's read stays.
    const written = await writeOnLatest(this.deps.members, before, MEMBER_FORM_MESSAGES.notFound, async (current) => {
      const valid = acceptedForm(
        validateMemberForm({
          name: changes.name ?? current.name,
          email: changes.email ?? current.email,
          membershipType: changes.membershipType ?? current.membershipType,
          renewalDate: changes.renewalDate ?? current.renewalDate,
          phone: changes.phone ?? current.phone ?? '',
          emergencyContactName: changes.emergencyContactName ?? current.emergencyContactName ?? '',
          emergencyContactPhone: changes.emergencyContactPhone ?? current.emergencyContactPhone ?? '',
        }),
      );
      const after: Member = { ...withDetails(current, valid), disabled: changes.disabled ?? current.disabled, updatedAt: nextUpdatedAt(current, now) };
      if (!MEMBER_AUDIT_FIELDS.some((field) => after[field] !== current[field])) return { current, after: null };
      try {
        const leaving = after.disabled && !current.disabled;
        await this.deps.members.update(after, {
          expectedUpdatedAt: current.updatedAt,
          ...(leaving ? { releaseDuties: await memberDutyRelease(this.deps, after, after.name, 'disabled', now) } : {}),
        });
      } catch (error) {
        if (error instanceof ConflictError && !(error instanceof StaleWriteError)) throw fieldsError({ email: MEMBER_FORM_MESSAGES.emailTaken });
        throw error;
      }
      return { current, after };
    });
    const { current, after } = written;
    if (!after) return memberView(current, londonDate(now));
    const onlyAccess = MEMBER_AUDIT_FIELDS.every((field) => field === 'disabled' || after[field] === current[field]);
    const action = onlyAccess ? (after.disabled ? 'member.disabled' : 'member.enabled') : 'member.updated';
    const summary = onlyAccess
      ? `${after.disabled ? 'Disabled' : 'Enabled'} the member ${after.name} (${after.email})`
      : `Changed the member ${after.name} (${after.email})`;
    await recordChange(this.deps, admin, AUDITED_MEMBER, { action, summary, before: current, after });
    return memberView(after, londonDate(now));
  }
}
