import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { MemberRepository } from '../members/member-repository.port';
import { NotFoundError, ValidationError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { readCsvUpload } from '../water-levels/water-level-csv';
import { importRefusal } from '../water-levels/water-levels';
import type { MemberQualification } from './duties';
import { MemberQualificationFormSchema, type MemberQualificationsView } from './duty-forms';
import type { DutyRepository } from './duty-repository.port';
import {
  decideQualificationImport,
  MAX_QUALIFICATION_CSV_BYTES,
  QUALIFICATION_CSV_TOO_LARGE,
  type QualificationImportDecision,
  type QualificationImportPreview,
} from './member-qualification-import';

export interface ManageMemberQualificationsDeps extends AuditTrailDeps {
  duties: DutyRepository;
  members: MemberRepository;
}

/**
 * Members' qualifications as admins with duties:write record them: one at a time, or a CSV file
 * previewed (every bad line named) and imported all or nothing, as the water-level import.
 */
export class ManageMemberQualifications extends UseCase<ManageMemberQualificationsDeps> {
  async list(admin: Admin): Promise<MemberQualificationsView> {
    requirePermission(admin, 'duties.read');
    const [members, qualifications, held] = await Promise.all([
      this.deps.members.list(),
      this.deps.duties.listCatalogue('qualifications'),
      this.deps.duties.listMemberQualifications(),
    ]);
    return {
      qualifications,
      members: members.map((member) => ({
        id: member.id,
        name: member.name,
        email: member.email,
        qualifications: held.filter((q) => q.memberId === member.id).map(({ qualificationId, expiresOn }) => ({ qualificationId, expiresOn })),
      })),
    };
  }

  async set(admin: Admin, memberId: string, qualificationId: string, form: unknown): Promise<MemberQualification> {
    const { expiresOn } = permittedInput(admin, 'duties.write', MemberQualificationFormSchema, form);
    const member = await this.deps.members.get(memberId);
    if (!member) throw new NotFoundError('Member not found');
    const qualification = (await this.deps.duties.listCatalogue('qualifications')).find((q) => q.id === qualificationId);
    if (!qualification) throw new NotFoundError('No such qualification');
    if (expiresOn === null && qualification.validityMonths !== null)
      throw new ValidationError(`${qualification.name} expires: give its expiry date`, { expiresOn: `${qualification.name} expires: give its expiry date` });
    const before = (await this.deps.duties.listMemberQualifications(memberId)).find((q) => q.qualificationId === qualificationId) ?? null;
    const record = { memberId, qualificationId, expiresOn };
    await this.deps.duties.putMemberQualifications([record]);
    await recordAdminAction(this.deps, admin, {
      action: 'duty.qualification-recorded',
      recordType: 'duty',
      recordId: `${memberId}:${qualificationId}`,
      summary: `Recorded ${qualification.name} for ${member.name}${expiresOn ? `, expiring ${expiresOn}` : ''}`,
      before: { expiresOn: before?.expiresOn ?? null, held: before !== null },
      after: { expiresOn, held: true },
    });
    return record;
  }

  async remove(admin: Admin, memberId: string, qualificationId: string): Promise<void> {
    requirePermission(admin, 'duties.write');
    if (!(await this.deps.duties.deleteMemberQualification(memberId, qualificationId))) throw new NotFoundError('This member does not hold this qualification');
    await recordAdminAction(this.deps, admin, {
      action: 'duty.qualification-removed',
      recordType: 'duty',
      recordId: `${memberId}:${qualificationId}`,
      summary: 'Removed a member’s qualification',
      before: { held: true },
      after: { held: false },
    });
  }

  async preview(admin: Admin, csv: string | Uint8Array): Promise<QualificationImportPreview> {
    requirePermission(admin, 'duties.write');
    const decision = await this.check(csv);
    return decision.ok ? { ok: true, add: decision.add, replace: decision.replace, unchanged: decision.unchanged } : { ok: false, problems: decision.problems };
  }

  async import(admin: Admin, csv: string | Uint8Array): Promise<{ imported: number; added: number; replaced: number; unchanged: number }> {
    requirePermission(admin, 'duties.write');
    const decision = await this.check(csv);
    if (!decision.ok) throw importRefusal(decision.problems);
    await this.deps.duties.putMemberQualifications(decision.records);
    await recordAdminAction(this.deps, admin, {
      action: 'duty.qualifications-imported',
      recordType: 'duty',
      recordId: 'member-qualifications',
      summary: `Imported ${decision.records.length} members’ qualifications: ${decision.add} added, ${decision.replace} replaced, ${decision.unchanged} unchanged`,
      before: { added: null, replaced: null },
      after: { added: decision.add, replaced: decision.replace },
    });
    return { imported: decision.records.length, added: decision.add, replaced: decision.replace, unchanged: decision.unchanged };
  }

  private async check(file: string | Uint8Array): Promise<QualificationImportDecision> {
    const read = readCsvUpload(file, MAX_QUALIFICATION_CSV_BYTES, QUALIFICATION_CSV_TOO_LARGE);
    if (read.problems.length > 0) return { ok: false, problems: read.problems };
    const [members, qualifications, stored] = await Promise.all([
      this.deps.members.list(),
      this.deps.duties.listCatalogue('qualifications'),
      this.deps.duties.listMemberQualifications(),
    ]);
    return decideQualificationImport(read.rows, members, qualifications, stored);
  }
}
