import { z } from 'zod';
import { importPreviewSchema, importResultSchema, type CsvRow, type ImportPreview, type ImportProblem } from '../water-levels/water-levels';
import { memberEmailKey, membershipTypeKey, type Member } from './member';
import { isMemberEmail, isPhoneNumber, parseRenewalDate, type MemberDetails } from './member-form';

/**
 * The CSV import of the club's membership export (docs/members.md), shaped as the water-level import:
 * every bad line is named with all its reasons, and a file with any bad line imports nothing.
 * Columns: name, e-mail, membership type, renewal date, then optionally phone, emergency contact
 * and emergency contact's phone, in that order; or, when the first line is a header naming them, in
 * any order (other columns are then ignored).
 */

/** A CSV file of members: at most this many bytes... */
export const MAX_MEMBER_CSV_BYTES = 200 * 1024;
/** ... and at most this many members. */
export const MAX_MEMBER_IMPORT_ROWS = 2000;
export const MEMBER_CSV_TOO_LARGE_MESSAGE = `The CSV file is too large: at most ${MAX_MEMBER_CSV_BYTES / 1024} kB (about ${MAX_MEMBER_IMPORT_ROWS} members). Split it into smaller files.`;
export const MEMBER_CSV_EXAMPLE = 'name,e-mail,membership type,renewal date\nAnn Sailor,ann@example.com,Family,31/03/2027';

const REQUIRED = ['name', 'email', 'membershipType', 'renewalDate'] as const;
const COLUMNS = [...REQUIRED, 'phone', 'emergencyContactName', 'emergencyContactPhone'] as const;
type Column = (typeof COLUMNS)[number];
const COMPARED = COLUMNS;

/** The header names each column goes by (compared without case, spaces, dashes and underscores). */
const HEADER_NAMES: Record<Column, readonly string[]> = {
  name: ['name', 'fullname', 'membername'],
  email: ['email', 'emailaddress'],
  membershipType: ['membershiptype', 'type', 'membership'],
  renewalDate: ['renewaldate', 'renewal', 'renewson', 'expirydate', 'expires'],
  phone: ['phone', 'telephone', 'mobile', 'phonenumber', 'tel'],
  emergencyContactName: ['emergencycontact', 'emergencycontactname', 'emergencyname'],
  emergencyContactPhone: ['emergencycontactphone', 'emergencyphone', 'emergencynumber', 'emergencycontactnumber'],
};

function headerKey(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** The columns a header row names, or null when the first row is not a header (its e-mail column holds an e-mail). */
function headerColumns(row: CsvRow): Record<Column, number> | null {
  const keys = row.cells.map(headerKey);
  if (!keys.some((key) => HEADER_NAMES.name.includes(key) || HEADER_NAMES.email.includes(key))) return null;
  if (row.cells.some((cell) => isMemberEmail(cell))) return null;
  const found = {} as Record<Column, number>;
  for (const column of COLUMNS) found[column] = keys.findIndex((key) => HEADER_NAMES[column].includes(key));
  return found;
}

const COLUMN_WORDS: Record<Column, string> = {
  name: 'name',
  email: 'e-mail',
  membershipType: 'membership type',
  renewalDate: 'renewal date',
  phone: 'phone',
  emergencyContactName: 'emergency contact',
  emergencyContactPhone: "emergency contact's phone",
};

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** A member as a line of the file gives them, with its line number. */
export interface MemberLine extends MemberDetails {
  line: number;
}

/**
 * Checks every row of a file (an optional header row first): each bad row's every reason, in line
 * order, and the members of the good rows. An e-mail that appears twice in the file (whatever its
 * letter case) is a problem at its second line: which line was meant cannot be known.
 */
export function checkMemberRows(rows: readonly CsvRow[]): { members: MemberLine[]; problems: ImportProblem[] } {
  const header = rows.length > 0 ? headerColumns(rows[0]) : null;
  if (header) {
    const missing = REQUIRED.filter((column) => header[column] === -1);
    if (missing.length > 0) {
      return {
        members: [],
        problems: [
          {
            line: rows[0].line,
            reason: `the header has no ${missing.map((column) => COLUMN_WORDS[column]).join(', ')} column (the columns are name, e-mail, membership type, renewal date)`,
          },
        ],
      };
    }
  }
  const at: Record<Column, number> = header ?? {
    name: 0,
    email: 1,
    membershipType: 2,
    renewalDate: 3,
    phone: 4,
    emergencyContactName: 5,
    emergencyContactPhone: 6,
  };
  const body = header ? rows.slice(1) : rows;
  const members: MemberLine[] = [];
  const problems: ImportProblem[] = [];
  if (body.length === 0) {
    return {
      members,
      problems: [
        {
          line: null,
          reason: `The file has no members: each line should be a name, an e-mail, a membership type and a renewal date, e.g. ${MEMBER_CSV_EXAMPLE.split('\n')[1]}`,
        },
      ],
    };
  }
  if (body.length > MAX_MEMBER_IMPORT_ROWS) {
    return {
      members,
      problems: [
        { line: null, reason: `The file has ${body.length} members; at most ${MAX_MEMBER_IMPORT_ROWS} can be imported at once. Split it into smaller files.` },
      ],
    };
  }
  const firstLineOf = new Map<string, number>();
  for (const row of body) {
    const cell = (column: Column) => (at[column] === -1 ? '' : (row.cells[at[column]] ?? '').trim());
    const reasons: string[] = [];
    const name = cell('name');
    if (name === '') reasons.push('the name is missing');
    else if (name.length > 200) reasons.push('the name is longer than 200 characters');
    const email = cell('email');
    if (email === '') reasons.push('the e-mail is missing');
    else if (!isMemberEmail(email)) reasons.push(`the e-mail ${quoted(email)} is not an e-mail address`);
    else {
      const first = firstLineOf.get(memberEmailKey(email));
      if (first !== undefined) reasons.push(`the e-mail ${email} is already on line ${first}`);
      else firstLineOf.set(memberEmailKey(email), row.line);
    }
    const membershipType = cell('membershipType');
    if (membershipType === '') reasons.push('the membership type is missing');
    else if (membershipType.length > 100) reasons.push('the membership type is longer than 100 characters');
    const dateText = cell('renewalDate');
    let renewalDate: string | null = null;
    if (dateText === '') reasons.push('the renewal date is missing');
    else {
      renewalDate = parseRenewalDate(dateText);
      if (renewalDate === null) reasons.push(`the renewal date ${quoted(dateText)} is not a real date (use 31/03/2027 or 2027-03-31)`);
    }
    const optional: Pick<MemberDetails, 'phone' | 'emergencyContactName' | 'emergencyContactPhone'> = {};
    for (const column of ['phone', 'emergencyContactPhone'] as const) {
      const text = cell(column);
      if (text === '') continue;
      if (!isPhoneNumber(text)) reasons.push(`the ${COLUMN_WORDS[column]} ${quoted(text)} is not a phone number`);
      else optional[column] = text;
    }
    const contact = cell('emergencyContactName');
    if (contact.length > 200) reasons.push("the emergency contact's name is longer than 200 characters");
    else if (contact !== '') optional.emergencyContactName = contact;
    if (!header && row.cells.slice(COLUMNS.length).some((extra) => extra.trim() !== '')) {
      reasons.push(
        `too many columns (${row.cells.length}): each line should be a name, an e-mail, a membership type and a renewal date, then optionally a phone, an emergency contact and their phone`,
      );
    }
    if (reasons.length > 0) problems.push({ line: row.line, reason: reasons.join('; ') });
    else members.push({ line: row.line, name, email, membershipType, renewalDate: renewalDate!, ...optional });
  }
  return { members, problems };
}

/** A stored member the import would change: their e-mail and name, and each field before and after. */
export interface MemberUpdate {
  id: string;
  email: string;
  name: string;
  /** Each field that changes; an optional field not given is '' before or after. */
  changes: { field: Column; before: string; after: string }[];
}

/**
 * A membership type the file names that no membership category is called (compared as category
 * names are: membershipTypeKey), with how many of the file's members hold it. A warning only: the
 * members are imported with it, and the admin adds the category (docs/members.md#csv-import).
 */
export interface UnknownMembershipType {
  membershipType: string;
  members: number;
}

/** What importing would do: members to add, members whose details change, how many are already as the file has them, and the types no category is called. */
export interface MemberImportPlan {
  add: MemberDetails[];
  update: MemberUpdate[];
  unchanged: number;
  unknownMembershipTypes: UnknownMembershipType[];
}

const UnknownMembershipTypesSchema = z.array(z.object({ membershipType: z.string(), members: z.number().int().positive() }));

/** The import's warning about membership types no category is called, for the preview and the import's summary; null for none. */
export function unknownMembershipTypesWarning(unknown: readonly UnknownMembershipType[]): string | null {
  if (unknown.length === 0) return null;
  const named = unknown.map((u) => `“${u.membershipType}” (${u.members} ${u.members === 1 ? 'member' : 'members'})`).join(', ');
  return `No membership category is called ${named}: imported all the same. Add ${unknown.length === 1 ? 'the category' : 'the categories'} under Admin → Membership.`;
}

/** The file's membership types that name no category, in the order the file first names each. */
export function unknownMembershipTypes(
  lines: readonly Pick<MemberDetails, 'membershipType'>[],
  categories: readonly { name: string }[],
): UnknownMembershipType[] {
  const known = new Set(categories.map((category) => membershipTypeKey(category.name)));
  const counts = new Map<string, number>();
  for (const { membershipType } of lines) {
    if (!known.has(membershipTypeKey(membershipType))) counts.set(membershipType, (counts.get(membershipType) ?? 0) + 1);
  }
  return [...counts].map(([membershipType, members]) => ({ membershipType, members }));
}

const DetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  membershipType: z.string(),
  renewalDate: z.iso.date(),
  phone: z.string().optional(),
  emergencyContactName: z.string().optional(),
  emergencyContactPhone: z.string().optional(),
});
export const MemberImportPlanSchema = z.object({
  add: z.array(DetailsSchema),
  update: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      changes: z.array(z.object({ field: z.enum(COLUMNS), before: z.string(), after: z.string() })),
    }),
  ),
  unchanged: z.number().int().nonnegative(),
  unknownMembershipTypes: UnknownMembershipTypesSchema,
});

/** A line's member details, without its line number. */
export function detailsOf(line: MemberDetails): MemberDetails {
  const { name, email, membershipType, renewalDate, phone, emergencyContactName, emergencyContactPhone } = line;
  return {
    name,
    email,
    membershipType,
    renewalDate,
    ...(phone !== undefined ? { phone } : {}),
    ...(emergencyContactName !== undefined ? { emergencyContactName } : {}),
    ...(emergencyContactPhone !== undefined ? { emergencyContactPhone } : {}),
  };
}

/** Whether a stored member already has exactly these details. */
export function hasDetails(member: MemberDetails, details: MemberDetails): boolean {
  return COMPARED.every((field) => (member[field] ?? '') === (details[field] ?? ''));
}

/** Compares the file's members with the stored ones, matched by e-mail whatever its letter case. */
export function planMemberImport(lines: readonly MemberDetails[], stored: readonly Member[], categories: readonly { name: string }[]): MemberImportPlan {
  const byEmail = new Map(stored.map((member) => [memberEmailKey(member.email), member]));
  const add: MemberDetails[] = [];
  const update: MemberUpdate[] = [];
  let unchanged = 0;
  for (const line of lines) {
    const details = detailsOf(line);
    const member = byEmail.get(memberEmailKey(line.email));
    if (!member) {
      add.push(details);
      continue;
    }
    const changes = COMPARED.filter((field) => (member[field] ?? '') !== (details[field] ?? '')).map((field) => ({
      field,
      before: member[field] ?? '',
      after: details[field] ?? '',
    }));
    if (changes.length === 0) unchanged += 1;
    else update.push({ id: member.id, email: member.email, name: member.name, changes });
  }
  return { add, update, unchanged, unknownMembershipTypes: unknownMembershipTypes(lines, categories) };
}

/** The import's decision: refused with every problem, or the plan. Nothing is stored while any line is bad. */
/** `stored`: the list the plan was made against, which the import writes over (its storage write refuses any e-mail taken since). */
export type MemberImportDecision = { ok: false; problems: ImportProblem[] } | { ok: true; members: MemberLine[]; plan: MemberImportPlan; stored: Member[] };

export const MemberImportPreviewSchema = importPreviewSchema(MemberImportPlanSchema);
export type MemberImportPreview = ImportPreview<MemberImportPlan>;

/** The import's answer: how many members were stored, and of them how many were new, updated or unchanged. */
export const MemberImportResultSchema = importResultSchema('updated').extend({ unknownMembershipTypes: UnknownMembershipTypesSchema });
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;
