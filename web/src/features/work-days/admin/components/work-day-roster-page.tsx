import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { WorkDaySignup } from '@core/work-days/work-day';
import { formatDate, formatMoment } from '@core/shared/date-text';
import { hasPermission, mayOpen } from '@core/admins/permissions';
import { jobShortfall, volunteersShort } from '@core/work-days/work-day-roster';
import { isJobFull } from '@core/work-days/work-days';
import { refusalMessage } from '../../../../lib/api';
import {
  useRemoveWorkDaySignup,
  useRemoveWorkDaySignups,
  useSetWorkDayArchived,
  useWorkDay,
  workDayQueryOptions,
  workDaySignupsCsvUrl,
  type AdminWorkDay,
} from '../api/work-days';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { AccessDenied } from '../../../../admin/shared/components/access-denied';
import { Badge } from '../../../../admin/shared/components/badge';
import { WorkDayBadges } from './work-day-badges';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { NoticeArea, useFlashNotice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';

export const ROSTER_MESSAGES = {
  removeFailed: 'Failed to remove the sign-up. Please try again.',
  removeManyFailed: 'Failed to remove the sign-ups. Please try again: none was removed.',
  archiveFailed: 'Failed to change the work day. Please try again.',
};

const fullName = (s: Pick<WorkDaySignup, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`;
/** When a volunteer signed up, in London and in words ("Wed 18 November 2026, 15:45"), as the admin's other times. */
const signedUpAt = (instant: string) => formatMoment(instant, 'admin');

/** One work day's roster: each job's volunteers against the number needed, who signed up, the CSV. */
export function WorkDayRosterPage() {
  const { id = '' } = useParams();
  const admin = useSignedInAdmin();
  const query = useWorkDay(id);
  const tryAgain = useTryAgain(workDayQueryOptions(id).queryKey);
  const [notice, setNotice] = useFlashNotice();
  const [toRemove, setToRemove] = useState<WorkDaySignup | null>(null);
  const removeOne = useRemoveWorkDaySignup(id, {
    onSuccess: (_, gone) => setNotice({ kind: 'success', message: `Removed the sign-up of ${fullName(gone)}.` }),
    onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, ROSTER_MESSAGES.removeFailed, [403, 404]) }),
    onSettled: () => setToRemove(null),
  });
  const archive = useSetWorkDayArchived(id, {
    onSuccess: (workDay) =>
      setNotice({
        kind: 'success',
        message: workDay.archived ? `Work day "${workDay.name}" archived: members no longer see it.` : `Work day "${workDay.name}" brought back.`,
      }),
    onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, ROSTER_MESSAGES.archiveFailed, [403, 404, 409]) }),
  });
  const busy = removeOne.isPending || archive.isPending;
  const canWrite = hasPermission(admin, 'workdays:write');
  // Sign-ups ticked for removal together (e.g. a flood of made-up names), and the dialog asking first.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmMany, setConfirmMany] = useState(false);
  const removeMany = useRemoveWorkDaySignups(id, {
    onSuccess: (removed) => {
      setNotice({ kind: 'success', message: removed.length === 1 ? 'Removed 1 sign-up.' : `Removed ${removed.length} sign-ups.` });
      setSelected(new Set());
    },
    onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, ROSTER_MESSAGES.removeManyFailed, [400, 403, 404]) }),
    onSettled: () => setConfirmMany(false),
  });
  const toggle = (signupId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(signupId);
      else next.delete(signupId);
      return next;
    });

  if (query.isError && query.error.status === 403) return <AccessDenied message={query.error.message} permission={query.error.permission} />;

  function confirmRemove() {
    if (!toRemove || busy) return;
    removeOne.mutate(toRemove);
  }

  function toggleArchived(data: AdminWorkDay) {
    if (busy) return;
    archive.mutate(data.workDay.archived !== true);
  }

  const editPath = `/admin/work-days/edit/${encodeURIComponent(id)}`;
  return (
    <>
      <p className="adm-breadcrumb">
        <Link to="/admin/work-days">← Back to work days</Link>
      </p>
      <PageTitle documentTitle="Work Day">{query.isSuccess ? query.data.workDay.name : 'Work Day'}</PageTitle>
      <NoticeArea notice={notice} />
      {query.isPending && <Loading label="Loading work day…" />}
      {query.isError && (
        <LoadError
          error={query.error}
          message={query.error.status === 404 ? 'Work Day Not Found' : 'Failed to load the work day'}
          onRetry={query.error.status === 404 ? undefined : tryAgain}
        />
      )}
      {query.isSuccess &&
        (() => {
          const { workDay, signups } = query.data;
          const short = volunteersShort(workDay);
          const titles = new Map(workDay.jobs.map((job) => [job.id, job.title]));
          return (
            <>
              <p className="adm-muted">
                {formatDate(workDay.date, 'admin')} · {signups.length === 1 ? '1 sign-up' : `${signups.length} sign-ups`}
                {workDay.foodAvailable && ` · food wanted by ${signups.filter((s) => s.wantsFood).length}`} · bringing tools:{' '}
                {signups.filter((s) => s.bringingTools).length}
              </p>
              <p className="adm-badges">
                <WorkDayBadges workDay={workDay} short={short} />
              </p>
              <div className="adm-actions adm-roster-actions">
                {mayOpen(admin, editPath) && (
                  <Link className="btn btn-secondary" to={editPath}>
                    Edit work day
                  </Link>
                )}
                <a className="btn btn-secondary" href={workDaySignupsCsvUrl(workDay.id)} download>
                  Download CSV
                </a>
                {canWrite && (
                  <Button variant="secondary" onClick={() => toggleArchived(query.data)} disabled={busy}>
                    {workDay.archived ? 'Bring back' : 'Archive'}
                  </Button>
                )}
              </div>
              {short > 0 ? (
                <Alert tone="warning" title="Short of volunteers">
                  {short === 1 ? '1 more volunteer is' : `${short} more volunteers are`} needed for the open jobs.
                </Alert>
              ) : (
                workDay.jobs.length > 0 && <Alert tone="success">Every open job has the volunteers it needs.</Alert>
              )}

              <section className="adm-panel" aria-labelledby="adm-roster-jobs">
                <h2 id="adm-roster-jobs">Jobs</h2>
                {workDay.jobs.length === 0 ? (
                  <p className="adm-muted">No jobs: volunteers can only write in an other job.</p>
                ) : (
                  <DataTable label="Jobs and volunteers" columns={['Job', { label: 'Volunteers', numeric: true }, 'Status', 'Who']}>
                    {workDay.jobs.map((job) => {
                      const names = signups.filter((s) => s.selectedJobs.includes(job.id)).map(fullName);
                      const missing = jobShortfall(job);
                      return (
                        <tr key={job.id} data-job-id={job.id}>
                          <th scope="row">
                            <span className="adm-cell-title">{job.title}</span>
                            {job.description && <span className="adm-cell-sub">{job.description}</span>}
                          </th>
                          <td className="adm-num">
                            {job.currentVolunteers} of {job.volunteersNeeded}
                          </td>
                          <td>
                            {job.closed ? (
                              <Badge tone="grey">Closed</Badge>
                            ) : missing > 0 ? (
                              <Badge tone="red">Short by {missing}</Badge>
                            ) : isJobFull(job) ? (
                              <Badge tone="green">Full</Badge>
                            ) : null}
                          </td>
                          <td>{names.length === 0 ? <span className="adm-muted">No one yet</span> : names.join(', ')}</td>
                        </tr>
                      );
                    })}
                  </DataTable>
                )}
              </section>

              <section className="adm-panel" aria-labelledby="adm-roster-signups">
                <h2 id="adm-roster-signups">Sign-ups</h2>
                {canWrite && signups.length > 0 && (
                  <div className="adm-actions adm-roster-actions">
                    <label className="adm-select-all">
                      <input
                        type="checkbox"
                        checked={signups.every((s) => selected.has(s.id))}
                        onChange={(e) => setSelected(e.target.checked ? new Set(signups.map((s) => s.id)) : new Set())}
                      />{' '}
                      Select all sign-ups
                    </label>
                    <Button variant="danger" size="small" disabled={selected.size === 0 || removeMany.isPending} onClick={() => setConfirmMany(true)}>
                      Remove selected ({signups.filter((s) => selected.has(s.id)).length})
                    </Button>
                  </div>
                )}
                {signups.length === 0 ? (
                  <p className="adm-muted">No sign-ups yet.</p>
                ) : (
                  <DataTable
                    label="Sign-ups"
                    columns={[
                      canWrite && 'Select',
                      'Volunteer',
                      'Email',
                      'Jobs',
                      'Other job',
                      'Notes',
                      'Tools',
                      workDay.foodAvailable && 'Food',
                      'Signed up',
                      canWrite && 'Actions',
                    ]}
                  >
                    {signups.map((s) => (
                      <tr key={s.id} data-signup-id={s.id}>
                        {canWrite && (
                          <td>
                            <input
                              type="checkbox"
                              aria-label={`Select the sign-up of ${fullName(s)}`}
                              checked={selected.has(s.id)}
                              onChange={(e) => toggle(s.id, e.target.checked)}
                            />
                          </td>
                        )}
                        <th scope="row">{fullName(s)}</th>
                        <td>{s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : <span className="adm-muted">None given</span>}</td>
                        <td>{s.selectedJobs.map((jobId) => titles.get(jobId) ?? jobId).join(', ')}</td>
                        <td>{s.otherJob}</td>
                        <td>{s.notes}</td>
                        <td>{s.bringingTools ? 'Yes' : 'No'}</td>
                        {workDay.foodAvailable && <td>{s.wantsFood ? 'Yes' : 'No'}</td>}
                        <td>{signedUpAt(s.submittedAt)}</td>
                        {canWrite && (
                          <td>
                            <Button variant="danger" size="small" onClick={() => setToRemove(s)} aria-label={`Remove the sign-up of ${fullName(s)}`}>
                              Remove
                            </Button>
                          </td>
                        )}
                      </tr>
                    ))}
                  </DataTable>
                )}
              </section>

              <ConfirmDialog
                open={confirmMany}
                title="Remove sign-ups?"
                confirmLabel="Remove"
                busy={removeMany.isPending}
                onConfirm={() => removeMany.mutate(signups.filter((s) => selected.has(s.id)).map((s) => s.id))}
                onCancel={() => setConfirmMany(false)}
              >
                <p>Remove these sign-ups? Their places become free for others. The volunteers are not e-mailed.</p>
                <ul>
                  {signups
                    .filter((s) => selected.has(s.id))
                    .map((s) => (
                      <li key={s.id}>{fullName(s)}</li>
                    ))}
                </ul>
              </ConfirmDialog>

              <ConfirmDialog
                open={toRemove !== null}
                title="Remove sign-up?"
                confirmLabel="Remove"
                busy={busy}
                onConfirm={confirmRemove}
                onCancel={() => setToRemove(null)}
              >
                <p>
                  Remove the sign-up of <strong>{toRemove ? fullName(toRemove) : ''}</strong>? Their places become free for others.
                </p>
                <p>
                  {toRemove?.email
                    ? `They will be e-mailed at ${toRemove.email} that the club removed them.`
                    : 'They gave no e-mail address, so they will not be told.'}
                </p>
              </ConfirmDialog>
            </>
          );
        })()}
    </>
  );
}
