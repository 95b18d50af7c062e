import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { importRefusal } from '../water-levels/water-levels';
import { memberEmailKey, type Member } from './member';
import { detailsOf, hasDetails, type MemberImportResult } from './member-import';
import { withDetails } from './member-form';
import { checkMemberCsv, type MemberImportDeps } from './member-import-check';

export type ImportMembersDeps = MemberImportDeps & AuditTrailDeps;

export const MEMBER_LIST_CHANGED_MESSAGE =
  'The member list changed while the file was being imported. Nothing was imported: check the file again and import it.';

/**
 * Imports the club's membership export, checked again here whatever the preview said: refused as
 * a whole (400, every bad line in `fields`) when any line is bad; otherwise every new member is
 * added and every member the file names by e-mail updated (name, e-mail case, membership type,
 * renewal date; whether they are disabled is the admins' to change), in one all-or-nothing write,
 * and written to the audit log as one entry with the counts.
 */
export class ImportMembers extends UseCase<ImportMembersDeps> {
  async execute(admin: Admin, csv: string | Uint8Array): Promise<MemberImportResult> {
    requirePermission(admin, 'members.write');
    const decision = await checkMemberCsv(this.deps, csv);
    if (!decision.ok) throw importRefusal(decision.problems);
    const { members: lines } = decision;
    const now = this.deps.clock.now().toISOString();
    const stored = new Map(decision.stored.map((member) => [memberEmailKey(member.email), member]));
    const writes: Member[] = [];
    for (const line of lines) {
      const before = stored.get(memberEmailKey(line.email));
      const details = detailsOf(line);
      if (!before) writes.push({ id: this.deps.ids.next(), ...details, disabled: false, createdAt: now, updatedAt: now });
      else if (!hasDetails(before, details)) writes.push({ ...withDetails(before, details), updatedAt: now });
    }
    try {
      await this.deps.members.importMembers(writes);
    } catch (error) {
      // Another admin added one of these e-mails between the check and the write.
      if (error instanceof ConflictError) throw new ConflictError(MEMBER_LIST_CHANGED_MESSAGE);
      throw error;
    }
    const added = writes.filter((member) => member.createdAt === now && !stored.has(memberEmailKey(member.email))).length;
    const updated = writes.length - added;
    await recordAdminAction(this.deps, admin, {
      action: 'member.imported',
      recordType: 'member',
      recordId: 'import',
      summary: `Imported ${lines.length} ${lines.length === 1 ? 'member' : 'members'} from a CSV file: ${added} added, ${updated} updated, ${lines.length - writes.length} unchanged`,
      before: { members: null, added: null, updated: null },
      after: { members: lines.length, added, updated },
    });
    return { imported: lines.length, added, updated, unchanged: lines.length - writes.length, unknownMembershipTypes: decision.plan.unknownMembershipTypes };
  }
}
