import { Link } from 'react-router-dom';
import { formatDate, formatDay } from '@core/shared/date-text';
import { formatMoney } from '@core/shared/money';
import { bookingsOverviewQueryOptions, useBookingsOverview } from '../api/bookings';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { moneyList } from './money-list';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { Button } from '../../../../components/ui/button';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { FindByReference } from './find-by-reference';

export const OVERVIEW_LOAD_FAILED = 'Failed to load booking data';

export function BookingsOverviewPage() {
  const overview = useBookingsOverview();
  const reload = useTryAgain(bookingsOverviewQueryOptions().queryKey);

  if (overview.isError && overview.error.status === 403) return <LoadError error={overview.error} message={OVERVIEW_LOAD_FAILED} />;

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Bookings">Bookings Overview</PageTitle>
        <Button variant="secondary" onClick={reload} disabled={overview.isPending}>
          {overview.isPending ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      <FindByReference />
      {overview.isSuccess && <p className="adm-muted">Events starting on or after {formatDay(overview.data.from, 'admin')} (the last 6 months and later).</p>}

      {overview.isPending && <Loading label="Loading booking data…" />}
      {overview.isError && <LoadError error={overview.error} message={OVERVIEW_LOAD_FAILED} onRetry={reload} />}
      {overview.isSuccess && (
        <>
          <dl className="adm-cards">
            <div className="adm-card">
              <dt>Total Bookings</dt>
              <dd>{overview.data.totals.bookings}</dd>
            </div>
            <div className="adm-card">
              <dt>Total Attendees</dt>
              <dd>{overview.data.totals.attendees}</dd>
            </div>
            <div className="adm-card">
              <dt>Revenue (less refunds)</dt>
              <dd>{moneyList(overview.data.totals.revenue)}</dd>
            </div>
            <div className="adm-card">
              <dt>Of which at member prices</dt>
              <dd>{moneyList(overview.data.totals.memberRevenue)}</dd>
            </div>
          </dl>
          {overview.data.rows.length === 0 ? (
            <p className="adm-muted">No events in this period.</p>
          ) : (
            <DataTable
              label="Bookings per event"
              columns={[
                'Event',
                'Date',
                { label: 'Bookings', numeric: true },
                { label: 'Attendees', numeric: true },
                { label: 'Paid', numeric: true },
                { label: 'Pending', numeric: true },
                { label: 'Free', numeric: true },
                { label: 'Revenue', numeric: true },
                { label: 'At member prices', numeric: true },
              ]}
            >
              {overview.data.rows.map((row) => (
                <tr key={row.eventId}>
                  <th scope="row">
                    <Link to={`/admin/bookings/${encodeURIComponent(row.eventId)}`}>{row.eventName}</Link>
                  </th>
                  <td>{formatDate(row.eventdatetime, 'admin')}</td>
                  <td className="adm-num">{row.bookings}</td>
                  <td className="adm-num">{row.attendees}</td>
                  <td className="adm-num">{row.paid}</td>
                  <td className="adm-num">{row.pending}</td>
                  <td className="adm-num">{row.free}</td>
                  <td className="adm-num">{formatMoney(row.revenue, row.currency)}</td>
                  <td className="adm-num">{formatMoney(row.memberRevenue, row.currency)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </>
  );
}
