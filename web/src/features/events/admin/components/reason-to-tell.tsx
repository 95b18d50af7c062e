import { useState } from 'react';
import { CANCEL_REASON_MAX, cancelReasonOf, EVENT_CANCEL_MESSAGES } from '@core/bookings/event-cancellation';
import { ApiError } from '../../../../lib/api';
import { Field } from '../../../../components/ui/field';

/**
 * The reason members will be told, as the dialogs that cancel dates ask for it (cancel a date, end
 * a series): it starts again when the dialog opens for another date, it is checked by the core rule
 * the server applies before sending, and the server's refusal shows as the field's message (400) or
 * in its own words (403, 404, 409), else as `failedMessage`.
 */
export function useReasonToTell({
  shownFor,
  refused,
  resetRefusal,
  fieldId,
  failedMessage,
}: {
  /** The date the dialog is open for (null when closed). */
  shownFor: string | null;
  /** The mutation's error. */
  refused: unknown;
  /** Clears the mutation's error. */
  resetRefusal: () => void;
  fieldId: string;
  failedMessage: string;
}) {
  const [reason, setReason] = useState('');
  /** The core rule's message for the reason, found before sending. */
  const [reasonError, setReasonError] = useState<string | null>(null);
  // Opened for another date: start again (React's pattern for state that follows a prop).
  const [openFor, setOpenFor] = useState(shownFor);
  if (openFor !== shownFor) {
    setOpenFor(shownFor);
    setReason('');
    setReasonError(null);
  }
  const serverReasonError = refused instanceof ApiError && refused.status === 400 && refused.fields.reason ? refused.fields.reason : null;
  const failure =
    !refused || serverReasonError ? null : refused instanceof ApiError && [403, 404, 409].includes(refused.status) ? refused.message : failedMessage;

  return {
    reason,
    failure,
    /** True when the reason may be sent; otherwise shows the rule's message and focuses the field. */
    accepted(): boolean {
      if (cancelReasonOf(reason) !== null) return true;
      setReasonError(EVENT_CANCEL_MESSAGES.reasonRequired);
      document.getElementById(fieldId)?.focus();
      return false;
    },
    field: (
      <Field id={fieldId} label="Reason members will be told" required error={reasonError ?? serverReasonError ?? undefined}>
        <textarea
          className="input"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (reasonError) setReasonError(null);
            if (serverReasonError) resetRefusal();
          }}
        />
      </Field>
    ),
  };
}
