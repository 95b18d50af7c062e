import { useState } from 'react';
import { formatDate } from '@core/shared/date-text';
import { hasPermission } from '@core/admins/permissions';
import type { WaitingListStatus } from '@core/waiting-list/waiting-list-entry';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { refusalMessage } from '../../../../lib/api';
import { useOfferToWaitingListEntry, useRemoveFromWaitingList, useWaitingList, waitingListQueryOptions, type AdminWaitingListAnswer } from '../api/bookings';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { Badge, type BadgeTone } from '../../../../admin/shared/components/badge';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import { useConfirm } from '../../../../admin/shared/components/use-confirm';

const STATUS: Record<WaitingListStatus, { label: string; tone: BadgeTone }> = {
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
  const list = useWaitingList(eventId);
  const tryAgain = useTryAgain(waitingListQueryOptions(eventId).queryKey);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canWrite = hasPermission(admin, 'bookings:write');

  const offer = useOfferToWaitingListEntry(eventId, {
    onSuccess: (_, entry: Entry) => setNotice({ tone: 'success', text: `${entry.name} was offered ${entry.places} places and e-mailed.` }),
    onError: (error) => setNotice({ tone: 'error', text: refusalMessage(error, 'Failed to offer the places. Please try again.') }),
  });
  const remove = useRemoveFromWaitingList(eventId, {
    onSuccess: (_, entry: Entry) => setNotice({ tone: 'success', text: `${entry.name} was removed from the waiting list.` }),
    onError: (error) => setNotice({ tone: 'error', text: refusalMessage(error, 'Failed to remove from the waiting list. Please try again.') }),
  });
  const busy = offer.isPending || remove.isPending;
  const removal = useConfirm(remove);

  return (
    <section aria-labelledby="adm-waitlist-heading" className="adm-section">
      <h2 id="adm-waitlist-heading">Waiting list</h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <LoadStatus query={list} onRetry={tryAgain} loading="Loading the waiting list…" failed="Failed to load the waiting list" />
      {list.isSuccess &&
        (list.data.entries.length === 0 ? (
          <p className="adm-muted">Nobody is on the waiting list.</p>
        ) : (
          <DataTable
            label="Waiting list"
            columns={[
              { label: 'Position', numeric: true },
              'Name',
              'Email',
              { label: 'Places wanted', numeric: true },
              'Joined',
              'Status',
              'Offered until',
              ...(canWrite ? ['Actions'] : []),
            ]}
          >
            {list.data.entries.map((entry) => (
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
                      <Button variant="secondary" disabled={busy} onClick={() => offer.mutate(entry)} aria-label={`Offer ${entry.name} their places now`}>
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
