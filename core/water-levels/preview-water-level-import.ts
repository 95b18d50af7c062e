import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { WaterLevelImportPreview } from './water-levels';
import { checkWaterLevelCsv, type WaterLevelImportDeps } from './water-level-import-check';

/** Checks a CSV file of readings and says what importing it would do, storing nothing. */
export class PreviewWaterLevelImport {
  constructor(private readonly deps: WaterLevelImportDeps) {}

  async execute(admin: Admin, csv: string | Uint8Array): Promise<WaterLevelImportPreview> {
    requirePermission(admin, 'waterLevels.write');
    const decision = await checkWaterLevelCsv(this.deps, csv);
    return decision.ok ? { ok: true, plan: decision.plan } : { ok: false, problems: decision.problems };
  }
}
