import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { dateSpan, importRefusal, type WaterLevelImportResult } from './water-levels';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { checkWaterLevelCsv, type WaterLevelImportDeps } from './water-level-import-check';
import { UseCase } from '../shared/use-case';

export type ImportWaterLevelsDeps = WaterLevelImportDeps & AuditTrailDeps;

/**
 * Imports a CSV file of readings, checked again here whatever the preview said: refused as a
 * whole (400, every bad line in `fields`) when any line is bad, otherwise stored all at once and
 * written to the audit log as one entry with the counts.
 */
export class ImportWaterLevels extends UseCase<ImportWaterLevelsDeps> {
  async execute(admin: Admin, csv: string | Uint8Array): Promise<WaterLevelImportResult> {
    requirePermission(admin, 'waterLevels.write');
    const decision = await checkWaterLevelCsv(this.deps, csv);
    if (!decision.ok) throw importRefusal(decision.problems);
    const { readings, plan } = decision;
    await this.deps.waterLevels.putMany(readings);
    const span = dateSpan(readings)!;
    await recordAdminAction(this.deps, admin, {
      action: 'waterLevel.imported',
      recordType: 'waterLevel',
      recordId: `${span.from}..${span.to}`,
      summary: `Imported ${readings.length} water-level ${readings.length === 1 ? 'reading' : 'readings'} from ${span.from} to ${span.to}: ${plan.add.length} added, ${plan.replace.length} replaced, ${plan.unchanged} unchanged`,
      before: { readings: null, added: null, replaced: null },
      after: { readings: readings.length, added: plan.add.length, replaced: plan.replace.length },
    });
    return { imported: readings.length, added: plan.add.length, replaced: plan.replace.length, unchanged: plan.unchanged };
  }
}
