import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { auditQueryOptions, useAudit } from '../api/audit';
import { useAdmins } from '../../../admins/admin/exports/admins-query';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { AuditList } from '../exports/audit-list';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { PageTitle } from '../../../../admin/shared/components/page-title';

export const AUDIT_MESSAGES = { failed: 'Failed to load the audit log' };

/**
 * The audit log (/admin/audit, audit:read): every admin action and member cancellation, newest
 * first, filtered by record (a booking, event or admin id) and by admin. The filters live in the
 * address (?recordId=, ?adminUid=), so a filtered view can be linked to and reloaded.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const recordId = params.get('recordId') ?? '';
  const adminUid = params.get('adminUid') ?? '';
  const audit = useAudit({ recordId, adminUid });
  const tryAgain = useTryAgain(auditQueryOptions({ recordId, adminUid }).queryKey);
  const admins = useAdmins();

  const apply = (form: FormData) => {
    const next = new URLSearchParams();
    const record = String(form.get('recordId') ?? '').trim();
    const uid = String(form.get('adminUid') ?? '');
    if (record) next.set('recordId', record);
    if (uid) next.set('adminUid', uid);
    setParams(next);
  };

  if (audit.isError && audit.error.status === 403) return <LoadError error={audit.error} message={AUDIT_MESSAGES.failed} />;
  return (
    <>
      <PageTitle documentTitle="Audit log">Audit log</PageTitle>
      <form
        className="adm-filters"
        key={`${recordId}|${adminUid}`}
        onSubmit={(e) => {
          e.preventDefault();
          apply(new FormData(e.currentTarget));
        }}
      >
        <Field id="adm-audit-record" label="Record" hint="A booking reference, event id or admin uid">
          <input className="input" name="recordId" type="search" defaultValue={recordId} maxLength={200} />
        </Field>
        <Field id="adm-audit-admin" label="Admin">
          <select className="input" name="adminUid" defaultValue={adminUid}>
            <option value="">Anyone</option>
            {admins.isSuccess &&
              admins.data.map((a) => (
                <option key={a.uid} value={a.uid}>
                  {a.name} ({a.email})
                </option>
              ))}
          </select>
        </Field>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {audit.isPending && <Loading label="Loading the audit log…" />}
      {audit.isError && <LoadError error={audit.error} message={AUDIT_MESSAGES.failed} onRetry={tryAgain} />}
      {audit.isSuccess && (
        <>
          <AuditList entries={audit.data.entries} adminNames={audit.data.adminNames} empty="No entries match." showRecord />
          {audit.data.entries.length === audit.data.limit && (
            <p className="adm-muted">The newest {audit.data.limit} entries are shown; filter by record or admin to see older ones.</p>
          )}
        </>
      )}
    </>
  );
}
