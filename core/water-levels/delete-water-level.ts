import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { readingDateInWords } from './water-levels';
import { NotFoundError } from '../shared/errors';
import type { WaterLevelRepository } from './water-level-repository.port';
import { WATER_LEVEL_AUDIT_FIELDS } from './add-water-level';
import { flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { READING_NOT_FOUND, ReadingDateParamsSchema } from './correct-water-level';
import { parseInput } from '../shared/parse-input';

export interface DeleteWaterLevelDeps extends AuditTrailDeps {
  waterLevels: WaterLevelRepository;
}

/** Removes a reading entered by mistake (404 when the date has none). */
export class DeleteWaterLevel {
  constructor(private readonly deps: DeleteWaterLevelDeps) {}

  async execute(admin: Admin, date: string): Promise<void> {
    requirePermission(admin, 'waterLevels.write');
    const { date: day } = parseInput(ReadingDateParamsSchema, { date }, 'params');
    const [before] = await this.deps.waterLevels.readings(day, day);
    if (!before || !(await this.deps.waterLevels.delete(day))) throw new NotFoundError(READING_NOT_FOUND);
    await recordAdminAction(this.deps, admin, {
      action: 'waterLevel.deleted',
      recordType: 'waterLevel',
      recordId: day,
      summary: `Deleted the water-level reading of ${readingDateInWords(day)} (${before.percentFull}% full)`,
      before: flat(before, WATER_LEVEL_AUDIT_FIELDS),
      after: flat(null, WATER_LEVEL_AUDIT_FIELDS),
    });
  }
}
