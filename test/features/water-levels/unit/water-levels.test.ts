import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText, NOT_UTF8_REASON, readWaterLevelCsv } from '../../../../core/water-levels/water-level-csv';
import {
  MAX_WATER_LEVEL_IMPORT_ROWS,
  WATER_LEVEL_MESSAGES,
  checkImportRows,
  decideImport,
  importRefusalMessage,
  parsePercent,
  parseReadingDate,
  planImport,
  readingDateInWords,
  validateWaterLevelForm,
  type CsvRow,
} from '../../../../core/water-levels/water-levels';

const TODAY = '2026-11-23';

const realDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date(`${TODAY}T00:00:00Z`), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const ukForm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** Percentages as an admin would type them: whole or with up to two decimals. */
const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);

/** Readings on distinct dates. */
const readings = fc.uniqueArray(fc.record({ date: realDate, percentFull: percent }), { selector: (r) => r.date, minLength: 1, maxLength: 40 });

function rowsOf(list: { date: string; percentFull: number }[], dateForm: (iso: string) => string = (d) => d): CsvRow[] {
  return list.map((r, i) => ({ line: i + 1, cells: [dateForm(r.date), String(r.percentFull)] }));
}

describe('reading dates', () => {
  it('reads every real date from 1900 to today in ISO and in the day-first form alike', () => {
    fc.assert(
      fc.property(realDate, (iso) => {
        expect(parseReadingDate(iso)).toBe(iso);
        expect(parseReadingDate(ukForm(iso))).toBe(iso);
        expect(parseReadingDate(` ${ukForm(iso).replace(/\//g, '.')} `)).toBe(iso);
      }),
    );
  });

  it('refuses a day that is not in its month, in either form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (year, month, day) => {
        const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
        const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(parseReadingDate(iso) !== null).toBe(real);
        expect(parseReadingDate(`${day}/${month}/${year}`) !== null).toBe(real);
      }),
    );
  });

  it('refuses text that is no date, US order beyond the 12th, and years before 1900', () => {
    for (const text of ['', 'yesterday', '2026-13-01', '2026-02-29', '11/23/2026', '23/11/26', '1899-12-31', '2026/11/23', '2026-11-23T00:00']) {
      expect(parseReadingDate(text), text).toBeNull();
    }
    expect(readingDateInWords('2026-11-21')).toBe('21 November 2026');
  });
});

describe('percentages', () => {
  it('reads back what was written, with or without a % sign', () => {
    fc.assert(
      fc.property(percent, (value) => {
        expect(parsePercent(String(value))).toBe(value);
        expect(parsePercent(`${value}%`)).toBe(value);
        expect(parsePercent(` ${value} % `)).toBe(value);
      }),
    );
  });

  it('is not a number when it has letters, exponents, hex, commas or nothing', () => {
    for (const text of ['', 'abc', '1e2', '0x10', '63,5', 'NaN', 'Infinity', '--1', '6 3', '%']) expect(parsePercent(text), text).toBeNull();
  });
});

describe('the reading form', () => {
  it('accepts any real date up to today and any percentage from 0 to 100', () => {
    fc.assert(
      fc.property(realDate, percent, fc.boolean(), (date, value, uk) => {
        expect(validateWaterLevelForm({ date: uk ? ukForm(date) : date, percentFull: String(value) }, TODAY)).toEqual({
          ok: true,
          value: { date, percentFull: value },
        });
      }),
    );
  });

  it('names each field that is wrong', () => {
    expect(validateWaterLevelForm({ date: '', percentFull: '' }, TODAY)).toEqual({
      ok: false,
      errors: { date: WATER_LEVEL_MESSAGES.dateRequired, percentFull: WATER_LEVEL_MESSAGES.percentRequired },
    });
    expect(validateWaterLevelForm({ date: '31/11/2026', percentFull: 'lots' }, TODAY)).toEqual({
      ok: false,
      errors: { date: WATER_LEVEL_MESSAGES.dateInvalid, percentFull: WATER_LEVEL_MESSAGES.percentNotNumber },
    });
    expect(validateWaterLevelForm({ date: '24/11/2026', percentFull: '100.01' }, TODAY)).toEqual({
      ok: false,
      errors: { date: WATER_LEVEL_MESSAGES.dateInFuture, percentFull: WATER_LEVEL_MESSAGES.percentOutOfRange },
    });
    expect(validateWaterLevelForm({ date: '23/11/2026', percentFull: '-0.5' }, TODAY)).toEqual({
      ok: false,
      errors: { percentFull: WATER_LEVEL_MESSAGES.percentOutOfRange },
    });
  });
});

/** A bad row and the words its reason must contain. */
const badRow = fc.constantFrom<[string[], string]>(
  [['31/02/2026', '50'], 'is not a real date'],
  [['tomorrow', '50'], 'is not a real date'],
  [['2027-01-01', '50'], 'is in the future'],
  [['2026-01-01', '101'], 'is not between 0 and 100'],
  [['2026-01-01', '-3'], 'is not between 0 and 100'],
  [['2026-01-01', 'full'], 'is not a number'],
  [['2026-01-01'], 'the percentage is missing'],
  [['2026-01-01', ''], 'the percentage is missing'],
  [['', '40'], 'the date is missing'],
  [['2026-01-01', '40', 'extra'], 'too many columns'],
);

describe('checking an import', () => {
  it('a file of good rows on distinct dates, ISO or day first, has no problems and yields its readings', () => {
    fc.assert(
      fc.property(readings, fc.boolean(), fc.boolean(), (list, uk, header) => {
        const rows = rowsOf(list, uk ? ukForm : undefined);
        const withHeader = header ? [{ line: 1, cells: ['Date', 'Percent full'] }, ...rows.map((r) => ({ ...r, line: r.line + 1 }))] : rows;
        expect(checkImportRows(withHeader, TODAY)).toEqual({ readings: list, problems: [] });
      }),
    );
  });

  it('one bad row anywhere is reported with its line and reason, and the import is refused', () => {
    fc.assert(
      fc.property(readings, badRow, fc.nat(), ([first, ...rest], [cells, reason], at) => {
        // Distinct from every good date (2026-01-01 is not in the generated range's duplicates).
        const good = [first, ...rest].filter((r) => r.date !== '2026-01-01');
        fc.pre(good.length > 0);
        const index = at % (good.length + 1);
        const rows: CsvRow[] = rowsOf(good);
        rows.splice(index, 0, { line: 0, cells });
        const numbered = rows.map((row, i) => ({ ...row, line: i + 1 }));
        const checked = checkImportRows(numbered, TODAY);
        expect(checked.problems).toHaveLength(1);
        expect(checked.problems[0].line).toBe(index + 1);
        expect(checked.problems[0].reason).toContain(reason);
        const decision = decideImport(checked, []);
        expect(decision.ok).toBe(false);
        expect(importRefusalMessage(checked.problems)).toContain(`Line ${index + 1}: `);
      }),
    );
  });

  it('a date twice in the file is a problem at its second line, naming the first, whatever the form of each', () => {
    fc.assert(
      fc.property(readings, fc.nat(), fc.nat(), percent, fc.boolean(), (list, a, b, value, uk) => {
        const rows = rowsOf(list);
        const copyOf = list[a % list.length];
        const at = Math.max((a % list.length) + 1, b % (list.length + 1));
        rows.splice(at, 0, { line: 0, cells: [uk ? ukForm(copyOf.date) : copyOf.date, String(value)] });
        const numbered = rows.map((row, i) => ({ ...row, line: i + 1 }));
        const { problems } = checkImportRows(numbered, TODAY);
        expect(problems).toEqual([{ line: at + 1, reason: `the date ${readingDateInWords(copyOf.date)} is already on line ${(a % list.length) + 1}` }]);
      }),
    );
  });

  it('lists every bad row, each with all of its reasons', () => {
    const { problems, readings: good } = checkImportRows(
      [
        { line: 1, cells: ['date', 'percent'] },
        { line: 2, cells: ['2026-11-01', '60'] },
        { line: 4, cells: ['32/10/2026', '160'] },
        { line: 5, cells: ['01/11/2026', '61'] },
        { line: 6, cells: ['2026-11-02'] },
      ],
      TODAY,
    );
    expect(good).toEqual([{ date: '2026-11-01', percentFull: 60 }]);
    expect(problems).toEqual([
      { line: 4, reason: 'the date “32/10/2026” is not a real date (use 23/11/2026 or 2026-11-23); the percentage 160 is not between 0 and 100' },
      { line: 5, reason: 'the date 1 November 2026 is already on line 2' },
      { line: 6, reason: 'the percentage is missing (each line needs a date and a percentage)' },
    ]);
  });

  it('refuses an empty file and one with too many readings as a whole', () => {
    expect(checkImportRows([{ line: 1, cells: ['date', 'percent'] }], TODAY).problems).toEqual([
      { line: null, reason: expect.stringContaining('The file has no readings') },
    ]);
    const many = Array.from({ length: MAX_WATER_LEVEL_IMPORT_ROWS + 1 }, (_, i) => ({ line: i + 1, cells: ['2020-01-01', '1'] }));
    expect(checkImportRows(many, TODAY).problems).toEqual([{ line: null, reason: expect.stringContaining(`at most ${MAX_WATER_LEVEL_IMPORT_ROWS}`) }]);
  });
});

describe('the import plan', () => {
  it('splits the readings into new dates, changed values and ones stored already, losing none', () => {
    fc.assert(
      fc.property(readings, readings, (incoming, stored) => {
        const plan = planImport(incoming, stored);
        const storedDates = new Map(stored.map((r) => [r.date, r.percentFull]));
        expect(plan.add.length + plan.replace.length + plan.unchanged).toBe(incoming.length);
        for (const r of plan.add) expect(storedDates.has(r.date)).toBe(false);
        for (const r of plan.replace) {
          expect(storedDates.get(r.date)).toBe(r.before);
          expect(r.after).not.toBe(r.before);
          expect(incoming).toContainEqual({ date: r.date, percentFull: r.after });
        }
        const dates = [...plan.add.map((r) => r.date)];
        expect(dates).toEqual([...dates].sort());
        const decision = decideImport({ readings: incoming, problems: [] }, stored);
        expect(decision).toEqual({ ok: true, readings: incoming, plan });
      }),
    );
  });
});

describe('reading a CSV file', () => {
  it('numbers rows by their line in the file, past blank lines, a header and a byte-order mark', () => {
    fc.assert(
      fc.property(readings, fc.array(fc.nat(), { maxLength: 5 }), fc.boolean(), fc.constantFrom('\n', '\r\n'), (list, blanksAfter, bom, eol) => {
        const lines = ['date,percent', ...list.map((r) => `${ukForm(r.date)},${r.percentFull}`)];
        const withBlanks: string[] = [];
        const lineOf: number[] = [];
        lines.forEach((line, i) => {
          withBlanks.push(line);
          lineOf.push(withBlanks.length);
          if (blanksAfter.includes(i)) withBlanks.push('', ' ,');
        });
        const { rows, problems } = readWaterLevelCsv(`${bom ? '\ufeff' : ''}${withBlanks.join(eol)}${eol}`);
        expect(problems).toEqual([]);
        expect(rows.map((r) => r.line)).toEqual(lineOf);
        expect(checkImportRows(rows, TODAY)).toEqual({ readings: list, problems: [] });
      }),
    );
  });

  it('names the line where a file that is not CSV stops being readable', () => {
    expect(readWaterLevelCsv('date,percent\n2026-11-01,60\n"2026-11-02,61\n')).toEqual({
      rows: [],
      problems: [{ line: 3, reason: 'the file cannot be read: a quoted value is never closed' }],
    });
  });
});

describe('csvText', () => {
  it('gives back any UTF-8 text as it was, and names the first line holding bytes that are not UTF-8', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme' }).map((s) => s.replace(/\n/g, ' ')),
          { maxLength: 8 },
        ),
        fc.nat(),
        (lines, at) => {
          const text = lines.join('\n');
          expect(csvText(new TextEncoder().encode(text))).toEqual({ text });
          if (lines.length === 0) return;
          const bad = at % lines.length;
          const bytes = lines.map((line, i) => (i === bad ? Buffer.concat([Buffer.from(line), Buffer.from([0xff])]) : Buffer.from(line)));
          const joined = Buffer.concat(bytes.flatMap((b, i) => (i === 0 ? [b] : [Buffer.from('\n'), b])));
          expect(csvText(joined)).toEqual({ problem: { line: bad + 1, reason: NOT_UTF8_REASON } });
        },
      ),
    );
  });
});
