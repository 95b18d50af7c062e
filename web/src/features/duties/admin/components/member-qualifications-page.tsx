import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { Field, InputField } from '../../../../components/ui/field';
import { stateField } from '../../../../lib/state-field';
import { calendarDateText } from '@core/shared/london-time';
import { refusalMessage } from '../../../../lib/api';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import {
  importQualifications,
  memberQualificationsQueryOptions,
  previewQualificationImport,
  removeMemberQualification,
  setMemberQualification,
  useDutyWrite,
  useMemberQualifications,
} from '../api/duties';

/** Members' qualifications (duties:write): every member with what they hold; add one, remove one, or import a CSV file. */
export function MemberQualificationsPage() {
  const view = useMemberQualifications();
  const tryAgain = useTryAgain(memberQualificationsQueryOptions().queryKey);
  const set = useDutyWrite(setMemberQualification);
  const remove = useDutyWrite(removeMemberQualification);
  const [form, setForm] = useState({ memberId: '', qualificationId: '', expiresOn: '' });
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: previewQualificationImport });
  const doImport = useDutyWrite(importQualifications);

  if (view.isError && view.error.status === 403) return <LoadError error={view.error} message="" />;
  const data = view.data;
  const qualName = (id: string) => data?.qualifications.find((q) => q.id === id)?.name ?? id;
  const failure = set.error ?? remove.error ?? doImport.error ?? preview.error;
  const add = (e: FormEvent) => {
    e.preventDefault();
    set.mutate(
      { memberId: form.memberId, qualificationId: form.qualificationId, expiresOn: form.expiresOn === '' ? null : form.expiresOn },
      { onSuccess: () => setForm({ ...form, expiresOn: '' }) },
    );
  };

  return (
    <>
      <PageHead title="Members’ qualifications" />
      {failure && <Alert tone="error">{refusalMessage(failure, 'The change could not be saved. Please try again.')}</Alert>}
      {doImport.isSuccess && (
        <div role="status">
          <Alert tone="success">Imported: the qualifications are recorded.</Alert>
        </div>
      )}
      <LoadStatus query={view} onRetry={tryAgain} loading="Loading members’ qualifications…" failed="Failed to load members’ qualifications" />
      {data && (
        <>
          <section className="adm-panel" aria-labelledby="mq-add-title">
            <h2 id="mq-add-title">Record a qualification</h2>
            <form onSubmit={add}>
              <Field id="mq-member" label="Member" required>
                <select id="mq-member" className="input" required {...stateField(form, setForm, 'memberId')}>
                  <option value="">Choose a member</option>
                  {data.members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name} ({m.email})
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="mq-qualification" label="Qualification" required>
                <select id="mq-qualification" className="input" required {...stateField(form, setForm, 'qualificationId')}>
                  <option value="">Choose a qualification</option>
                  {data.qualifications.map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.name}
                    </option>
                  ))}
                </select>
              </Field>
              <InputField id="mq-expiry" type="date" label="Expiry date (its last valid day; empty if none)" {...stateField(form, setForm, 'expiresOn')} />
              <Button type="submit" disabled={set.isPending}>
                Record qualification
              </Button>
            </form>
          </section>

          <section className="adm-panel" aria-labelledby="mq-import-title">
            <h2 id="mq-import-title">Import a CSV file</h2>
            <p className="adm-muted">
              One line per member and qualification: e-mail, qualification name, expiry date (2027-03-31 or 31/03/2027, empty if none). Every line is imported,
              or none.
            </p>
            <Field id="mq-file" label="CSV file">
              <input id="mq-file" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Field>
            <span className="adm-actions">
              <Button variant="secondary" disabled={!file || preview.isPending} onClick={() => file && preview.mutate(file)}>
                Preview
              </Button>
              <Button disabled={!file || preview.data?.ok !== true || doImport.isPending} onClick={() => file && doImport.mutate(file)}>
                Import
              </Button>
            </span>
            {preview.data && !preview.data.ok && (
              <div role="status">
                <p>Nothing can be imported until these lines are put right:</p>
                <ul>
                  {preview.data.problems.map((p, i) => (
                    <li key={i}>{p.line === null ? p.reason : `Line ${p.line}: ${p.reason}`}</li>
                  ))}
                </ul>
              </div>
            )}
            {preview.data?.ok && (
              <p role="status">
                Ready: {preview.data.add} to add, {preview.data.replace} to replace, {preview.data.unchanged} unchanged.
              </p>
            )}
          </section>

          <DataTable label="Members’ qualifications" columns={['Member', 'Qualifications']}>
            {data.members.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  <span className="adm-cell-title">{m.name}</span>
                </th>
                <td>
                  {m.qualifications.length === 0 && <span className="adm-muted">None</span>}
                  <ul className="adm-duty-list">
                    {m.qualifications.map((q) => (
                      <li key={q.qualificationId}>
                        {qualName(q.qualificationId)} {q.expiresOn ? `(until ${calendarDateText(q.expiresOn)})` : ''}{' '}
                        <Button
                          variant="ghost"
                          size="small"
                          aria-label={`Remove ${qualName(q.qualificationId)} from ${m.name}`}
                          onClick={() => remove.mutate({ memberId: m.id, qualificationId: q.qualificationId })}
                        >
                          Remove
                        </Button>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}
