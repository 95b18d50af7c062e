import { londonDate } from '../shared/london-time';
import { readWaterLevelCsv } from './water-level-csv';
import { CSV_TOO_LARGE_MESSAGE, MAX_WATER_LEVEL_CSV_BYTES, checkImportRows, dateSpan, decideImport, type ImportDecision } from './water-levels';
import { ValidationError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { WaterLevelRepository } from './water-level-repository.port';

export interface WaterLevelImportDeps {
  waterLevels: WaterLevelRepository;
  clock: Clock;
}

/**
 * Reads and checks a CSV file of readings against the stored ones: the preview's answer, and what
 * the import itself asks again when the admin confirms (the preview is never trusted).
 */
export async function checkWaterLevelCsv(deps: WaterLevelImportDeps, file: string | Uint8Array): Promise<ImportDecision> {
  if (typeof file !== 'string' && !(file instanceof Uint8Array)) throw new ValidationError('Send the CSV file as text');
  const size = typeof file === 'string' ? new TextEncoder().encode(file).length : file.byteLength;
  if (size > MAX_WATER_LEVEL_CSV_BYTES) throw new ValidationError(CSV_TOO_LARGE_MESSAGE);
  const read = readWaterLevelCsv(file);
  if (read.problems.length > 0) return { ok: false, problems: read.problems };
  const checked = checkImportRows(read.rows, londonDate(deps.clock.now()));
  const span = dateSpan(checked.readings);
  const stored = checked.problems.length === 0 && span ? await deps.waterLevels.readings(span.from, span.to) : [];
  return decideImport(checked, stored);
}
