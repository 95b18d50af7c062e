import { londonDate } from '../shared/london-time';
import { readCsvUpload } from './water-level-csv';
import { CSV_TOO_LARGE_MESSAGE, MAX_WATER_LEVEL_CSV_BYTES, checkImportRows, dateSpan, decideImport, type ImportDecision } from './water-levels';
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
  const read = readCsvUpload(file, MAX_WATER_LEVEL_CSV_BYTES, CSV_TOO_LARGE_MESSAGE);
  if (read.problems.length > 0) return { ok: false, problems: read.problems };
  const checked = checkImportRows(read.rows, londonDate(deps.clock.now()));
  const span = dateSpan(checked.readings);
  const stored = checked.problems.length === 0 && span ? await deps.waterLevels.readings(span.from, span.to) : [];
  return decideImport(checked, stored);
}
