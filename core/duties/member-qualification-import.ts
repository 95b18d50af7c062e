import { z } from 'zod';
import type { Member } from '../members/member';
import { memberEmailKey } from '../members/member';
import { parseUkDate } from '../shared/uk-date-input';
import { ImportProblemSchema, type ImportProblem } from '../water-levels/water-levels';
import type { MemberQualification, Qualification } from './duties';

/** The largest CSV file of members' qualifications read. */
export const MAX_QUALIFICATION_CSV_BYTES = 100 * 1024;
/** At most this many lines: the import is one all-or-nothing write. */
export const MAX_QUALIFICATION_IMPORT_ROWS = 450;
export const QUALIFICATION_CSV_TOO_LARGE = `The CSV file is too large: at most ${MAX_QUALIFICATION_CSV_BYTES / 1024} kB and ${MAX_QUALIFICATION_IMPORT_ROWS} lines. Split it into smaller files.`;

export const QualificationImportPreviewSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(false), problems: z.array(ImportProblemSchema) }),
  z.object({ ok: z.literal(true), add: z.number().int(), replace: z.number().int(), unchanged: z.number().int() }),
]);
export type QualificationImportPreview = z.infer<typeof QualificationImportPreviewSchema>;
export const QualificationImportResultSchema = z.object({
  imported: z.number().int(),
  added: z.number().int(),
  replaced: z.number().int(),
  unchanged: z.number().int(),
});

/** A date cell: ISO (2027-03-31) or day first (31/03/2027); empty: no expiry. */
function expiryOf(cell: string): string | null | undefined {
  if (cell === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(cell)) return parseUkDate(cell.split('-').reverse().join('/')) ?? undefined;
  return parseUkDate(cell) ?? undefined;
}

export type QualificationImportDecision =
  { ok: false; problems: ImportProblem[] } | { ok: true; records: MemberQualification[]; add: number; replace: number; unchanged: number };

/**
 * Checks the CSV's rows ("member e-mail, qualification name, expiry date"; an optional header line
 * starting "email"; expiry empty for none) against the member list and the qualifications: every
 * bad line is named with its reasons; nothing is imported unless none is bad.
 */
export function decideQualificationImport(
  rows: readonly { line: number; cells: string[] }[],
  members: readonly Pick<Member, 'id' | 'email'>[],
  qualifications: readonly Qualification[],
  stored: readonly MemberQualification[],
): QualificationImportDecision {
  const body = rows.length > 0 && /^e-?mail/i.test(rows[0].cells[0] ?? '') ? rows.slice(1) : rows;
  if (body.length === 0) return { ok: false, problems: [{ line: null, reason: 'the file has no lines to import' }] };
  if (body.length > MAX_QUALIFICATION_IMPORT_ROWS) return { ok: false, problems: [{ line: null, reason: QUALIFICATION_CSV_TOO_LARGE }] };
  const byEmail = new Map(members.map((m) => [memberEmailKey(m.email), m.id]));
  const byName = new Map(qualifications.map((q) => [q.name.trim().toLowerCase(), q]));
  const problems: ImportProblem[] = [];
  const records = new Map<string, { record: MemberQualification; line: number }>();
  for (const { line, cells } of body) {
    const [email = '', name = '', expiry = ''] = cells.map((cell) => cell.trim());
    const reasons: string[] = [];
    if (cells.length > 3) reasons.push('more than three values (e-mail, qualification, expiry date)');
    const memberId = byEmail.get(memberEmailKey(email));
    if (!memberId) reasons.push(email === '' ? 'no e-mail' : `no member has the e-mail ${email}`);
    const qualification = byName.get(name.toLowerCase());
    if (!qualification) reasons.push(name === '' ? 'no qualification' : `there is no qualification named ${name}`);
    const expiresOn = expiryOf(expiry);
    if (expiresOn === undefined) reasons.push(`${expiry} is not a date (use 2027-03-31 or 31/03/2027)`);
    else if (expiresOn === null && qualification?.validityMonths) reasons.push(`${qualification.name} expires: give its expiry date`);
    if (memberId && qualification) {
      const key = `${memberId} ${qualification.id}`;
      const earlier = records.get(key);
      if (earlier) reasons.push(`the same member and qualification as line ${earlier.line}`);
      else if (reasons.length === 0) records.set(key, { record: { memberId, qualificationId: qualification.id, expiresOn: expiresOn ?? null }, line });
    }
    if (reasons.length > 0) problems.push({ line, reason: reasons.join('; ') });
  }
  if (problems.length > 0) return { ok: false, problems };
  const list = [...records.values()].map((r) => r.record);
  let add = 0;
  let replace = 0;
  let unchanged = 0;
  for (const record of list) {
    const before = stored.find((s) => s.memberId === record.memberId && s.qualificationId === record.qualificationId);
    if (!before) add += 1;
    else if (before.expiresOn === record.expiresOn) unchanged += 1;
    else replace += 1;
  }
  return { ok: true, records: list, add, replace, unchanged };
}
