import { z } from 'zod';
import type { WaterLevelReading } from './water-level';
import { parseIsoOrUkDate } from '../shared/uk-date-input';
import { ValidationError } from '../shared/errors';

// The readings in words and in order, kept apart from the schemas so that the members' chart loads no zod.
import { inDateOrder } from './reading-order';
import { readingDateInWords } from './reading-words';
export { inDateOrder } from './reading-order';
export { readingDateInWords, readingMonthInWords } from './reading-words';

/**
 * The reservoir's readings as admins type them or import them: one reading a day, a date and how
 * full the reservoir is (0 to 100 percent). Dates are accepted as ISO (2026-11-23) or day first as
 * the rest of the admin panel types them (23/11/2026, also 23.11.2026 and 23-11-2026); a reading
 * cannot be dated after today (London), nor before 1900 (a typing slip).
 */

export const WATER_LEVEL_DATE_HINT = 'Type the date day first (23/11/2026) or as 2026-11-23.';

export const WATER_LEVEL_MESSAGES = {
  dateRequired: 'Enter the date of the reading',
  dateInvalid: 'Enter a real date, as 23/11/2026 or 2026-11-23',
  dateInFuture: 'The date cannot be in the future',
  percentRequired: 'Enter how full the reservoir is, in percent',
  percentNotNumber: 'Enter the percentage as a number, e.g. 63 or 63.5',
  percentOutOfRange: 'The percentage must be between 0 and 100',
} as const;

/** A CSV file of readings: at most this many bytes (about 12 years of daily readings)... */
export const MAX_WATER_LEVEL_CSV_BYTES = 200 * 1024;
/** ... and at most this many readings. */
export const MAX_WATER_LEVEL_IMPORT_ROWS = 4000;
export const CSV_TOO_LARGE_MESSAGE = `The CSV file is too large: at most ${MAX_WATER_LEVEL_CSV_BYTES / 1024} kB (about ${MAX_WATER_LEVEL_IMPORT_ROWS} readings). Split it into smaller files.`;

const FIRST_YEAR = 1900;
const PERCENT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*%?$/;

/** A typed date (ISO or day first) as 'yyyy-MM-dd', or null when it is not a real date from 1900 on. */
export function parseReadingDate(text: string): string | null {
  const date = parseIsoOrUkDate(text);
  if (date === null || Number(date.slice(0, 4)) < FIRST_YEAR) return null;
  return date;
}

/** A typed percentage ('63', '63.5', '63.5%', '.5') as a number, or null when it is not one (out of range included). */
export function parsePercent(text: string): number | null {
  const t = text.trim();
  if (t.length > 30 || !PERCENT.test(t)) return null;
  const value = Number(t.replace('%', '').trim());
  return Number.isFinite(value) ? value : null;
}

/** What the admin's reading form sends: both fields as typed. */
export const WaterLevelFormSchema = z.object({ date: z.string().max(100).default(''), percentFull: z.string().max(100).default('') });
export type WaterLevelFormValues = z.infer<typeof WaterLevelFormSchema>;
export type WaterLevelFormErrors = Partial<Record<keyof WaterLevelFormValues, string>>;

/** The correction form: the date is the reading's own (in the address), only the percentage is typed. */
export const WaterLevelCorrectionSchema = WaterLevelFormSchema.pick({ percentFull: true });

function checkDate(text: string, today: string): { date: string } | { error: string } {
  if (text.trim() === '') return { error: WATER_LEVEL_MESSAGES.dateRequired };
  const date = parseReadingDate(text);
  if (date === null) return { error: WATER_LEVEL_MESSAGES.dateInvalid };
  if (date > today) return { error: WATER_LEVEL_MESSAGES.dateInFuture };
  return { date };
}

function checkPercent(text: string): { value: number } | { error: string } {
  if (text.trim() === '') return { error: WATER_LEVEL_MESSAGES.percentRequired };
  const value = parsePercent(text);
  if (value === null) return { error: WATER_LEVEL_MESSAGES.percentNotNumber };
  if (value < 0 || value > 100) return { error: WATER_LEVEL_MESSAGES.percentOutOfRange };
  return { value };
}

/** The reading form's rule (browser and server): the reading, or a message per field. `today` is London's date. */
export function validateWaterLevelForm(
  values: WaterLevelFormValues,
  today: string,
): { ok: true; value: WaterLevelReading } | { ok: false; errors: WaterLevelFormErrors } {
  const date = checkDate(values.date, today);
  const percent = checkPercent(values.percentFull);
  const errors: WaterLevelFormErrors = {};
  if ('error' in date) errors.date = date.error;
  if ('error' in percent) errors.percentFull = percent.error;
  if ('date' in date && 'value' in percent) return { ok: true, value: { date: date.date, percentFull: percent.value } };
  return { ok: false, errors };
}

/** One record of a CSV file: its line number in the file and its cells as read. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** Why a file cannot be imported: a line and its reason, or (line null) the file as a whole. */
export interface ImportProblem {
  line: number | null;
  reason: string;
}

export const ImportProblemSchema = z.object({ line: z.number().int().positive().nullable(), reason: z.string() });

export function problemText(problem: ImportProblem): string {
  return problem.line === null ? problem.reason : `Line ${problem.line}: ${problem.reason}`;
}

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** Whether a first row is a header (date, percent...) rather than a reading. */
function isHeader(row: CsvRow): boolean {
  return /^date$/i.test((row.cells[0] ?? '').trim()) && parseReadingDate(row.cells[0] ?? '') === null;
}

/**
 * Checks every row of a file (an optional header row first: date, percent): each bad row's every
 * reason, in line order; and the readings of the good rows. A date that appears twice in the file
 * is a problem at its second line (which value was meant cannot be known).
 */
export function checkImportRows(rows: readonly CsvRow[], today: string): { readings: WaterLevelReading[]; problems: ImportProblem[] } {
  const body = rows.length > 0 && isHeader(rows[0]) ? rows.slice(1) : rows;
  const problems: ImportProblem[] = [];
  const readings: WaterLevelReading[] = [];
  if (body.length === 0)
    return { readings, problems: [{ line: null, reason: 'The file has no readings: each line should be a date and a percentage, e.g. 23/11/2026,63.5' }] };
  if (body.length > MAX_WATER_LEVEL_IMPORT_ROWS) {
    return {
      readings,
      problems: [
        {
          line: null,
          reason: `The file has ${body.length} readings; at most ${MAX_WATER_LEVEL_IMPORT_ROWS} can be imported at once. Split it into smaller files.`,
        },
      ],
    };
  }
  const firstLineOf = new Map<string, number>();
  for (const row of body) {
    const [dateText = '', percentText = '', ...extra] = row.cells.map((cell) => cell.trim());
    const reasons: string[] = [];
    let date: string | null = null;
    if (dateText === '') reasons.push('the date is missing');
    else {
      date = parseReadingDate(dateText);
      if (date === null) reasons.push(`the date ${quoted(dateText)} is not a real date (use 23/11/2026 or 2026-11-23)`);
      else if (date > today) reasons.push(`the date ${readingDateInWords(date)} is in the future`);
    }
    let percent: number | null = null;
    if (row.cells.length < 2) reasons.push('the percentage is missing (each line needs a date and a percentage)');
    else if (percentText === '') reasons.push('the percentage is missing');
    else {
      percent = parsePercent(percentText);
      if (percent === null) reasons.push(`the percentage ${quoted(percentText)} is not a number`);
      else if (percent < 0 || percent > 100) reasons.push(`the percentage ${percentText} is not between 0 and 100`);
    }
    if (extra.some((cell) => cell !== '')) reasons.push(`too many columns (${row.cells.length}): each line should be just a date and a percentage`);
    if (date !== null) {
      const first = firstLineOf.get(date);
      if (first !== undefined) reasons.push(`the date ${readingDateInWords(date)} is already on line ${first}`);
      else firstLineOf.set(date, row.line);
    }
    if (reasons.length > 0) problems.push({ line: row.line, reason: reasons.join('; ') });
    else readings.push({ date: date!, percentFull: percent! });
  }
  return { readings, problems };
}

/** A stored reading the import would change. */
export interface ReplacedReading {
  date: string;
  before: number;
  after: number;
}

/** What importing readings would do to the stored ones: new dates, changed values, and readings already stored as they are. */
export interface ImportPlan {
  add: WaterLevelReading[];
  replace: ReplacedReading[];
  unchanged: number;
}

export const ImportPlanSchema = z.object({
  add: z.array(z.object({ date: z.iso.date(), percentFull: z.number() })),
  replace: z.array(z.object({ date: z.iso.date(), before: z.number(), after: z.number() })),
  unchanged: z.number().int().nonnegative(),
});

/** Compares the file's readings with those stored on the same dates; each list is in date order. */
export function planImport(readings: readonly WaterLevelReading[], stored: readonly WaterLevelReading[]): ImportPlan {
  const storedByDate = new Map(stored.map((reading) => [reading.date, reading.percentFull]));
  const add: WaterLevelReading[] = [];
  const replace: ReplacedReading[] = [];
  let unchanged = 0;
  for (const reading of inDateOrder(readings)) {
    const before = storedByDate.get(reading.date);
    if (before === undefined) add.push(reading);
    else if (before !== reading.percentFull) replace.push({ date: reading.date, before, after: reading.percentFull });
    else unchanged += 1;
  }
  return { add, replace, unchanged };
}

/** The import's decision: refused with every problem, or the plan to store. Nothing is stored while any row is bad. */
export type ImportDecision = { ok: false; problems: ImportProblem[] } | { ok: true; readings: WaterLevelReading[]; plan: ImportPlan };

export function decideImport(checked: { readings: WaterLevelReading[]; problems: ImportProblem[] }, stored: readonly WaterLevelReading[]): ImportDecision {
  if (checked.problems.length > 0) return { ok: false, problems: checked.problems };
  return { ok: true, readings: checked.readings, plan: planImport(checked.readings, stored) };
}

/** The refusal's one line: how many lines are bad, the first named. */
export function importRefusalMessage(problems: readonly ImportProblem[]): string {
  const lines = problems.filter((p) => p.line !== null).length;
  if (lines === 0) return problems.map(problemText).join(' ');
  return `Nothing was imported: ${lines === 1 ? '1 line has a problem' : `${lines} lines have problems`}. ${problemText(problems[0])}`;
}

/** An import refused as a whole (400): importRefusalMessage, and every bad line in `fields` ("line 3"; "file" for the file). */
export function importRefusal(problems: readonly ImportProblem[]): ValidationError {
  const fields = Object.fromEntries(problems.map((p) => [p.line === null ? 'file' : `line ${p.line}`, p.line === null ? p.reason : problemText(p)]));
  return new ValidationError(importRefusalMessage(problems), fields);
}

/** The earliest and latest date of some readings, for the stored readings to compare with. */
export function dateSpan(readings: readonly WaterLevelReading[]): { from: string; to: string } | null {
  if (readings.length === 0) return null;
  let from = readings[0].date;
  let to = readings[0].date;
  for (const { date } of readings) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  return { from, to };
}

/** A CSV import preview's answer: every bad line with its reasons, or the plan (what importing would do). */
export function importPreviewSchema<P extends z.ZodType>(plan: P) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(false), problems: z.array(ImportProblemSchema) }), z.object({ ok: z.literal(true), plan })]);
}
export type ImportPreview<Plan> = { ok: false; problems: ImportProblem[] } | { ok: true; plan: Plan };

/**
 * A CSV import's answer: how many records it stored, and of them how many were new, how many it
 * changed (named `changed`: readings are `replaced`, members `updated`) and how many were unchanged.
 */
export function importResultSchema<Changed extends string>(changed: Changed) {
  const count = z.number().int().nonnegative();
  return z.object({ imported: count, added: count, ...({ [changed]: count } as Record<Changed, typeof count>), unchanged: count });
}

/** The preview's answer: every bad line with its reasons, or what importing would add and replace. */
export const WaterLevelImportPreviewSchema = importPreviewSchema(ImportPlanSchema);
export type WaterLevelImportPreview = ImportPreview<ImportPlan>;

/** The import's answer: how many readings were stored, and of them how many were new, replaced or unchanged. */
export const WaterLevelImportResultSchema = importResultSchema('replaced');
export type WaterLevelImportResult = z.infer<typeof WaterLevelImportResultSchema>;
