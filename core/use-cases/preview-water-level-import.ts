import type { Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import type { WaterLevelImportPreview } from '../domain/water-levels';
import { checkWaterLevelCsv, type WaterLevelImportDeps } from './water-level-import-check';
import { UseCase } from './use-case';

/** Checks a CSV file of readings and says what importing it would do, storing nothing. */
export class PreviewWaterLevelImport extends UseCase<WaterLevelImportDeps> {
  async execute(admin: Admin, csv: string | Uint8Array): Promise<WaterLevelImportPreview> {
    requirePermission(admin, 'waterLevels.write');
    const decision = await checkWaterLevelCsv(this.deps, csv);
    return decision.ok ? { ok: true, plan: decision.plan } : { ok: false, problems: decision.problems };
  }
}
