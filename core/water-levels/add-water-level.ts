import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import type { WaterLevelReading } from './water-level';
import { londonDate } from '../shared/london-time';
import { WaterLevelFormSchema, readingDateInWords, validateWaterLevelForm } from './water-levels';
import { ConflictError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { WaterLevelRepository } from './water-level-repository.port';
import { recordChange, type AuditedRecord, type AuditTrailDeps } from '../audit/audit-trail';
import { acceptedForm } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

export const WATER_LEVEL_AUDIT_FIELDS = ['date', 'percentFull'] as const;
export const AUDITED_WATER_LEVEL: AuditedRecord<WaterLevelReading> = {
  recordType: 'waterLevel',
  idOf: (reading) => reading.date,
  fields: WATER_LEVEL_AUDIT_FIELDS,
};

export function readingExistsMessage(date: string): string {
  return `There is already a reading for ${readingDateInWords(date)}; correct it instead`;
}

export interface AddWaterLevelDeps extends AuditTrailDeps {
  waterLevels: WaterLevelRepository;
  clock: Clock;
}

/** Adds the reading of a day that has none (409 when it has one: that is a correction). */
export class AddWaterLevel extends UseCase<AddWaterLevelDeps> {
  async execute(admin: Admin, form: unknown): Promise<WaterLevelReading> {
    const valid = acceptedForm(
      validateWaterLevelForm(permittedInput(admin, 'waterLevels.write', WaterLevelFormSchema, form), londonDate(this.deps.clock.now())),
    );
    const reading = valid;
    if (!(await this.deps.waterLevels.add(reading))) throw new ConflictError(readingExistsMessage(reading.date));
    await recordChange(this.deps, admin, AUDITED_WATER_LEVEL, {
      action: 'waterLevel.added',
      summary: `Added the water-level reading of ${readingDateInWords(reading.date)}: ${reading.percentFull}% full`,
      before: null,
      after: reading,
    });
    return reading;
  }
}
