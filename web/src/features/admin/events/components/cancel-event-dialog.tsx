import { useEffect, useState } from 'react';
import type { ClubEvent } from '@core/entities/event';
import { CANCEL_REASON_MAX, cancelReasonOf, EVENT_CANCEL_MESSAGES } from '@core/domain/event-cancellation';
import { ApiError } from '../../../../lib/api';
import { cancelEvent, getCancelPreview, type CancelPreview, type EventCancelled } from '../api/events';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { Alert } from '../../../../components/ui/alert';
import { Spinner } from '../../../../components/ui/spinner';

export const CANCEL_EVENT_FAILED = 'Failed to cancel the event. Please try again.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the dialog says the cancellation will do to the event's bookings. */
export function previewText(preview: CancelPreview): string {
  if (preview.bookings === 0) return 'The event has no bookings.';
  const parts = [`${plural(preview.bookings, 'booking', 'bookings')} will be cancelled and each member with an e-mail address told the reason.`];
  if (preview.cardRefunds > 0) parts.push(`${plural(preview.cardRefunds, 'card payment', 'card payments')} will be refunded in full.`);
  if (preview.handRefunds > 0) parts.push(`${plural(preview.handRefunds, 'payment by cash or transfer is', 'payments by cash or transfer are')} to be handed back: listed "Refund failed" until recorded.`);
  return parts.join(' ');
}

/**
 * Asks for the reason members will be told and says how many bookings will be cancelled and
 * refunded, then cancels the event (events:write). The reason is checked by the core rule the
 * server applies; the server's refusals (409, 403, 404) are shown in its words.
 */
export function CancelEventDialog({ event, onClose, onCancelled }: { event: ClubEvent | null; onClose: () => void; onCancelled: (result: EventCancelled) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ status: 'loading' } | { status: 'ok'; data: CancelPreview } | { status: 'error' }>({ status: 'loading' });
  const eventId = event?.id ?? null;
  // Opened for another event: start again (React's pattern for state that follows a prop).
  const [shownFor, setShownFor] = useState(eventId);
  if (shownFor !== eventId) {
    setShownFor(eventId);
    setReason('');
    setError(null);
    setFailure(null);
    setPreview({ status: 'loading' });
  }

  useEffect(() => {
    if (eventId === null) return;
    let live = true;
    getCancelPreview(eventId).then(
      (data) => live && setPreview({ status: 'ok', data }),
      () => live && setPreview({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [eventId]);

  async function confirm() {
    if (!event) return;
    if (cancelReasonOf(reason) === null) {
      setError(EVENT_CANCEL_MESSAGES.reasonRequired);
      document.getElementById('cancel-reason')?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onCancelled(await cancelEvent(event.id, reason));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400 && caught.fields.reason) setError(caught.fields.reason);
      else if (caught instanceof ApiError && [403, 404, 409].includes(caught.status)) setFailure(caught.message);
      else setFailure(CANCEL_EVENT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog open={event !== null} title="Cancel event?" confirmLabel="Cancel event" cancelLabel="Keep event" busy={busy} onConfirm={() => void confirm()} onCancel={onClose}>
      <p>
        <strong>{event?.name}</strong> will stay on the calendar marked Cancelled with the reason below, and booking will close. This cannot be undone.
      </p>
      <div aria-live="polite">
        {preview.status === 'loading' && <Spinner label="Counting the bookings…" />}
        {preview.status === 'ok' && <p className="adm-cancel-preview">{previewText(preview.data)}</p>}
        {preview.status === 'error' && <Alert tone="error">The bookings could not be counted. Every standing booking will still be cancelled and refunded.</Alert>}
      </div>
      <Field id="cancel-reason" label="Reason members will be told" required error={error ?? undefined}>
        <textarea
          className="input"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
        />
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
}
