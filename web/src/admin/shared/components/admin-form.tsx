import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import { bindField, messagesOf, ruleResolver, showRefusal, submitOnce, useFocusFirst, type FieldMessages } from '../../../lib/form-rules';
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
 * An admin form on react-hook-form (ADR 65), its values checked by `resolver`, a resolver over the
 * core rule or request schema the server applies. The messages are those of the last submit
 * (`mode`/`reValidateMode` 'onSubmit'), each cleared as its field changes; the server's field
 * messages show the same way (`refuse`, with setError), its message for the form as the
 * `root.server` error; the focus goes to the first field with a message once the submission is
 * over (the fieldsets are disabled while it runs); one submission runs at a time.
 */
export function useAdminPanelForm<V extends FieldValues, K extends string & Path<V>>({
  initial,
  resolver,
  order,
  idOf,
}: {
  initial: V | (() => V);
  resolver: Resolver<V>;
  order: readonly K[];
  idOf: (name: K) => string;
}) {
  // The first values are read once, as the form opens (a function: made fresh for this form).
  const [defaults] = useState(initial);
  const form = useForm<V>({ defaultValues: defaults as DefaultValues<V>, resolver, mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false });
  const { errors, isSubmitting } = form.formState;
  const { focus, focusFirst } = useFocusFirst(form, order, idOf as (name: Path<V>) => string);
  const values = useWatch({ control: form.control }) as V;
  const messages = messagesOf(errors);
  const errorFor = (name: K): string | undefined => messages[name];
  return {
    form,
    values,
    errorFor,
    errorCount: order.filter((name) => messages[name] !== undefined).length,
    formError: errors.root?.server?.message ?? null,
    submitting: isSubmitting,
    /** Sets a value a control hands back itself (a checkbox, a date, a file) and clears the field's message and the form's. */
    set: <N extends Path<V>>(name: N, value: PathValue<V, N>) => {
      form.setValue(name, value);
      form.clearErrors(name);
      form.clearErrors('root');
    },
    /** react-hook-form's binding of a text input, select or textarea; a change clears the field's message and the form's. */
    bind: (name: K) => bindField(form, name, { clear: true }),
    /** The server refused: its field messages beside the fields (the first focused), its message for the form. */
    refuse: (fields: FieldMessages, message?: string | null) => focusFirst(showRefusal(form, order, fields, message)),
    /** Focus on an element by id once the form is rendered and not being sent (a file chosen beside the values, refused). */
    focus,
    /** The form's onSubmit for `send`: the check first (nothing sent when it fails), then `send` once at a time. */
    handleSubmit: (send: (values: V) => Promise<unknown>) => submitOnce(form, send, focusFirst),
    /** Back to fresh values with no messages. */
    reset: (next: V) => form.reset(next),
  };
}

/**
 * The create/edit pages' form (events, news, work days), checked with a core rule answering
 * `{ ok: false, errors }` for values it refuses; `onSubmit` resolves to the server's field
 * messages when it still refuses.
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
  const panel = useAdminPanelForm<V, K>({ initial, resolver: ruleResolver(check), order, idOf });
  const control = <N extends K>(name: N) => ({
    value: panel.values[name] as PathValue<V, N>,
    onChange: (value: PathValue<V, N>) => panel.set(name, value),
    error: panel.errorFor(name),
  });
  const submit = panel.handleSubmit(async (submitted) => {
    const refused = await onSubmit(submitted);
    if (refused && Object.keys(refused).length > 0) panel.refuse(refused);
  });
  return { ...panel, control, submit };
}

/** The admin form's frame: the count of messages at the top, the fieldsets, then Save and Cancel. */
export function AdminForm({
  onSubmit,
  form: { errorCount, submitting },
  actions: { submitLabel, submittingLabel, onCancel },
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  /** The form's state from `useAdminForm`: its count of messages and whether a submission runs. */
  form: { errorCount: number; submitting: boolean };
  /** Save's labels and Cancel's action, as the page hands them to its form. */
  actions: Pick<AdminFormProps<unknown>, 'submitLabel' | 'submittingLabel' | 'onCancel'>;
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
