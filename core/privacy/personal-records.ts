import { SECRET_MAIL_KINDS } from '../mail/secret-mail-kinds';
import { SECRET_MAIL_WITHHELD } from '../mail/list-outbox';
import { withholdCapabilityLinks } from '../shared/capability-links';
import { ERASED_ADDRESS_DOMAIN } from '../shared/anonymised';
import type { RecordRewrite, StoredRecord } from './personal-data-store.port';

/**
 * Which stored records are a person's, and what erasing them leaves (docs/privacy-requests.md).
 * The rules read records as plain values, whatever table or collection
 * holds them, so a store added later is covered without a change here.
 */

/** The fields whose text names a person (a name, a boat, a phone): what erasure replaces wherever it stands. */
export const PERSONAL_TEXT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'fullName',
  'displayName',
  'boatName',
  'phone',
  'emergencyContactName',
  'emergencyContactPhone',
] as const;

/**
 * Fields that hold capability secrets or their hashes (sign-in codes, session and reset tokens,
 * feed secrets, passkeys' keys, checkout ids): never in a subject-access archive.
 */
const SECRET_FIELD = /hash|secret|token|password|publickey|challenge|checkoutid|credential|^claim$/i;

/** Characters that may stand next to an e-mail address inside a longer one. */
const EMAIL_EDGE_BEFORE = "(?<![A-Za-z0-9._%+'-])";
const EMAIL_EDGE_AFTER = '(?![A-Za-z0-9.-]*[A-Za-z0-9])';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The e-mail as the app keys it: trimmed, lower-cased. */
export function personEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Matches the address anywhere in a text, in any case, but not inside a longer address (ann@x.org in joann@x.org). */
function emailPattern(email: string, flags = 'gi'): RegExp {
  return new RegExp(`${EMAIL_EDGE_BEFORE}${escaped(personEmailKey(email))}${EMAIL_EDGE_AFTER}`, flags);
}

/** Matches a name, phone or boat as a whole word, in any case. */
function markPattern(mark: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped(mark)}(?![\\p{L}\\p{N}])`, 'giu');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A text that holds a JSON object or list (a record kept as JSON in one column), parsed; else undefined. */
function jsonIn(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every text in a value (inside lists, objects and JSON kept as text), with the key it stands under. */
function eachText(
  value: unknown,
  visit: (text: string, key: string | null, holder: Record<string, unknown> | null) => void,
  key: string | null = null,
  holder: Record<string, unknown> | null = null,
): void {
  if (typeof value === 'string') {
    visit(value, key, holder);
    const parsed = jsonIn(value);
    if (parsed !== undefined) eachText(parsed, visit);
  } else if (Array.isArray(value)) {
    for (const item of value) eachText(item, visit, null, null);
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) eachText(v, visit, k, value);
  }
}

/** Whether a record's text holds the e-mail (any case, any field, its id included). */
export function mentionsEmail(record: StoredRecord, email: string): boolean {
  const pattern = emailPattern(email, 'i');
  let found = pattern.test(record.id);
  if (!found) {
    eachText(record.fields, (text) => {
      if (!found && pattern.test(text)) found = true;
    });
  }
  return found;
}

/** Whether a text of the record (or its id) is the e-mail itself, not a mention inside a longer text. */
function holdsEmailWhole(record: StoredRecord, email: string): boolean {
  const key = personEmailKey(email);
  let found = personEmailKey(record.id) === key;
  eachText(record.fields, (text) => {
    if (!found && personEmailKey(text) === key) found = true;
  });
  return found;
}

/**
 * Records found only because someone typed the e-mail into a longer text (an event's description
 * "ask ann@example.org"): they are rewritten, but they are not the person's, so neither their
 * names (the event's own name) nor their ids (which the event's other bookings name) are taken as
 * the person's. A record holding the e-mail whole (a booking's, a member's) or naming one of those
 * by id (an audit entry about the booking) is the person's.
 */
function typedMentions(direct: readonly StoredRecord[], email: string): Set<StoredRecord> {
  const own = direct.filter((record) => holdsEmailWhole(record, email));
  const ownKeys = new Set(own.flatMap((record) => (record.key === null ? [] : [record.key])));
  return new Set(direct.filter((record) => !own.includes(record) && !namesOneOf(record, ownKeys)));
}

/** Whether any text of the record equals one of the ids (a member's id in a passkey, a booking's id in an audit entry). */
function namesOneOf(record: StoredRecord, keys: ReadonlySet<string>): boolean {
  if (record.key !== null && keys.has(record.key)) return true;
  let found = false;
  eachText(record.fields, (text) => {
    if (!found && keys.has(text)) found = true;
  });
  return found;
}

/**
 * The person's records among all stored ones, each once: those whose text holds the e-mail (their
 * member record, bookings, waiting-list places, work-day sign-ups, e-mails, sign-in failures...),
 * then those that name one of these by its id (passkeys, sessions and qualifications by the member's
 * id, household people, duties, the audit entries about their records). Nothing else: another
 * person's booking at the same event names the event, not this person.
 */
export function personRecords(records: readonly StoredRecord[], email: string): StoredRecord[] {
  if (personEmailKey(email) === '') return [];
  const direct = records.filter((record) => mentionsEmail(record, email));
  const typed = typedMentions(direct, email);
  const keys = new Set(direct.flatMap((record) => (record.key === null || typed.has(record) ? [] : [record.key])));
  const chosen = new Set(direct);
  for (const record of records) {
    if (!chosen.has(record) && namesOneOf(record, keys)) chosen.add(record);
  }
  // A household of which the person is the only member is theirs: its record and its dependants
  // (keyed by the household's own id since households of several members). A household shared
  // with other members is theirs too, so its dependants are left to the contact (docs/privacy-requests.md).
  const households = new Set<string>();
  for (const record of chosen) {
    const householdId = record.fields.householdId;
    if (typeof householdId === 'string' && records.filter((other) => other.fields.householdId === householdId).length === 1) households.add(householdId);
  }
  if (households.size > 0) {
    for (const record of records) {
      if (!chosen.has(record) && ((record.key !== null && households.has(record.key)) || namesOneOf(record, households))) chosen.add(record);
    }
  }
  return records.filter((record) => chosen.has(record));
}

/**
 * The texts that name the person in their records: names, boats, phones, emergency contacts (each
 * as given and, for a first and last name, together), and the values an audited change of one of
 * those fields held before and after. Longest first, so a full name is replaced before its parts.
 */
export function personMarks(records: readonly StoredRecord[]): string[] {
  const marks = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    const text = value.trim().replace(/\s+/g, ' ');
    if (text.length >= 2) marks.add(text);
  };
  for (const record of records) {
    eachText(record.fields, (text, key, holder) => {
      if (key !== null && (PERSONAL_TEXT_FIELDS as readonly string[]).includes(key)) add(text);
      if (holder && key === 'firstName' && typeof holder.lastName === 'string') add(`${text} ${holder.lastName}`);
    });
    eachText(record.fields, (_text, key, holder) => {
      // An audited change ({ field, before, after }) of a personal field keeps the old name too.
      if (key === 'field' && holder && (PERSONAL_TEXT_FIELDS as readonly string[]).includes(String(holder.field))) {
        add(holder.before);
        add(holder.after);
      }
    });
  }
  return [...marks].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/** What an erased person's name and e-mail become: their pseudonym, and an address nobody receives mail at. */
export interface Replacement {
  name: string;
  email: string;
}

/** The replacement for a pseudonym such as "Person 3f9a2c1b7d04": that name, and erased-3f9a2c1b7d04@erased.invalid. */
export function replacementFor(pseudonym: string): Replacement {
  const tail =
    pseudonym
      .trim()
      .split(/\s+/)
      .pop()
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'person';
  return { name: pseudonym, email: `erased-${tail}@${ERASED_ADDRESS_DOMAIN}` };
}

interface Marks {
  patterns: readonly RegExp[];
  /** The marks as lower-case text, for values that are exactly one of them. */
  whole: ReadonlySet<string>;
}

const isPersonalKey = (key: string | null): boolean => key !== null && (PERSONAL_TEXT_FIELDS as readonly string[]).includes(key);

/**
 * A text with the e-mail and every mark replaced (JSON kept as text: its values only, never its
 * keys). A value that is exactly a mark but stands under a field that is not personal (a payment
 * method "cash", a kind "adult") is a code the app reads, not a name: it is kept.
 */
function erasedText(text: string, email: RegExp, marks: Marks, replacement: Replacement, personal: boolean): string {
  const parsed = jsonIn(text);
  if (parsed !== undefined) return JSON.stringify(erasedValue(parsed, email, marks, replacement, false));
  let out = text.replace(email, replacement.email);
  if (!personal && marks.whole.has(out.trim().toLowerCase())) return out;
  for (const mark of marks.patterns) out = out.replace(mark, replacement.name);
  return out;
}

function erasedValue(value: unknown, email: RegExp, marks: Marks, replacement: Replacement, personal: boolean): unknown {
  if (typeof value === 'string') return erasedText(value, email, marks, replacement, personal);
  if (Array.isArray(value)) return value.map((item) => erasedValue(item, email, marks, replacement, false));
  if (isPlainObject(value)) {
    // An audited change of a personal field ({ field: 'lastName', before, after }) holds names in before and after.
    const auditedPersonal = typeof value.field === 'string' && isPersonalKey(value.field);
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        erasedValue(v, email, marks, replacement, isPersonalKey(k) || (auditedPersonal && (k === 'before' || k === 'after'))),
      ]),
    );
  }
  return value;
}

/**
 * The rewrites that erase a person from their records: the e-mail becomes the replacement address,
 * each name, boat and phone the pseudonym, in every text (JSON kept as text included). Numbers,
 * dates, flags and ids stay as they were, so amounts, refunds, counts and references are kept.
 * Records that do not change are left out.
 */
export function erasureRewrites(records: readonly StoredRecord[], email: string, replacement: Replacement): RecordRewrite[] {
  const emailRegex = emailPattern(email);
  const typed = typedMentions(
    records.filter((record) => mentionsEmail(record, email)),
    email,
  );
  const texts = personMarks(records.filter((record) => !typed.has(record)));
  const marks: Marks = { patterns: texts.map(markPattern), whole: new Set(texts.map((t) => t.toLowerCase())) };
  const rewrites: RecordRewrite[] = [];
  for (const record of records) {
    const fields = erasedValue(record.fields, emailRegex, marks, replacement, false) as Record<string, unknown>;
    const newId = erasedText(record.id, emailRegex, { patterns: [], whole: new Set() }, replacement, false);
    if (newId !== record.id || JSON.stringify(fields) !== JSON.stringify(record.fields)) rewrites.push({ kind: record.kind, id: record.id, newId, fields });
  }
  return rewrites;
}

/**
 * A value as an archive shows it: fields holding secrets left out, capability links in texts
 * withheld (core/shared/capability-links.ts), the body of an e-mail that carries a sign-in code or
 * reset link withheld whole (as the Mail screen does), stored dates as ISO text.
 */
function archivedValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const parsed = jsonIn(value);
    return parsed !== undefined ? archivedValue(parsed) : withholdCapabilityLinks(value);
  }
  if (Array.isArray(value)) return value.map(archivedValue);
  if (isPlainObject(value)) {
    const secretMail = typeof value.kind === 'string' && SECRET_MAIL_KINDS.includes(value.kind);
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_FIELD.test(k))
        .map(([k, v]) => [
          k,
          secretMail && k === 'mail' && isPlainObject(v)
            ? { ...(archivedValue(v) as object), text: SECRET_MAIL_WITHHELD, html: SECRET_MAIL_WITHHELD }
            : archivedValue(v),
        ]),
    );
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return (value as { toDate(): Date }).toDate().toISOString();
  }
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  return value ?? null;
}

/** One file of a subject-access archive. */
export interface ArchiveFile {
  name: string;
  text: string;
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell a spreadsheet would run as a formula starts with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A person's records as archive files: per kind (table or collection), one JSON file and one CSV
 * file (a header of every field, a line per record), in kind order; capability secrets left out
 * and capability links in texts (e-mails' manage, offer and withdraw links) withheld.
 */
export function archiveFiles(records: readonly StoredRecord[]): ArchiveFile[] {
  const byKind = new Map<string, Record<string, unknown>[]>();
  for (const record of records) {
    const list = byKind.get(record.kind) ?? [];
    // A document keeps its id beside its fields (Firestore): the archive names it as a row's id column does.
    const fields = record.key !== null && !('id' in record.fields) ? { id: record.key, ...record.fields } : record.fields;
    list.push(archivedValue(fields) as Record<string, unknown>);
    byKind.set(record.kind, list);
  }
  const files: ArchiveFile[] = [];
  for (const kind of [...byKind.keys()].sort()) {
    const rows = byKind.get(kind) ?? [];
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const name = kind.replace(/[^A-Za-z0-9_-]/g, '_');
    files.push({ name: `${name}.json`, text: `${JSON.stringify(rows, null, 2)}\n` });
    files.push({
      name: `${name}.csv`,
      text: [columns.map(csvCell).join(','), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(','))].join('\r\n') + '\r\n',
    });
  }
  return files;
}
