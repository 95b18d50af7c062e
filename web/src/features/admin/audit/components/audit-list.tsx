import { Link } from 'react-router-dom';
import { formatDate } from '@core/calendar/calendar';
import { actorName, type AuditEntry } from '@core/audit/audit';

/** Audit entries, newest first: when, who, what, and the fields changed. */
export function AuditList({ entries, empty, showRecord = false }: { entries: AuditEntry[]; empty: string; showRecord?: boolean }) {
  if (entries.length === 0) return <p className="adm-muted">{empty}</p>;
  return (
    <ol className="adm-audit">
      {entries.map((entry) => (
        <li key={entry.id}>
          <p>
            <strong>{formatDate(entry.at, 'admin')}</strong> · {actorName(entry.actor)} · {entry.summary}
            {showRecord && (
              <>
                {' '}
                ·{' '}
                {entry.recordType === 'booking' ? <Link to={`/admin/booking/${encodeURIComponent(entry.recordId)}`}>booking {entry.recordId}</Link> : `${entry.recordType} ${entry.recordId}`}
              </>
            )}
          </p>
          {entry.changes.length > 0 && (
            <ul className="adm-audit-changes">
              {entry.changes.map((change) => (
                <li key={change.field}>
                  <code>{change.field}</code>: {String(change.before ?? '—')} → {String(change.after ?? '—')}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
