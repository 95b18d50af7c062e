import type { Admin } from '../admins/admin';
import type { WaterLevelReading } from './water-level';
import { londonDate } from '../shared/london-time';
import { requirePermission } from '../admins/permissions';
import { WaterLevelFormSchema, readingDateInWords, validateWaterLevelForm } from './water-levels';
import { ConflictError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { WaterLevelRepository } from './water-level-repository.port';
import { flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { fieldsError, parseInput } from '../shared/parse-input';

export const WATER_LEVEL_AUDIT_FIELDS = ['date', 'percentFull'] as const;

export function readingExistsMessage(date: string): string {
  return `There is already a reading for ${readingDateInWords(date)}; correct it instead`;
}

export interface AddWaterLevelDeps extends AuditTrailDeps {
  waterLevels: WaterLevelRepository;
  clock: Clock;
}

/** Adds the reading of a day that has none (409 when it has one: that is a correction). */
export class AddWaterLevel {
  constructor(private readonly deps: AddWaterLevelDeps) {}

  async execute(admin: Admin, form: unknown): Promise<WaterLevelReading> {
    requirePermission(admin, 'waterLevels.write');
    const checked = validateWaterLevelForm(parseInput(WaterLevelFormSchema, form), londonDate(this.deps.clock.now()));
    if (!checked.ok) throw fieldsError(checked.errors);
    const reading = checked.value;
    if (!(await this.deps.waterLevels.add(reading))) throw new ConflictError(readingExistsMessage(reading.date));
    await recordAdminAction(this.deps, admin, {
      action: 'waterLevel.added',
      recordType: 'waterLevel',
      recordId: reading.date,
      summary: `Added the water-level reading of ${readingDateInWords(reading.date)}: ${reading.percentFull}% full`,
      before: flat(null, WATER_LEVEL_AUDIT_FIELDS),
      after: flat(reading, WATER_LEVEL_AUDIT_FIELDS),
    });
    return reading;
  }
}
