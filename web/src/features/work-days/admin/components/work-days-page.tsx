import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { mayOpen } from '@core/admins/permissions';
import { volunteersShort } from '@core/work-days/work-day-roster';
import { useWorkDays, workDaysQueryOptions, type WorkDayWithSignups } from '../api/work-days';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { WorkDayBadges } from './work-day-badges';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { ActionLink } from '../../../../admin/shared/components/action-link';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, useFlashNotice } from '../../../../admin/shared/components/notice';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { Button } from '../../../../components/ui/button';

type Filter = 'current' | 'archived' | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'current', label: 'Current (not archived)' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

function shown(entry: WorkDayWithSignups, filter: Filter): boolean {
  const archived = entry.workDay.archived === true;
  return filter === 'all' || (filter === 'archived') === archived;
}

/** Every work day with its volunteers against the number needed; archived ones under their filter. */
export function WorkDaysPage() {
  const admin = useSignedInAdmin();
  const workDays = useWorkDays();
  const reload = useTryAgain(workDaysQueryOptions().queryKey);
  const [filter, setFilter] = useState<Filter>('current');
  const [notice] = useFlashNotice();

  if (workDays.isError && workDays.error.status === 403) return <LoadError error={workDays.error} message="Failed to load work days" />;

  const rows = workDays.isSuccess ? workDays.data.filter((entry) => shown(entry, filter)) : [];
  return (
    <>
      <PageHead title="Work Days">
        <span className="adm-actions">
          {mayOpen(admin, '/admin/work-days/create') && (
            <Link className="btn btn-primary" to="/admin/work-days/create">
              Create Work Day
            </Link>
          )}
          <Button variant="secondary" onClick={reload} disabled={workDays.isPending}>
            Refresh
          </Button>
        </span>
      </PageHead>
      <NoticeArea notice={notice} />
      <div className="adm-filters">
        <label className="field-label" htmlFor="adm-workday-filter">
          Show
        </label>
        <select id="adm-workday-filter" className="input" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <LoadStatus query={workDays} onRetry={reload} loading="Loading work days…" failed="Failed to load work days" />
      {workDays.isSuccess &&
        (rows.length === 0 ? (
          <p className="adm-muted">{filter === 'archived' ? 'No archived work days.' : 'No work days.'}</p>
        ) : (
          <DataTable label="Work days" columns={['Work day', 'Date', { label: 'Volunteers', numeric: true }, 'Status', 'Actions']}>
            {rows.map(({ workDay, signups }) => {
              const signed = workDay.jobs.reduce((sum, job) => sum + job.currentVolunteers, 0);
              const needed = workDay.jobs.reduce((sum, job) => sum + job.volunteersNeeded, 0);
              const short = volunteersShort(workDay);
              const roster = `/admin/work-days/${encodeURIComponent(workDay.id)}`;
              const edit = `/admin/work-days/edit/${encodeURIComponent(workDay.id)}`;
              return (
                <tr key={workDay.id} data-work-day-id={workDay.id}>
                  <th scope="row">
                    <span className="adm-cell-title">{workDay.name}</span>
                    <span className="adm-cell-sub">{signups.length === 1 ? '1 sign-up' : `${signups.length} sign-ups`}</span>
                  </th>
                  <td>{formatDate(workDay.date, 'admin')}</td>
                  <td className="adm-num">
                    {signed} of {needed}
                  </td>
                  <td>
                    <span className="adm-badges">
                      <WorkDayBadges workDay={workDay} short={short} />
                    </span>
                  </td>
                  <td>
                    <span className="adm-actions">
                      <ActionLink to={roster} label={`Volunteers for ${workDay.name}`} always>
                        Volunteers
                      </ActionLink>
                      <ActionLink to={edit} label={`Edit ${workDay.name}`}>
                        Edit
                      </ActionLink>
                    </span>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        ))}
    </>
  );
}
