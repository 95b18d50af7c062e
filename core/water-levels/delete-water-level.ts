import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { readingDateInWords } from './water-levels';
import { NotFoundError } from '../shared/errors';
import type { WaterLevelRepository } from './water-level-repository.port';
import { AUDITED_WATER_LEVEL } from './add-water-level';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { READING_NOT_FOUND, ReadingDateParamsSchema } from './correct-water-level';
import { UseCase } from '../shared/use-case';

export interface DeleteWaterLevelDeps extends AuditTrailDeps {
  waterLevels: WaterLevelRepository;
}

/** Removes a reading entered by mistake (404 when the date has none). */
export class DeleteWaterLevel extends UseCase<DeleteWaterLevelDeps> {
  async execute(admin: Admin, date: string): Promise<void> {
    const { date: day } = permittedInput(admin, 'waterLevels.write', ReadingDateParamsSchema, { date }, 'params');
    const [before] = await this.deps.waterLevels.readings(day, day);
    if (!before || !(await this.deps.waterLevels.delete(day))) throw new NotFoundError(READING_NOT_FOUND);
    await recordChange(this.deps, admin, AUDITED_WATER_LEVEL, {
      action: 'waterLevel.deleted',
      summary: `Deleted the water-level reading of ${readingDateInWords(day)} (${before.percentFull}% full)`,
      before,
      after: null,
    });
  }
}
