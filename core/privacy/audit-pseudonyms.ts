import type { AuditEntry, AuditValue } from '../audit/audit';

/** One anonymised person, as the audit log may name them: the words to replace, and their pseudonym. */
export interface PseudonymisedPerson {
  /** The texts that named them (full name, first and last name, e-mail, phone...), none empty. */
  texts: readonly string[];
  /** What stands in their place: Pseudonyms.of(their e-mail), the same in every entry. */
  pseudonym: string;
}

/** Audited fields that hold a person's data whatever their value: replaced whole. */
export const PERSONAL_AUDIT_FIELDS: ReadonlySet<string> = new Set([
  'firstName',
  'lastName',
  'userEmail',
  'boatName',
  'name',
  'email',
  'phone',
  'emergencyContactName',
  'emergencyContactPhone',
  'householdAttendees',
  'otherJob',
]);

/**
 * An audit entry with every mention of the person (in its summary and its changes' values)
 * replaced by their pseudonym (a change of a field in PERSONAL_AUDIT_FIELDS entirely), so the log still says what happened, and one person's history
 * stays followable, without their personal data. Longer texts go first ("Sam Sailor" before
 * "Sam"); texts shorter than three characters are left (they would hit unrelated words).
 * Idempotent: an entry already rewritten comes back equal.
 */
export function pseudonymiseAuditEntry(entry: AuditEntry, person: PseudonymisedPerson): AuditEntry {
  const texts = [...new Set(person.texts.map((text) => text.trim()).filter((text) => text.length >= 3))].sort((a, b) => b.length - a.length);
  const replace = (value: string) => texts.reduce((out, text) => replaceAllIgnoringCase(out, text, person.pseudonym), value);
  const value = (field: string, v: AuditValue): AuditValue =>
    typeof v !== 'string' ? v : PERSONAL_AUDIT_FIELDS.has(field) && v !== '' ? person.pseudonym : replace(v);
  return {
    ...entry,
    summary: replace(entry.summary),
    changes: entry.changes.map((change) => ({ ...change, before: value(change.field, change.before), after: value(change.field, change.after) })),
  };
}

function replaceAllIgnoringCase(value: string, text: string, by: string): string {
  const lowerValue = value.toLowerCase();
  const lowerText = text.toLowerCase();
  let out = '';
  let from = 0;
  for (let at = lowerValue.indexOf(lowerText); at !== -1; at = lowerValue.indexOf(lowerText, from)) {
    out += value.slice(from, at) + by;
    from = at + text.length;
  }
  return out + value.slice(from);
}
