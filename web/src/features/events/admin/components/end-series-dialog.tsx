import type { ClubEvent } from '@core/events/event';
import type { SeriesEnded as SeriesEndResult } from '../api/event-series';
import { formatDate } from '@core/shared/date-text';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Alert } from '../../../../components/ui/alert';
import { useEndSeriesFrom } from '../api/event-series';
import { useReasonToTell } from './reason-to-tell';

export const END_SERIES_FAILED = 'Failed to end the series. Please try again.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What ending did, e.g. "Series ended: 3 dates cancelled, 2 bookings cancelled; 1 refunded to a card." */
export function seriesEndedText(result: SeriesEndResult): string {
  const refunds: string[] = [];
  if (result.refunded > 0) refunds.push(`${result.refunded} refunded to ${result.refunded === 1 ? 'a card' : 'cards'}`);
  if (result.refundsByHand > 0) refunds.push(`${result.refundsByHand} to refund by hand`);
  if (result.refundsFailed > 0) refunds.push(`${plural(result.refundsFailed, 'card refund', 'card refunds')} failed: see each date's bookings to retry`);
  const done = `Series ended: ${plural(result.cancelled, 'date', 'dates')} cancelled, ${plural(result.bookingsCancelled, 'booking', 'bookings')} cancelled`;
  return `${refunds.length > 0 ? `${done}; ${refunds.join(', ')}` : done}.`;
}

/**
 * Ends a series early (docs/events.md, "Event series"): asks for the reason members will be told,
 * then cancels `from` and every later date that stands, each as one event's cancellation. The
 * reason is checked by the core rule the server applies; refusals (403, 404, 409) in its words.
 */
export function EndSeriesDialog({
  seriesId,
  from,
  onClose,
  onEnded,
}: {
  seriesId: string;
  from: ClubEvent | null;
  onClose: () => void;
  onEnded: (result: SeriesEndResult) => void;
}) {
  const end = useEndSeriesFrom();
  const { reason, failure, accepted, field } = useReasonToTell({
    shownFor: from?.id ?? null,
    refused: end.error,
    resetRefusal: end.reset,
    fieldId: 'end-series-reason',
    failedMessage: END_SERIES_FAILED,
  });

  function confirm() {
    if (!from || end.isPending || !accepted()) return;
    end.mutate({ seriesId, values: { fromEventId: from.id, reason } }, { onSuccess: onEnded });
  }

  function close() {
    end.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={from !== null}
      title="End the series?"
      confirmLabel="End series"
      cancelLabel="Keep dates"
      busy={end.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        Every date from <strong>{from ? formatDate(from.eventdatetime, 'admin') : ''}</strong> on will be cancelled: each stays on the calendar marked
        Cancelled, its bookings are cancelled and refunded, and booked members are told the reason below. This cannot be undone.
      </p>
      {field}
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
}
