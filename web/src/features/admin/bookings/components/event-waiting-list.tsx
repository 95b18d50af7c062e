import { useState } from 'react';
import { formatDate } from '@core/domain/calendar';
import { hasPermission } from '@core/domain/permissions';
import type { WaitlistStatus } from '@core/entities/waitlist-entry';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { refusalMessage } from '../../../../lib/api';
import { useAdminData } from '../../../../lib/query';
import { fetchWaitingList, offerToWaitingListEntry, removeFromWaitingList, type AdminWaitingListAnswer } from '../api/bookings';
import { useSignedInAdmin } from '../../session/components/admin-session';
import { Badge, type BadgeTone } from '../../shared/components/badge';
import { DataTable } from '../../shared/components/data-table';
import { LoadStatus } from '../../shared/components/legacy/load-error';
import { useConfirm } from '../../shared/components/legacy/use-confirm';

const STATUS: Record<WaitlistStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'blue' },
  offered: { label: 'Offered', tone: 'amber' },
  booked: { label: 'Booked', tone: 'green' },
  left: { label: 'Left', tone: 'grey' },
  expired: { label: 'Offer expired', tone: 'grey' },
};

type Entry = AdminWaitingListAnswer['entries'][number];

/**
 * An event's waiting list on its bookings page: position, name, e-mail, places wanted, offered
 * until; for bookings:write, Offer (the places now, out of turn, when they are free) and Remove.
 */
export function EventWaitingList({ eventId }: { eventId: string }) {
  const admin = useSignedInAdmin();
  const { state, reload, setData } = useAdminData(['event-waiting-list', eventId], () => fetchWaitingList(eventId));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canWrite = hasPermission(admin, 'bookings:write');

  const act = async (entry: Entry, action: 'offer' | 'remove') => {
    setBusy(true);
    try {
      const next = action === 'offer' ? await offerToWaitingListEntry(eventId, entry.id) : await removeFromWaitingList(eventId, entry.id);
      setData(() => next);
      setNotice({ tone: 'success', text: action === 'offer' ? `${entry.name} was offered ${entry.places} places and e-mailed.` : `${entry.name} was removed from the waiting list.` });
    } catch (error) {
      const failed = action === 'offer' ? 'Failed to offer the places. Please try again.' : 'Failed to remove from the waiting list. Please try again.';
      setNotice({ tone: 'error', text: refusalMessage(error, failed) });
      reload();
    } finally {
      setBusy(false);
    }
  };
  const removal = useConfirm((entry: Entry) => act(entry, 'remove'));

  return (
    <section aria-labelledby="adm-waitlist-heading" className="adm-section">
      <h2 id="adm-waitlist-heading">Waiting list</h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <LoadStatus state={state} reload={reload} loading="Loading the waiting list…" failed="Failed to load the waiting list" />
      {state.status === 'ok' &&
        (state.data.entries.length === 0 ? (
          <p className="adm-muted">Nobody is on the waiting list.</p>
        ) : (
          <DataTable label="Waiting list" columns={[{ label: 'Position', numeric: true }, 'Name', 'Email', { label: 'Places wanted', numeric: true }, 'Joined', 'Status', 'Offered until', ...(canWrite ? ['Actions'] : [])]}>
            {state.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td className="adm-num">{entry.position ?? '—'}</td>
                <th scope="row">{entry.name}</th>
                <td>{entry.email}</td>
                <td className="adm-num">{entry.places}</td>
                <td>{formatDate(entry.joinedAt, 'admin')}</td>
                <td>
                  <Badge tone={STATUS[entry.status].tone}>{STATUS[entry.status].label}</Badge>
                </td>
                <td>{entry.offeredUntil ? formatDate(entry.offeredUntil, 'admin') : '—'}</td>
                {canWrite && (
                  <td>
                    {entry.status === 'waiting' && (
                      <Button variant="secondary" disabled={busy} onClick={() => void act(entry, 'offer')} aria-label={`Offer ${entry.name} their places now`}>
                        Offer
                      </Button>
                    )}{' '}
                    {entry.position !== null && (
                      <Button variant="secondary" onClick={() => removal.ask(entry)} aria-label={`Remove ${entry.name} from the waiting list`}>
                        Remove
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        ))}
      <ConfirmDialog {...removal.dialog} title="Remove from the waiting list?" confirmLabel="Remove" cancelLabel="Keep">
        <p>{removal.target ? `${removal.target.name} (${removal.target.email}) will no longer be offered places at this event.` : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
