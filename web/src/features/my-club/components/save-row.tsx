import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * The end of a My club form that saves in place: the server's refusal for the whole form, the save
 * button ("Saving…" while it is sent) and a status line a screen reader announces once saved.
 */
export function SaveRow({
  refusal,
  submitting,
  label,
  saved,
  savedText,
}: {
  refusal?: string;
  submitting: boolean;
  label: string;
  saved: boolean;
  savedText: string;
}) {
  return (
    <>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : label}
        </Button>
      </div>
      <p role="status" className="field-hint">
        {saved ? savedText : ''}
      </p>
    </>
  );
}
