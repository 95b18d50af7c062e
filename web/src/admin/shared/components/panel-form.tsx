import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** What PanelForm needs of an admin form (useAdminPanelForm in admin-form.tsx). */
interface KitForm<V> {
  formError: string | null;
  submitting: boolean;
  handleSubmit: (send: (values: V) => Promise<void>) => (e: FormEvent) => void;
}

/**
 * A form in its own panel of a screen (Add an Admin, Upload a Photo …): a heading (id `<id>-title`)
 * that names the panel, the form's message, and the fields in one fieldset that is disabled while
 * the form is being sent with `send`. `onStart` runs at each submit before the form's own check
 * (an earlier success message must not stand beside this attempt's errors). `submit` is the submit
 * button's words, and its words while sending; `after` follows the form inside the panel.
 */
export function PanelForm<V>({
  id,
  title,
  legend,
  form,
  send,
  onStart,
  submit,
  after,
  children,
}: {
  id: string;
  title: ReactNode;
  legend: string;
  form: KitForm<V>;
  send: (values: V) => Promise<void>;
  onStart?: () => void;
  submit?: readonly [label: string, submittingLabel: string];
  after?: ReactNode;
  children: ReactNode;
}) {
  const onSubmit = form.handleSubmit(send);
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <form
        onSubmit={(e) => {
          onStart?.();
          onSubmit(e);
        }}
        noValidate
      >
        <fieldset className="adm-fieldset" disabled={form.submitting}>
          <legend className="visually-hidden">{legend}</legend>
          {children}
          {submit && <Button type="submit">{form.submitting ? submit[1] : submit[0]}</Button>}
        </fieldset>
      </form>
      {after}
    </section>
  );
}
