import { CsvError, parse } from 'csv-parse/sync';
import type { CsvRow, ImportProblem } from './water-levels';
import { ValidationError } from '../shared/errors';

/**
 * A CSV file's records with their line numbers, for checkImportRows. Kept apart from the rules
 * (water-levels.ts) so that the browser, which loads those, does not load the CSV reader: the
 * server reads the file, for the preview and again when the import is confirmed.
 *
 * Commas separate the cells; cells may be quoted; a byte-order mark, blank lines and lines of
 * empty cells are ignored. A file that is not CSV at all (a quote never closed, say) is one
 * problem naming the line where reading stopped.
 */
export function readWaterLevelCsv(file: string | Uint8Array): { rows: CsvRow[]; problems: ImportProblem[] } {
  const decoded = typeof file === 'string' ? { text: file } : csvText(file);
  if ('problem' in decoded) return { rows: [], problems: [decoded.problem] };
  const text = decoded.text;
  try {
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return { rows: records.map(({ record, info }) => ({ line: info.lines, cells: record })), problems: [] };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as unknown as { lines: number }).lines : null;
    const why =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted value is never closed'
        : error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? 'a quote mark is in the wrong place'
          : 'it cannot be read as CSV';
    return { rows: [], problems: [{ line: line !== null && line > 0 ? line : null, reason: `the file cannot be read: ${why}` }] };
  }
}

/**
 * An uploaded CSV file, read as readWaterLevelCsv reads it, after the checks every import (water
 * levels, members, members' qualifications) makes first: a file sent as anything but text or
 * bytes, or larger than `maxBytes`, is refused (400) before it is read.
 */
export function readCsvUpload(file: string | Uint8Array, maxBytes: number, tooLargeMessage: string): { rows: CsvRow[]; problems: ImportProblem[] } {
  if (typeof file !== 'string' && !(file instanceof Uint8Array)) throw new ValidationError('Send the CSV file as text');
  const size = typeof file === 'string' ? new TextEncoder().encode(file).length : file.byteLength;
  if (size > maxBytes) throw new ValidationError(tooLargeMessage);
  return readWaterLevelCsv(file);
}

/** What an admin is told of a line that is not UTF-8 text. */
export const NOT_UTF8_REASON = 'the file is not UTF-8 text here: save it again as "CSV UTF-8" (in Excel: File, Save As, CSV UTF-8) and try again';

/**
 * A CSV file's bytes as text, or the first line that is not UTF-8 (bytes a decoder would replace
 * with U+FFFD, silently changing a reading). A newline byte is never part of a longer UTF-8
 * sequence, so each line can be decoded on its own.
 */
export function csvText(bytes: Uint8Array): { text: string } | { problem: ImportProblem } {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const lines: string[] = [];
  let start = 0;
  for (let line = 1; start <= bytes.length; line += 1) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    try {
      lines.push(decoder.decode(bytes.subarray(start, stop)));
    } catch {
      return { problem: { line, reason: NOT_UTF8_REASON } };
    }
    start = stop + 1;
  }
  return { text: lines.join('\n') };
}
