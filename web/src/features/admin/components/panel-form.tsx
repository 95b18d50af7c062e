import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * A form in its own panel of a screen (Add an Admin, Upload a Photo …): a heading that names the
 * panel, the form's message, and the fields in one fieldset that is disabled while the form is
 * being sent. `onStart` runs at each submit before the form's own check (an earlier success
 * message must not stand beside this attempt's errors); the submit button shows `submittingLabel`
 * while sending. `after` follows the form inside the panel.
 */
export function PanelForm({
  titleId,
  title,
  legend,
  formError,
  submitting,
  onSubmit,
  onStart,
  submitLabel,
  submittingLabel,
  after,
  children,
}: {
  titleId: string;
  title: ReactNode;
  legend: string;
  formError: string | null;
  submitting: boolean;
  onSubmit: (e: FormEvent) => void;
  onStart?: () => void;
  submitLabel?: string;
  submittingLabel?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="adm-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {formError && <Alert tone="error">{formError}</Alert>}
      <form
        onSubmit={(e) => {
          onStart?.();
          onSubmit(e);
        }}
        noValidate
      >
        <fieldset className="adm-fieldset" disabled={submitting}>
          <legend className="visually-hidden">{legend}</legend>
          {children}
          {submitLabel !== undefined && <Button type="submit">{submitting ? submittingLabel : submitLabel}</Button>}
        </fieldset>
      </form>
      {after}
    </section>
  );
}
