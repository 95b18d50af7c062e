import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ClubEvent } from '@core/events/event';
import { formatDate } from '@core/shared/date-text';
import type { AdminBookingState } from '@core/bookings/booking-state';
import type { AdminListEvent } from '@core/operations/list-admin-events';
import { hasPermission } from '@core/admins/permissions';
import { refusalMessage } from '../../../../lib/api';
import { useDeleteEvent, type EventCancelled } from '../api/events';
import { eventsQueryOptions, useEvents } from '../exports/event-queries';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { Badge, type BadgeTone } from '../../../../admin/shared/components/badge';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { CancelEventDialog, cancelledNotice } from './cancel-event-dialog';
import { seriesPagePath } from './series-pages';
import { HandRefundList } from '../../../bookings/admin/exports/hand-refund-list';
import { NoticeArea, useFlashNotice } from '../../../../admin/shared/components/notice';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { ActionLink } from '../../../../admin/shared/components/action-link';
import { useConfirm } from '../../../../admin/shared/components/use-confirm';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { Button } from '../../../../components/ui/button';
import { DeleteButton } from '../../../../admin/shared/components/delete-button';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { useStaffingLights } from '../../../duties/admin/exports/staffing-lights';
import { StaffingLight } from '../../../duties/admin/exports/staffing-light';

const rosterPath = (id: string) => `/admin/duties/events/${encodeURIComponent(id)}`;

export const DELETE_FAILED = 'Failed to delete event. Please try again.';

const STATE_TONES: Record<AdminBookingState, BadgeTone> = { Over: 'grey', Closed: 'purple', Full: 'amber' };

/** The places taken against the capacity: "8 of 12 taken", or "8 taken" with no limit. */
function placesText(event: AdminListEvent): string {
  return event.capacity === null ? `${event.placesTaken} taken (no limit)` : `${event.placesTaken} of ${event.capacity} taken`;
}

const editPath = (eventId: string) => `/admin/events/edit/${encodeURIComponent(eventId)}`;
const goNoGoPath = (eventId: string) => `/admin/events/go-no-go/${encodeURIComponent(eventId)}`;
const bookingsPath = (eventId: string) => `/admin/bookings/${encodeURIComponent(eventId)}`;

export function EventsListPage() {
  const admin = useSignedInAdmin();
  const lights = useStaffingLights(hasPermission(admin, 'events:read'));
  const events = useEvents();
  const tryAgain = useTryAgain(eventsQueryOptions().queryKey);
  const [toCancel, setToCancel] = useState<ClubEvent | null>(null);
  const [notice, setNotice] = useFlashNotice();
  /** The last cancellation's bookings to repay by hand, listed under its notice. */
  const [handRefunds, setHandRefunds] = useState<EventCancelled | null>(null);
  const canWrite = hasPermission(admin, 'events:write');

  const deletion = useConfirm(
    useDeleteEvent({
      onSuccess: (_, gone) => {
        setHandRefunds(null);
        setNotice({ kind: 'success', message: `Event "${gone.name}" deleted.` });
      },
      // A refusal the admin can act on (the event has bookings, a missing permission) is told in
      // the server's words; anything else is the catalogue's message.
      onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, DELETE_FAILED, [403, 404, 409]) }),
    }),
  );

  if (events.isError && events.error.status === 403) return <LoadError error={events.error} message="" />;

  return (
    <>
      <PageHead title="Manage Events" create={canWrite && { to: '/admin/events/create', label: 'Create Event' }}>
        {canWrite && (
          <Link className="btn btn-secondary" to="/admin/events/series/new">
            New series
          </Link>
        )}
      </PageHead>

      <NoticeArea notice={notice} />
      {handRefunds && <HandRefundList eventId={handRefunds.event.id} eventName={handRefunds.event.name} refunds={handRefunds.handRefunds} />}

      <LoadStatus query={events} onRetry={tryAgain} loading="Loading events…" failed="Failed to load events" />
      {events.isSuccess &&
        (events.data.length === 0 ? (
          <p className="adm-muted">No events yet.</p>
        ) : (
          <DataTable label="Events" columns={['Event', 'Date', 'Places', 'Features', 'Status', 'Actions']}>
            {events.data.map((event) => (
              <tr key={event.id} data-event-id={event.id}>
                <th scope="row">
                  <span className="adm-cell-title">{event.name}</span>
                  {event.description && <span className="adm-cell-sub">{event.description}</span>}
                </th>
                <td>{formatDate(event.eventdatetime, 'admin')}</td>
                <td>{placesText(event)}</td>
                <td>
                  <span className="adm-badges">
                    {event.isBoatEvent && <Badge tone="blue">Boat Event</Badge>}
                    {event.offerChild && <Badge tone="purple">Children</Badge>}
                    {event.offerSoftDrinks && <Badge tone="amber">Drinks</Badge>}
                    {event.offerVeg && <Badge tone="green">Vegetarian</Badge>}
                  </span>
                </td>
                <td>
                  <span className="adm-badges">
                    {event.cancelledAt ? (
                      <Badge tone="red">Cancelled</Badge>
                    ) : event.allowBooking ? (
                      <Badge tone="green">Bookable</Badge>
                    ) : (
                      <Badge tone="grey">View Only</Badge>
                    )}
                    {/* The booking state the core decides (Over, Closed, Full), beside the status. */}
                    {event.bookingState !== null && <Badge tone={STATE_TONES[event.bookingState]}>{event.bookingState}</Badge>}
                    <StaffingLight light={lights.data?.lights[event.id]} />
                  </span>
                </td>
                <td>
                  <span className="adm-actions">
                    {/* Only what this admin may open: the same table the screens are guarded by. */}
                    <ActionLink to={editPath(event.id)} label={`Edit ${event.name}`}>
                      Edit
                    </ActionLink>
                    {!event.cancelledAt && event.bookingState !== 'Over' && (
                      <ActionLink to={goNoGoPath(event.id)} label={`Go / no-go for ${event.name}`}>
                        Go / no-go
                      </ActionLink>
                    )}
                    {event.seriesId && (
                      <ActionLink to={seriesPagePath(event.seriesId)} label={`Series of ${event.name}`}>
                        Series
                      </ActionLink>
                    )}
                    <ActionLink to={rosterPath(event.id)} label={`Duties for ${event.name}`}>
                      Duties
                    </ActionLink>
                    {event.allowBooking && (
                      <ActionLink to={bookingsPath(event.id)} label={`Bookings for ${event.name}`}>
                        Bookings
                      </ActionLink>
                    )}
                    {/* An event that is over is not cancelled: that would e-mail and refund everyone who came (the server refuses it too). */}
                    {canWrite && !event.cancelledAt && event.bookingState !== 'Over' && (
                      <Button variant="secondary" size="small" onClick={() => setToCancel(event)} aria-label={`Cancel event ${event.name}`}>
                        Cancel event
                      </Button>
                    )}
                    {canWrite && <DeleteButton name={event.name} onClick={() => deletion.ask(event)} />}
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        ))}

      <CancelEventDialog
        event={toCancel}
        onClose={() => setToCancel(null)}
        onCancelled={(result) => {
          setToCancel(null);
          setNotice(cancelledNotice(result));
          setHandRefunds(result);
        }}
      />

      <ConfirmDialog {...deletion.dialog} title="Delete event?" confirmLabel="Delete">
        <p>
          Are you sure you want to delete <strong>{deletion.target?.name}</strong>? This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
