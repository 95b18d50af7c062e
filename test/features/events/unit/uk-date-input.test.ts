import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEventForm, emptyEventForm } from '../../../../core/events/event-form';
import { wallClockToInstant } from '../../../../core/shared/london-time';
import { parseClockTime, parseIsoOrUkDate, parseUkDate, ukPartsToWallClock, wallClockInWords, wallClockToUkParts } from '../../../../core/shared/uk-date-input';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Any real calendar day from 1900 to 2199. */
const dayArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));
const timeArb = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });

describe('UK date fields (properties)', () => {
  it('reads day first, never month first, whatever the separator', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom('/', '.', '-', ' '), fc.boolean(), ({ year, month, day }, sep, padded) => {
        const text = padded ? `${pad(day)}${sep}${pad(month)}${sep}${year}` : `${day}${sep}${month}${sep}${year}`;
        expect(parseUkDate(text)).toBe(`${pad(year, 4)}-${pad(month)}-${pad(day)}`);
      }),
    );
  });

  it('reads a real day typed as yyyy-mm-dd or day first as the same day, and no day that does not exist', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 40 }), ({ year, month, day }, typedDay) => {
        const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
        expect(parseIsoOrUkDate(` ${iso} `)).toBe(iso);
        expect(parseIsoOrUkDate(`${day}/${month}/${year}`)).toBe(iso);
        const typed = `${pad(year, 4)}-${pad(month)}-${pad(typedDay)}`;
        const real = new Date(Date.UTC(year, month - 1, typedDay));
        const exists = typedDay >= 1 && real.getUTCMonth() === month - 1;
        expect(parseIsoOrUkDate(typed)).toBe(exists ? typed : null);
      }),
    );
  });

  it('turns the two fields into the wall clock and back, and the wall clock names the same London time', () => {
    fc.assert(
      fc.property(dayArb, timeArb, ({ year, month, day }, { hour, minute }) => {
        const wallClock = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
        fc.pre(wallClockToInstant(wallClock) !== null);
        const parts = wallClockToUkParts(wallClock);
        expect(parts).toEqual({ date: `${pad(day)}/${pad(month)}/${year}`, time: `${pad(hour)}:${pad(minute)}` });
        expect(ukPartsToWallClock(parts.date, parts.time)).toBe(wallClock);
      }),
    );
  });

  it('anything that is not a real date and time reaches the form rule as invalid, never as another date', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2026-07-04T10:00', '31/04/2026', '04/07/2026')),
        fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', '10:00', '25:00')),
        (dateText, timeText) => {
          const wallClock = ukPartsToWallClock(dateText, timeText);
          if (wallClock === '') {
            expect(dateText.trim() + timeText.trim()).toBe('');
            return;
          }
          const parsedDate = parseUkDate(dateText);
          const parsedTime = parseClockTime(timeText);
          const checked = validateEventForm({ ...emptyEventForm(), name: 'Race', eventdatetime: wallClock });
          if (parsedDate !== null && parsedTime !== null && wallClockToInstant(`${parsedDate}T${parsedTime}`) !== null) {
            expect(wallClock).toBe(`${parsedDate}T${parsedTime}`);
            expect(checked.ok).toBe(true);
          } else {
            expect(checked).toEqual({ ok: false, errors: { eventdatetime: 'Enter a valid date and time' } });
          }
        },
      ),
    );
  });
});

describe('UK date fields (examples)', () => {
  it('reads 04/07/2026 as the 4th of July and echoes it in words', () => {
    expect(ukPartsToWallClock('04/07/2026', '10:00')).toBe('2026-07-04T10:00');
    expect(wallClockInWords('2026-07-04T10:00')).toBe('Saturday 4 July 2026, 10:00');
    expect(wallClockInWords('2026-07-04T00:00', { allDayAtMidnight: true })).toBe('Saturday 4 July 2026, all day');
    expect(wallClockInWords('2026-07-04T00:00')).toBe('Saturday 4 July 2026, 00:00');
    expect(wallClockInWords('04/07/2026 10')).toBeNull();
  });

  it('refuses days that do not exist and years of two digits, and takes short times', () => {
    expect(parseUkDate('31/04/2026')).toBeNull();
    expect(parseUkDate('29/02/2027')).toBeNull();
    expect(parseUkDate('29/02/2028')).toBe('2028-02-29');
    expect(parseUkDate('13/13/2026')).toBeNull();
    expect(parseUkDate('4/7/26')).toBeNull();
    expect(parseUkDate('04072026')).toBe('2026-07-04');
    expect(parseClockTime('9:05')).toBe('09:05');
    expect(parseClockTime('1830')).toBe('18:30');
    expect(parseClockTime('18')).toBe('18:00');
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('6pm')).toBeNull();
    expect(ukPartsToWallClock('04/07/2026', '')).toBe('04/07/2026 at ');
    // An ISO text in the date field is no day-first date, and cannot slip through as a wall clock.
    expect(validateEventForm({ ...emptyEventForm(), name: 'Race', eventdatetime: ukPartsToWallClock('2026-07-04T10:00', '') }).ok).toBe(false);
    expect(ukPartsToWallClock('  ', ' ')).toBe('');
  });
});
