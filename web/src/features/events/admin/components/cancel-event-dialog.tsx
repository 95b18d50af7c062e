import { useState } from 'react';
import type { ClubEvent } from '@core/events/event';
import { CANCEL_REASON_MAX, cancelReasonOf, EVENT_CANCEL_MESSAGES } from '@core/bookings/event-cancellation';
import { ApiError } from '../../../../lib/api';
import { useCancelEvent, useCancelPreview, type CancelPreview, type EventCancelled } from '../api/events';
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
  if (preview.handRefunds > 0)
    parts.push(
      `${plural(preview.handRefunds, 'payment by cash or transfer is', 'payments by cash or transfer are')} to refund by hand: the members are told the club will repay them, and the admins who record refunds get the list.`,
    );
  return parts.join(' ');
}

/** What the cancellation did, e.g. 'Event "Regatta" cancelled: 3 bookings cancelled; 2 refunded to cards, 1 to refund by hand.' */
export function outcomeText(result: EventCancelled): string {
  const parts: string[] = [];
  if (result.refunded > 0) parts.push(`${result.refunded} refunded to ${result.refunded === 1 ? 'a card' : 'cards'}`);
  if (result.refundsByHand > 0) parts.push(`${result.refundsByHand} to refund by hand`);
  if (result.refundsFailed > 0) parts.push(`${plural(result.refundsFailed, 'card refund', 'card refunds')} failed: see the event's bookings to retry`);
  const done = `Event "${result.event.name}" cancelled: ${plural(result.cancelled, 'booking', 'bookings')} cancelled`;
  return `${parts.length > 0 ? `${done}; ${parts.join(', ')}` : done}.`;
}

/** The notice after a cancellation: an error when a card refund failed. */
export function cancelledNotice(result: EventCancelled): { kind: 'success' | 'error'; message: string } {
  return { kind: result.refundsFailed > 0 ? 'error' : 'success', message: outcomeText(result) };
}

/**
 * Asks for the reason members will be told and says how many bookings will be cancelled and
 * refunded, then cancels the event (events:write). The reason is checked by the core rule the
 * server applies; the server's refusals (409, 403, 404) are shown in its words.
 */
export function CancelEventDialog({
  event,
  onClose,
  onCancelled,
}: {
  event: ClubEvent | null;
  onClose: () => void;
  onCancelled: (result: EventCancelled) => void;
}) {
  const [reason, setReason] = useState('');
  /** The core rule's message for the reason, found before sending. */
  const [reasonError, setReasonError] = useState<string | null>(null);
  const eventId = event?.id ?? null;
  const preview = useCancelPreview(eventId);
  const cancel = useCancelEvent({ onSuccess: onCancelled });
  // Opened for another event: start again (React's pattern for state that follows a prop).
  const [shownFor, setShownFor] = useState(eventId);
  if (shownFor !== eventId) {
    setShownFor(eventId);
    setReason('');
    setReasonError(null);
  }

  // The server's refusal: a message for the reason (400), in its words (403, 404, 409), or the catalogue's.
  const refused = cancel.error;
  const serverReasonError = refused instanceof ApiError && refused.status === 400 && refused.fields.reason ? refused.fields.reason : null;
  const error = reasonError ?? serverReasonError;
  const failure =
    !refused || serverReasonError ? null : refused instanceof ApiError && [403, 404, 409].includes(refused.status) ? refused.message : CANCEL_EVENT_FAILED;

  function confirm() {
    if (!event || cancel.isPending) return;
    if (cancelReasonOf(reason) === null) {
      setReasonError(EVENT_CANCEL_MESSAGES.reasonRequired);
      document.getElementById('cancel-reason')?.focus();
      return;
    }
    cancel.mutate({ id: event.id, reason });
  }

  function close() {
    // The next opening starts without this attempt's refusal.
    cancel.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={event !== null}
      title="Cancel event?"
      confirmLabel="Cancel event"
      cancelLabel="Keep event"
      busy={cancel.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        <strong>{event?.name}</strong> will stay on the calendar marked Cancelled with the reason below, and booking will close. This cannot be undone.
      </p>
      <div aria-live="polite">
        {preview.isPending && <Spinner label="Counting the bookings…" />}
        {preview.isSuccess && <p className="adm-cancel-preview">{previewText(preview.data)}</p>}
        {preview.isError && <Alert tone="error">The bookings could not be counted. Every standing booking will still be cancelled and refunded.</Alert>}
      </div>
      <Field id="cancel-reason" label="Reason members will be told" required error={error ?? undefined}>
        <textarea
          className="input"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (reasonError) setReasonError(null);
            if (serverReasonError) cancel.reset();
          }}
        />
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
}
