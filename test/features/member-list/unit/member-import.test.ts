import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMemberRows, planMemberImport, MAX_MEMBER_IMPORT_ROWS, unknownMembershipTypes } from '../../../../core/members/member-import';
import { parseRenewalDate, renewalDateText, validateMemberForm } from '../../../../core/members/member-form';
import type { Member } from '../../../../core/members/member';
import type { CsvRow } from '../../../../core/water-levels/water-levels';

/** A real date from 1990 to 2100, as ISO text. */
const aDate = fc
  .date({ min: new Date('1990-01-01T00:00:00.000Z'), max: new Date('2100-12-31T00:00:00.000Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const aName = fc.stringMatching(/^[A-Z][a-z]{1,10} [A-Z][a-z]{1,12}$/);
const aType = fc.constantFrom('Family', 'Adult', 'Junior', 'Senior', 'Crew');

/** Members with distinct e-mails (the i-th member's e-mail holds i). */
const someMembers = fc
  .array(fc.tuple(aName, aType, aDate, fc.boolean()), { minLength: 1, maxLength: 30 })
  .map((rows) => rows.map(([name, type, date, ukForm], i) => ({ name, email: `member${i}@club.example`, membershipType: type, renewalDate: date, ukForm })));

function rowsOf(members: { name: string; email: string; membershipType: string; renewalDate: string; ukForm: boolean }[], header: boolean): CsvRow[] {
  const body = members.map((m, i) => ({
    line: i + (header ? 2 : 1),
    cells: [m.name, m.email, m.membershipType, m.ukForm ? renewalDateText(m.renewalDate) : m.renewalDate],
  }));
  return header ? [{ line: 1, cells: ['Name', 'E-mail', 'Membership type', 'Renewal date'] }, ...body] : body;
}

/** Lines no rule accepts, each with the reason it must be named with. */
const badCells = fc.constantFrom(
  { cells: ['', 'x@club.example', 'Adult', '2027-01-01'], reason: 'the name is missing' },
  { cells: ['Bad Mail', 'not-an-email', 'Adult', '2027-01-01'], reason: 'the e-mail “not-an-email” is not an e-mail address' },
  { cells: ['No Type', 'y@club.example', '', '2027-01-01'], reason: 'the membership type is missing' },
  { cells: ['Bad Date', 'z@club.example', 'Adult', '31/02/2027'], reason: 'the renewal date “31/02/2027” is not a real date (use 31/03/2027 or 2027-03-31)' },
  { cells: ['Iso Slip', 'w@club.example', 'Adult', '2027-13-01'], reason: 'the renewal date “2027-13-01” is not a real date (use 31/03/2027 or 2027-03-31)' },
);

describe('renewal dates', () => {
  it('reads a date the same day first (dd/mm/yyyy) or ISO (yyyy-mm-dd)', () => {
    fc.assert(
      fc.property(aDate, (date) => {
        expect(parseRenewalDate(date)).toBe(date);
        expect(parseRenewalDate(renewalDateText(date))).toBe(date);
      }),
    );
  });

  it('refuses dates that do not exist', () => {
    for (const text of ['31/02/2027', '29/02/2027', '2027-02-29', '31/04/2027', '2027-00-10', '00/01/2027', '1/1/27', 'tomorrow', ''])
      expect(parseRenewalDate(text), text).toBeNull();
    expect(parseRenewalDate('29/02/2028')).toBe('2028-02-29');
  });

  it('the form says each missing field', () => {
    expect(
      validateMemberForm({ name: ' ', email: '', membershipType: '', renewalDate: '', phone: '', emergencyContactName: '', emergencyContactPhone: '' }),
    ).toEqual({
      ok: false,
      errors: {
        name: "Enter the member's name",
        email: "Enter the member's e-mail address",
        membershipType: 'Enter the membership type, e.g. Family, Adult or Junior',
        renewalDate: 'Enter the renewal date',
      },
    });
  });
});

describe('the CSV rows of the membership export', () => {
  it('takes every good file whole, with or without a header, dates in either form', () => {
    fc.assert(
      fc.property(someMembers, fc.boolean(), (members, header) => {
        const checked = checkMemberRows(rowsOf(members, header));
        expect(checked.problems).toEqual([]);
        expect(checked.members.map((m) => [m.name, m.email, m.membershipType, m.renewalDate])).toEqual(
          members.map((m) => [m.name, m.email, m.membershipType, m.renewalDate]),
        );
      }),
    );
  });

  it('names a bad line wherever it is, with its line number and its reason, and only that line', () => {
    fc.assert(
      fc.property(someMembers, badCells, fc.nat(), (members, bad, at) => {
        const rows = rowsOf(members, true).map((row) => ({ ...row }));
        const position = 1 + (at % rows.length);
        rows.splice(position, 0, { line: 0, cells: [...bad.cells] });
        const numbered = rows.map((row, i) => ({ ...row, line: i + 1 }));
        const checked = checkMemberRows(numbered);
        expect(checked.problems).toEqual([{ line: position + 1, reason: bad.reason }]);
      }),
    );
  });

  it('names an e-mail given twice, in any letter case, at its second line', () => {
    fc.assert(
      fc.property(someMembers, fc.nat(), (members, a) => {
        const rows = rowsOf(members, false);
        const first = a % rows.length;
        const email = rows[first].cells[1].toUpperCase();
        const second = rows.length + 1;
        rows.push({ line: second, cells: ['Twice Over', email, 'Adult', '2027-01-01'] });
        expect(checkMemberRows(rows).problems).toEqual([{ line: second, reason: `the e-mail ${email} is already on line ${first + 1}` }]);
      }),
    );
  });

  it('refuses an empty file, one over the limit and a header without the e-mail column as a whole', () => {
    expect(checkMemberRows([{ line: 1, cells: ['Name', 'E-mail', 'Membership type', 'Renewal date'] }]).problems[0].line).toBeNull();
    const many = Array.from({ length: MAX_MEMBER_IMPORT_ROWS + 1 }, (_, i) => ({ line: i + 1, cells: ['A B', `m${i}@club.example`, 'Adult', '2027-01-01'] }));
    expect(checkMemberRows(many).problems).toEqual([
      {
        line: null,
        reason: `The file has ${MAX_MEMBER_IMPORT_ROWS + 1} members; at most ${MAX_MEMBER_IMPORT_ROWS} can be imported at once. Split it into smaller files.`,
      },
    ]);
    expect(
      checkMemberRows([
        { line: 1, cells: ['Name', 'Type', 'Renewal'] },
        { line: 2, cells: ['A B', 'Adult', '2027-01-01'] },
      ]).problems,
    ).toEqual([{ line: 1, reason: 'the header has no e-mail column (the columns are name, e-mail, membership type, renewal date)' }]);
  });
});

describe('the import plan', () => {
  it('adds the new e-mails, updates the changed members matched in any letter case, counts the rest unchanged', () => {
    fc.assert(
      fc.property(someMembers, fc.array(fc.nat(), { maxLength: 10 }), (members, storedPicks) => {
        const stored: Member[] = [...new Set(storedPicks.map((n) => n % members.length))].map((i) => ({
          id: `m-${i}`,
          name: members[i].name,
          email: members[i].email.toUpperCase(),
          membershipType: i % 2 === 0 ? members[i].membershipType : 'Changed',
          renewalDate: members[i].renewalDate,
          disabled: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }));
        const plan = planMemberImport(members, stored, []);
        expect(plan.add.length + plan.update.length + plan.unchanged).toBe(members.length);
        expect(plan.add.length).toBe(members.length - stored.length);
        // Every stored one differs at least in the e-mail's letter case.
        expect(plan.update.map((u) => u.id).sort()).toEqual(stored.map((m) => m.id).sort());
        for (const update of plan.update) expect(update.changes.map((c) => c.field)).toContain('email');
      }),
    );
  });
});

describe('membership types and the categories', () => {
  const categories = [{ name: 'Adult' }, { name: 'Family sailing' }];
  it('a type naming a category (as category names compare: case and spaces aside) is known; any other is counted once per member, in file order', () => {
    const lines = ['adult', ' Family   Sailing ', 'Cadet', 'Adult', 'Winter', 'Cadet'].map((membershipType) => ({ membershipType }));
    expect(unknownMembershipTypes(lines, categories)).toEqual([
      { membershipType: 'Cadet', members: 2 },
      { membershipType: 'Winter', members: 1 },
    ]);
    expect(unknownMembershipTypes(lines, [])).toHaveLength(5);
  });

  it('PROPERTY: every member whose type is unknown is counted exactly once, and no known type is reported', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Adult', 'adult', 'Cadet', 'Family sailing', 'Winter', 'WINTER')), (types) => {
        const unknown = unknownMembershipTypes(
          types.map((membershipType) => ({ membershipType })),
          categories,
        );
        expect(unknown.reduce((sum, u) => sum + u.members, 0)).toBe(types.filter((t) => !/^(adult|family sailing)$/i.test(t)).length);
        expect(unknown.map((u) => u.membershipType.toLowerCase())).not.toContain('adult');
      }),
    );
  });
});
