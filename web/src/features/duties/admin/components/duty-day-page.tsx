import { Link, useSearchParams } from 'react-router-dom';
import { formatDateRange } from '@core/shared/date-text';
import { calendarDateText, londonDate } from '@core/shared/london-time';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { dayRosterQueryOptions, useDayRoster } from '../api/duty-reports';
import { StaffingLight } from '../exports/staffing-light';

/**
 * The roster of a day (/admin/duties/days?date=YYYY-MM-DD, duties:write): every event of that
 * London day with its duties and who holds them, printable for the clubhouse wall. Today unless
 * the address names a day.
 */
export function DutyDayPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') || londonDate(new Date());
  const roster = useDayRoster(date);
  const tryAgain = useTryAgain(dayRosterQueryOptions(date).queryKey);

  if (roster.isError && roster.error.status === 403) return <LoadError error={roster.error} message="" />;
  const data = roster.data;
  return (
    <>
      <PageHead title={`Duties on ${calendarDateText(date)}`} />
      <form
        className="adm-filters adm-roster-noprint"
        key={date}
        onSubmit={(e) => {
          e.preventDefault();
          const day = String(new FormData(e.currentTarget).get('date') ?? '');
          if (day) setParams({ date: day });
        }}
      >
        <Field id="duty-day" label="Day">
          <input id="duty-day" className="input" type="date" name="date" defaultValue={date} required />
        </Field>
        <Button type="submit" variant="secondary">
          Show
        </Button>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          Print roster
        </Button>
      </form>
      <LoadStatus query={roster} onRetry={tryAgain} loading="Loading the day’s roster…" failed="Failed to load the day’s roster" />
      {data && data.events.length === 0 && <p className="adm-muted">No events on this day.</p>}
      {data?.events.map((event) => (
        <section key={event.id} className="adm-panel" aria-labelledby={`day-event-${event.id}`} data-day-event={event.name}>
          <h2 id={`day-event-${event.id}`}>
            {event.cancelled ? 'Cancelled: ' : ''}
            {event.name}
          </h2>
          <p>
            {formatDateRange(event.eventdatetime, event.eventenddatetime, 'admin')} <StaffingLight light={event.light} />{' '}
            <Link className="adm-roster-noprint" to={`/admin/duties/events/${encodeURIComponent(event.id)}`}>
              Roster of {event.name}
            </Link>
          </p>
          {event.slots.length === 0 ? (
            <p className="adm-muted">No duty slots.</p>
          ) : (
            <DataTable label={`Duties at ${event.name}`} columns={['Duty', 'Filled', 'On duty']}>
              {event.slots.map((slot) => (
                <tr key={slot.id}>
                  <th scope="row">{slot.dutyTypeName}</th>
                  <td>
                    {slot.holders.length} of {slot.needed}
                    {slot.optional ? ' (can run without)' : ''}
                  </td>
                  <td>{slot.holders.length === 0 ? '—' : slot.holders.map((h) => h.name).join(', ')}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      ))}
    </>
  );
}
