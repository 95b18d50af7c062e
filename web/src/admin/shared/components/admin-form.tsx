import type { FormEvent, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { messagesOf, ruleResolver, showRefusal, useFocusFirst, type FieldMessages } from '../../../lib/form-rules';
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
 * An admin form on react-hook-form, checked with a core rule (the one the server applies, answering
 * `{ ok: false, errors }` for values it refuses) through `ruleResolver`. The messages are those of
 * the last submit (`mode`/`reValidateMode` 'onSubmit'), each cleared as its field changes; the
 * server's field messages show the same way when it still refuses; the focus goes to the first
 * field with a message once the submission is over (the fieldsets are disabled while it runs).
 */
export function useAdminForm<V extends FieldValues, K extends string & Path<V>>({
  initial,
  check,
  order,
  idOf,
  onSubmit,
}: {
  initial: V;
  check: (values: V) => { ok: true } | { ok: false; errors: FieldMessages };
  order: readonly K[];
  idOf: (name: K) => string;
  onSubmit: AdminFormProps<V>['onSubmit'];
}) {
  const form = useForm<V>({
    defaultValues: initial as DefaultValues<V>,
    resolver: ruleResolver(check),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, order, idOf as (name: Path<V>) => string);
  const values = form.watch();
  const messages = messagesOf(errors);
  const errorFor = (name: K): string | undefined => messages[name];
  const errorCount = order.filter((name) => messages[name] !== undefined).length;
  /** Sets a value a control hands back itself (a checkbox, a date, the job rows) and clears the field's message. */
  const set = <N extends K>(name: N, value: PathValue<V, N>) => {
    form.setValue(name, value);
    form.clearErrors(name);
  };
  /** react-hook-form's binding of a text input, select or textarea; a change clears the field's message. */
  const bind = (name: K) => form.register(name, { onChange: () => form.clearErrors(name) });
  const control = <N extends K>(name: N) => ({ value: values[name] as PathValue<V, N>, onChange: (value: PathValue<V, N>) => set(name, value), error: errorFor(name) });
  const refuse = (fields: FieldMessages) => focusFirst(showRefusal(form, order, fields));
  const send = form.handleSubmit(
    async (submitted) => {
      const refused = await onSubmit(submitted);
      if (refused && Object.keys(refused).length > 0) refuse(refused);
    },
    (invalid) => focusFirst(messagesOf(invalid)),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isSubmitting) return; // one submission at a time
    void send(e);
  };
  return { form, values, set, bind, control, errorFor, errorCount, submitting: isSubmitting, refuse, submit };
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
