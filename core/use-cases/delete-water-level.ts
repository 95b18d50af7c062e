import type { Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import { readingDateInWords } from '../domain/water-levels';
import { NotFoundError } from '../errors';
import type { WaterLevelRepository } from '../ports/water-level-repository';
import { WATER_LEVEL_AUDIT_FIELDS } from './add-water-level';
import { flat, recordAdminAction, type AuditTrailDeps } from './audit-trail';
import { READING_NOT_FOUND, ReadingDateParamsSchema } from './correct-water-level';
import { parseInput } from './parse-input';

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
