import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { dutiesCsvUrl, dutyCountsQueryOptions, useDutyCounts } from '../api/duty-reports';

/**
 * The season count (/admin/duties/counts?from=&to=, duties:write): how many duties each member and
 * each household held at events starting in the range (this calendar year unless the address says
 * otherwise), and the CSV export of those duties.
 */
export function DutyCountsPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const counts = useDutyCounts(from, to);
  const tryAgain = useTryAgain(dutyCountsQueryOptions(from, to).queryKey);

  if (counts.isError && counts.error.status === 403) return <LoadError error={counts.error} message="" />;
  const data = counts.data;
  return (
    <>
      <PageHead title="Duty counts" />
      <form
        className="adm-filters"
        key={`${data?.from ?? from}|${data?.to ?? to}`}
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const next = new URLSearchParams();
          for (const key of ['from', 'to']) {
            const value = String(form.get(key) ?? '');
            if (value) next.set(key, value);
          }
          setParams(next);
        }}
      >
        <Field id="counts-from" label="From">
          <input id="counts-from" className="input" type="date" name="from" defaultValue={data?.from ?? from} />
        </Field>
        <Field id="counts-to" label="To">
          <input id="counts-to" className="input" type="date" name="to" defaultValue={data?.to ?? to} />
        </Field>
        <Button type="submit" variant="secondary">
          Show
        </Button>
        <a className="btn btn-secondary" href={dutiesCsvUrl(data?.from ?? from, data?.to ?? to)} download>
          Download CSV
        </a>
      </form>
      <LoadStatus query={counts} onRetry={tryAgain} loading="Loading the counts…" failed="Failed to load the counts" />
      {data && (
        <>
          <section className="adm-panel" aria-labelledby="counts-members-title" data-counts="members">
            <h2 id="counts-members-title">Per member</h2>
            <DataTable label="Duties per member" columns={['Member', { label: 'Duties', numeric: true }, { label: 'Still to come', numeric: true }]}>
              {data.members.map((row) => (
                <CountRow key={row.memberId} name={row.name} figures={[row.duties, row.upcoming]} />
              ))}
            </DataTable>
          </section>
          <section className="adm-panel" aria-labelledby="counts-households-title" data-counts="households">
            <h2 id="counts-households-title">Per household</h2>
            <p className="adm-muted">A household is a member with the dependants they book for; dependants hold no duties of their own.</p>
            <DataTable label="Duties per household" columns={['Household of', { label: 'People', numeric: true }, { label: 'Duties', numeric: true }]}>
              {data.households.map((row) => (
                <CountRow key={row.memberId} name={row.name} figures={[row.people, row.duties]} />
              ))}
            </DataTable>
          </section>
        </>
      )}
    </>
  );
}

function CountRow({ name, figures }: { name: string; figures: number[] }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {figures.map((figure, i) => (
        <td key={i} className="adm-num">
          {figure}
        </td>
      ))}
    </tr>
  );
}
