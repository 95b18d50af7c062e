import type { FormEvent, ReactNode } from 'react';
import { useForm, type FieldErrors } from '../../../lib/form';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';

/** What a create/edit page hands its form (events, news, work days). */
export interface AdminFormProps<V> {
  initial: V;
  submitLabel: string;
  submittingLabel: string;
  /** Resolves to the server's field messages to show, or null when the save succeeded (or failed as a whole). */
  onSubmit: (values: V) => Promise<Record<string, string> | null>;
  onCancel: () => void;
}

/**
 * An admin form on the form kit, checked with a core rule (the one the server applies, answering
 * `{ ok: false, errors }` for values it refuses), its messages shown at a submit; the server's field
 * messages show the same way when it still refuses.
 */
export function useAdminForm<V extends object, K extends string & keyof V>({
  initial,
  check,
  order,
  idOf,
  onSubmit,
}: {
  initial: V;
  check: (values: V) => { ok: true } | { ok: false; errors: FieldErrors<K> };
  order: readonly K[];
  idOf: (name: K) => string;
  onSubmit: AdminFormProps<V>['onSubmit'];
}) {
  const form = useForm<V, K>({
    initial,
    validate: (values) => {
      const checked = check(values);
      return checked.ok ? {} : checked.errors;
    },
    order,
    idOf,
    show: 'submit',
  });
  const send = async (values: V) => {
    const refused = await onSubmit(values);
    if (refused && Object.keys(refused).length > 0) form.refuse(refused);
  };
  return { form, submit: form.handleSubmit(send) };
}

/** The admin form's frame: the count of messages at the top, the fieldsets, then Save and Cancel. */
export function AdminForm({
  onSubmit,
  errorCount,
  submitting,
  submitLabel,
  submittingLabel,
  onCancel,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  errorCount: number;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form className="adm-form" onSubmit={onSubmit} noValidate>
      {errorCount > 0 && <Alert tone="error">Please correct the {errorCount === 1 ? 'error' : `${errorCount} errors`} below.</Alert>}
      {children}
      <div className="adm-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
