import { useState } from 'react';
import type { ClubEvent } from '@core/events/event';
import { CANCEL_REASON_MAX, cancelReasonOf, EVENT_CANCEL_MESSAGES } from '@core/bookings/event-cancellation';
import type { SeriesEnded as SeriesEndResult } from '../api/event-series';
import { formatDate } from '@core/shared/date-text';
import { ApiError } from '../../../../lib/api';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { Alert } from '../../../../components/ui/alert';
import { useEndSeriesFrom } from '../api/event-series';

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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const end = useEndSeriesFrom();
  const fromId = from?.id ?? null;
  // Opened from another date: start again (React's pattern for state that follows a prop).
  const [shownFor, setShownFor] = useState(fromId);
  if (shownFor !== fromId) {
    setShownFor(fromId);
    setReason('');
    setReasonError(null);
  }

  const refused = end.error;
  const serverReasonError = refused instanceof ApiError && refused.status === 400 && refused.fields.reason ? refused.fields.reason : null;
  const error = reasonError ?? serverReasonError;
  const failure =
    !refused || serverReasonError ? null : refused instanceof ApiError && [403, 404, 409].includes(refused.status) ? refused.message : END_SERIES_FAILED;

  function confirm() {
    if (!from || end.isPending) return;
    if (cancelReasonOf(reason) === null) {
      setReasonError(EVENT_CANCEL_MESSAGES.reasonRequired);
      document.getElementById('end-series-reason')?.focus();
      return;
    }
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
      <Field id="end-series-reason" label="Reason members will be told" required error={error ?? undefined}>
        <textarea
          className="input"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (reasonError) setReasonError(null);
            if (serverReasonError) end.reset();
          }}
        />
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
}
