import { permittedInput } from '../admins/admin-record';
import { z } from 'zod';
import type { Admin } from '../admins/admin';
import type { WaterLevelReading } from './water-level';
import { WATER_LEVEL_MESSAGES, WaterLevelCorrectionSchema, parsePercent, readingDateInWords } from './water-levels';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { WaterLevelRepository } from './water-level-repository.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_WATER_LEVEL } from './add-water-level';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

export const READING_NOT_FOUND = 'There is no reading for that date';

/** The date of a stored reading, as the address names it. */
export const ReadingDateParamsSchema = z.object({ date: z.iso.date({ error: 'The date must be written as YYYY-MM-DD' }) });

export interface CorrectWaterLevelDeps extends AuditTrailDeps {
  waterLevels: WaterLevelRepository;
}

/** Changes the percentage of a stored reading (404 when the date has none); the same value again changes nothing. */
export class CorrectWaterLevel extends UseCase<CorrectWaterLevelDeps> {
  async execute(admin: Admin, date: string, form: unknown): Promise<WaterLevelReading> {
    const { date: day } = permittedInput(admin, 'waterLevels.write', ReadingDateParamsSchema, { date }, 'params');
    const { percentFull: text } = parseInput(WaterLevelCorrectionSchema, form);
    const value = parsePercent(text);
    const problem =
      text.trim() === ''
        ? WATER_LEVEL_MESSAGES.percentRequired
        : value === null
          ? WATER_LEVEL_MESSAGES.percentNotNumber
          : value < 0 || value > 100
            ? WATER_LEVEL_MESSAGES.percentOutOfRange
            : null;
    if (problem !== null) throw new ValidationError(problem, { percentFull: problem });
    const [before] = await this.deps.waterLevels.readings(day, day);
    if (!before) throw new NotFoundError(READING_NOT_FOUND);
    // The value it already has: nothing changes, and the audit log records no correction.
    if (before.percentFull === value) return before;
    const after = { date: day, percentFull: value! };
    await this.deps.waterLevels.putMany([after]);
    await recordChange(this.deps, admin, AUDITED_WATER_LEVEL, {
      action: 'waterLevel.corrected',
      summary: `Corrected the water-level reading of ${readingDateInWords(day)}: ${before.percentFull}% to ${after.percentFull}% full`,
      before,
      after,
    });
    return after;
  }
}
