import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { UseCase } from '../shared/use-case';
import type { MemberImportPreview } from './member-import';
import { checkMemberCsv, type MemberImportDeps } from './member-import-check';

/** Checks a CSV file of members and says what importing it would do (every bad line named), storing nothing. */
export class PreviewMemberImport extends UseCase<MemberImportDeps> {
  async execute(admin: Admin, csv: string | Uint8Array): Promise<MemberImportPreview> {
    requirePermission(admin, 'members.write');
    const decision = await checkMemberCsv(this.deps, csv);
    return decision.ok ? { ok: true, plan: decision.plan } : { ok: false, problems: decision.problems };
  }
}
