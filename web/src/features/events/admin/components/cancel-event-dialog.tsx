import type { ClubEvent } from '@core/events/event';
import { useCancelEvent, useCancelPreview, type CancelPreview, type EventCancelled } from '../api/events';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Alert } from '../../../../components/ui/alert';
import { Spinner } from '../../../../components/ui/spinner';
import { useReasonToTell } from './reason-to-tell';

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
  const eventId = event?.id ?? null;
  const preview = useCancelPreview(eventId);
  const cancel = useCancelEvent({ onSuccess: onCancelled });
  const { reason, failure, accepted, field } = useReasonToTell({
    shownFor: eventId,
    refused: cancel.error,
    resetRefusal: cancel.reset,
    fieldId: 'cancel-reason',
    failedMessage: CANCEL_EVENT_FAILED,
  });

  function confirm() {
    if (!event || cancel.isPending || !accepted()) return;
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
      {field}
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
}
