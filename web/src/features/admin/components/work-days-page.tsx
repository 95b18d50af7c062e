import { formatDate } from '@core/domain/calendar';
import { isJobFull } from '@core/domain/work-days';
import { listWorkDaySignups, type WorkDayWithSignups } from '../api/work-days';
import { LoadError, Loading } from './load-error';
import { PageTitle } from './page-title';
import { useAdminData } from '../../../lib/query';
import { Button } from '../../../components/ui/button';

export function WorkDaysPage() {
  const { state, reload } = useAdminData(['work-days'], listWorkDaySignups);

  if (state.status === 'error' && state.error.status === 403) return <LoadError error={state.error} message="Failed to load work days" />;

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Work Days">Work Days</PageTitle>
        <Button variant="secondary" onClick={reload} disabled={state.status === 'loading'}>
          Refresh
        </Button>
      </div>
      {state.status === 'loading' && <Loading label="Loading work days…" />}
      {state.status === 'error' && <LoadError error={state.error} message="Failed to load work days" onRetry={reload} />}
      {state.status === 'ok' && (state.data.length === 0 ? <p className="adm-muted">No work days.</p> : state.data.map((entry) => <WorkDaySection key={entry.workDay.id} entry={entry} />))}
    </>
  );
}

function WorkDaySection({ entry }: { entry: WorkDayWithSignups }) {
  const { workDay, signups } = entry;
  const titleId = `adm-workday-${workDay.id}`;
  const others = signups.filter((s) => s.otherJob.trim() !== '');
  const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

  return (
    <section className="adm-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {workDay.name} {!workDay.active && <span className="adm-muted">(inactive)</span>}
      </h2>
      <p className="adm-muted">
        {formatDate(workDay.date, 'admin')} · {signups.length} {signups.length === 1 ? 'sign-up' : 'sign-ups'}
        {workDay.foodAvailable && ` · food wanted by ${signups.filter((s) => s.wantsFood).length}`} · bringing tools: {signups.filter((s) => s.bringingTools).length}
      </p>
      <ul className="adm-jobs">
        {workDay.jobs.map((job) => {
          const names = signups.filter((s) => s.selectedJobs.includes(job.id)).map(fullName);
          return (
            <li key={job.id} className="adm-job">
              <h3>
                {job.title}{' '}
                <span className="adm-job-count">
                  {job.currentVolunteers} of {job.volunteersNeeded} volunteers{isJobFull(job) && ' (full)'}
                </span>
              </h3>
              {names.length === 0 ? <p className="adm-muted">No one yet.</p> : <p>{names.join(', ')}</p>}
            </li>
          );
        })}
        <li className="adm-job">
          <h3>
            Other Job <span className="adm-job-count">{others.length === 1 ? '1 volunteer' : `${others.length} volunteers`}</span>
          </h3>
          {others.length === 0 ? (
            <p className="adm-muted">No one yet.</p>
          ) : (
            <ul>
              {others.map((s) => (
                <li key={s.id}>
                  {fullName(s)}: {s.otherJob}
                </li>
              ))}
            </ul>
          )}
        </li>
      </ul>
      {signups.some((s) => s.notes.trim() !== '') && (
        <>
          <h3>Notes from volunteers</h3>
          <ul>
            {signups
              .filter((s) => s.notes.trim() !== '')
              .map((s) => (
                <li key={s.id}>
                  {fullName(s)}: {s.notes}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
