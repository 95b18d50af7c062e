import { z } from 'zod';
import type { Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import { ImportPlanSchema, ImportProblemSchema, type ImportPlan, type ImportProblem } from '../domain/water-levels';
import { checkWaterLevelCsv, type WaterLevelImportDeps } from './water-level-import-check';

/** The preview: every bad line with its reasons, or what importing would add and replace. */
export const WaterLevelImportPreviewSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(false), problems: z.array(ImportProblemSchema) }),
  z.object({ ok: z.literal(true), plan: ImportPlanSchema }),
]);
export type WaterLevelImportPreview = { ok: false; problems: ImportProblem[] } | { ok: true; plan: ImportPlan };

/** Checks a CSV file of readings and says what importing it would do, storing nothing. */
export class PreviewWaterLevelImport {
  constructor(private readonly deps: WaterLevelImportDeps) {}

  async execute(admin: Admin, csv: string): Promise<WaterLevelImportPreview> {
    requirePermission(admin, 'waterLevels.write');
    const decision = await checkWaterLevelCsv(this.deps, csv);
    return decision.ok ? { ok: true, plan: decision.plan } : { ok: false, problems: decision.problems };
  }
}
