import { Link } from 'react-router-dom';
import { formatMoment } from '@core/shared/date-text';
import type { AuditEntry } from '@core/audit/audit';
import { adminNameText, auditActorText, auditChangesText, REMOVED_ADMIN, type AdminNames } from '@core/audit/audit-display';

/** The record an entry is about: a booking links to its screen, an admin is named (or its uid once removed). */
function recordText(entry: AuditEntry, adminNames: AdminNames) {
  if (entry.recordType === 'booking') return <Link to={`/admin/booking/${encodeURIComponent(entry.recordId)}`}>booking {entry.recordId}</Link>;
  if (entry.recordType === 'admin') {
    // A removed admin's record keeps its uid: it is what the filter above searches by.
    return `admin ${adminNameText(entry.recordId, adminNames) === REMOVED_ADMIN ? entry.recordId : adminNames[entry.recordId]}`;
  }
  return `${entry.recordType} ${entry.recordId}`;
}

/**
 * Audit entries, newest first: when (London time), who (an admin by name), what, and the fields
 * changed by their labels, with amounts in pounds and times in London (core/audit/audit-display.ts).
 */
export function AuditList({
  entries,
  adminNames,
  empty,
  showRecord = false,
}: {
  entries: AuditEntry[];
  adminNames: AdminNames;
  empty: string;
  showRecord?: boolean;
}) {
  if (entries.length === 0) return <p className="adm-muted">{empty}</p>;
  return (
    <ol className="adm-audit">
      {entries.map((entry) => (
        <li key={entry.id}>
          <p>
            <strong>
              <time dateTime={entry.at}>{formatMoment(entry.at, 'admin')}</time>
            </strong>{' '}
            · {auditActorText(entry.actor, adminNames)} · {entry.summary}
            {showRecord && <> · {recordText(entry, adminNames)}</>}
          </p>
          {entry.changes.length > 0 && (
            <ul className="adm-audit-changes">
              {auditChangesText(entry, adminNames).map((change) => (
                <li key={change.field}>
                  <span className="adm-audit-field">{change.label}</span>: {change.before} → {change.after}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
