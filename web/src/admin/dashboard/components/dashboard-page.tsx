import { Link } from 'react-router-dom';
import { formatDate, formatDateRange } from '@core/shared/date-text';
import { hasPermission, mayOpen } from '@core/admins/permissions';
import { dashboardQueryOptions, useDashboard } from '../api/dashboard';
import { useSignedInAdmin } from '../../session/components/admin-session';
import { Badge } from '../../shared/components/badge';
import { LoadError, Loading } from '../../shared/components/load-error';
import { PageTitle } from '../../shared/components/page-title';
import { ActionLink } from '../../shared/components/action-link';
import { useTryAgain } from '../../shared/api/admin-query';
import { DataTable } from '../../shared/components/data-table';
import { usePanels } from '../../../features/conditions/admin/api/conditions';
import { forecastAgeText, RatingBadge, SafetyCoverBadge } from '../../../features/conditions/admin/components/go-no-go-panel';
import { useStaffingLights } from '../../../features/duties/admin/exports/staffing-lights';
import { StaffingLight } from '../../../features/duties/admin/exports/staffing-light';
import { GO_NO_GO_DAYS_AHEAD } from '@core/conditions/go-no-go';

export function DashboardPage() {
  const admin = useSignedInAdmin();
  const dashboard = useDashboard();
  const lights = useStaffingLights(hasPermission(admin, 'events:read'));
  const tryAgain = useTryAgain(dashboardQueryOptions().queryKey);
  const editPath = (eventId: string) => `/admin/events/edit/${encodeURIComponent(eventId)}`;
  const bookingsPath = (eventId: string) => `/admin/bookings/${encodeURIComponent(eventId)}`;
  const workDayPath = (workDayId: string) => `/admin/work-days/${encodeURIComponent(workDayId)}`;

  // Only the screens this admin may open (the core's route table), never one that says Access Denied.
  const tiles = [
    { to: '/admin/events/create', title: 'Create Event', text: 'Add a new event to the calendar.' },
    { to: '/admin/events', title: 'Manage Events', text: 'Edit, open or close events for booking.' },
    { to: '/admin/bookings', title: 'View Bookings', text: 'Bookings, attendees and revenue per event.' },
    { to: '/admin/members', title: 'Members', text: "The club's member list: add, edit, import." },
    { to: '/admin/admins', title: 'Admins', text: 'Admin accounts and their permissions.' },
    { to: '/admin/duties', title: 'Duties', text: 'Qualifications, duty types, templates and rosters.' },
  ];

  return (
    <>
      <PageTitle documentTitle="Dashboard">Welcome, {admin.name}</PageTitle>
      <p className="adm-muted">
        Signed in as {admin.email} ({admin.role})
      </p>

      <nav aria-label="Quick actions" className="adm-tiles">
        {tiles
          .filter((tile) => mayOpen(admin, tile.to))
          .map((tile) => (
            <Link key={tile.to} to={tile.to} className="adm-tile">
              <span className="adm-tile-title">{tile.title}</span>
              <span className="adm-tile-text">{tile.text}</span>
            </Link>
          ))}
      </nav>

      {hasPermission(admin, 'events:read') && <GoNoGoSummary lights={lights.data?.lights} />}

      {dashboard.isPending && <Loading label="Loading dashboard…" />}
      {dashboard.isError && <LoadError error={dashboard.error} message="Failed to load the dashboard" onRetry={tryAgain} />}
      {dashboard.isSuccess && (
        <div className="adm-columns">
          <section className="adm-panel" aria-labelledby="adm-recent-title">
            <h2 id="adm-recent-title">Recent Events</h2>
            {dashboard.data.recentEvents.length === 0 ? (
              <p className="adm-muted">No events yet.</p>
            ) : (
              <ul className="adm-list">
                {dashboard.data.recentEvents.map((event) => (
                  <li key={event.id} className="adm-list-item">
                    <div>
                      <p className="adm-list-title">
                        {event.name} {event.allowBooking && <Badge tone="green">Bookable</Badge>} <StaffingLight light={lights.data?.lights[event.id]} />
                      </p>
                      <p className="adm-muted">{formatDate(event.eventdatetime, 'admin')}</p>
                    </div>
                    <ActionLink to={editPath(event.id)} label={`Edit ${event.name}`}>
                      Edit
                    </ActionLink>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {dashboard.data.statistics && (
            <section className="adm-panel" aria-labelledby="adm-stats-title">
              <h2 id="adm-stats-title">Booking Statistics</h2>
              {dashboard.data.statistics.length === 0 ? (
                <p className="adm-muted">No bookings yet.</p>
              ) : (
                <DataTable
                  label="Bookings and attendees per event"
                  columns={['Event', { label: 'Bookings', numeric: true }, { label: 'Attendees', numeric: true }]}
                >
                  {dashboard.data.statistics.map((row) => (
                    <tr key={row.eventId}>
                      <th scope="row">
                        {mayOpen(admin, bookingsPath(row.eventId)) ? <Link to={bookingsPath(row.eventId)}>{row.eventName}</Link> : row.eventName}
                      </th>
                      <td className="adm-num">{row.bookings}</td>
                      <td className="adm-num">{row.attendees}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </section>
          )}

          {dashboard.data.shortWorkDays && (
            <section className="adm-panel" aria-labelledby="adm-short-title">
              <h2 id="adm-short-title">Work Days Short of Volunteers</h2>
              {dashboard.data.shortWorkDays.length === 0 ? (
                <p className="adm-muted">No coming work day is short of volunteers.</p>
              ) : (
                <ul className="adm-list">
                  {dashboard.data.shortWorkDays.map((day) => (
                    <li key={day.id} className="adm-list-item">
                      <div>
                        <p className="adm-list-title">
                          {day.name} <Badge tone="red">Short of volunteers</Badge>
                        </p>
                        <p className="adm-muted">
                          {formatDate(day.date, 'admin')} · {day.short === 1 ? '1 more volunteer needed' : `${day.short} more volunteers needed`}
                        </p>
                      </div>
                      <ActionLink to={workDayPath(day.id)} label={`Volunteers for ${day.name}`}>
                        Volunteers
                      </ActionLink>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      )}
    </>
  );
}

/**
 * The coming events (the next week's, and any the forecast covers: onGoNoGoList), each with its
 * safety cover and staffing light, how it stands against its limits where there is a forecast, and
 * a link to its panel. With no forecast configured the events still show.
 */
function GoNoGoSummary({ lights }: { lights: Readonly<Record<string, 'green' | 'amber' | 'red'>> | undefined }) {
  const panels = usePanels();
  if (!panels.isSuccess) return null;
  return (
    <section className="adm-panel" aria-labelledby="adm-gng-title">
      <h2 id="adm-gng-title">Go / No-go</h2>
      <p className="adm-muted">{forecastAgeText(panels.data.forecast)}</p>
      {panels.data.panels.length === 0 ? (
        <p className="adm-muted">No event in the next {GO_NO_GO_DAYS_AHEAD} days.</p>
      ) : (
        <ul className="adm-list">
          {panels.data.panels.map((panel) => (
            <li key={panel.eventId} className="adm-list-item">
              <div>
                <p className="adm-list-title">
                  {panel.eventName} <RatingBadge rating={panel.rating} /> <SafetyCoverBadge cover={panel.safetyCover} />{' '}
                  <StaffingLight light={lights?.[panel.eventId]} />
                </p>
                <p className="adm-muted">
                  {formatDateRange(panel.eventdatetime, panel.eventenddatetime, 'admin')}
                  {panel.maxGustKn !== null && ` · gusts ${panel.maxGustKn} kn (limit ${panel.limits.gustKn})`} · {panel.placesTaken} booked
                  {panel.decisions.length > 0 && ` · decided: ${panel.decisions[panel.decisions.length - 1].decision}`}
                </p>
              </div>
              <ActionLink to={`/admin/events/go-no-go/${encodeURIComponent(panel.eventId)}`} label={`Go / no-go for ${panel.eventName}`} always>
                Go / no-go
              </ActionLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
