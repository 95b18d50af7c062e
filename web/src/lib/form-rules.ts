import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { inputErrors } from '@core/shared/parse-input';
import { ApiError, refusalMessage } from './api';

/**
 * The glue between react-hook-form and the core's rules (ADR 65): the forms use react-hook-form
 * for their values and state, checked by the very rule the server applies, so the messages are
 * the core's (the spec's words) and no rule is written twice.
 */

/** A message for each field that has one. */
export type FieldMessages = Partial<Record<string, string>>;

function resolved<V extends FieldValues>(values: V, messages: FieldMessages): ReturnType<Resolver<V>> {
  const entries = Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== '');
  if (entries.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(entries.map(([name, message]) => [name, { type: 'rule', message }])) as FieldErrors<V> };
}

/** A resolver over a core rule that answers `{ ok: true }` or `{ ok: false, errors }` (a message per field). */
export function ruleResolver<V extends FieldValues>(check: (values: V) => { ok: true } | { ok: false; errors: FieldMessages }): Resolver<V> {
  return (values) => {
    const checked = check(values);
    return resolved(values, checked.ok ? {} : checked.errors);
  };
}

/** A resolver over a core function that answers a message per field ({} when all is well). */
export function messagesResolver<V extends FieldValues>(messages: (values: V) => FieldMessages): Resolver<V> {
  return (values) => resolved(values, messages(values));
}

/**
 * A resolver over a core rule that names one problem at a time for the form as a whole (the
 * work-day sign-up): its message is the `root` error, shown as the form's message at a submit.
 */
export function formRuleResolver<V extends FieldValues>(check: (values: V) => { ok: true } | { ok: false; message: string }): Resolver<V> {
  return (values) => {
    const checked = check(values);
    return checked.ok ? { values, errors: {} } : { values: {}, errors: { root: { type: 'rule', message: checked.message } } as FieldErrors<V> };
  };
}

/**
 * A resolver over a request schema of core/contract, with the server's own mapping of zod's issues
 * to messages (`inputErrors`), so a field reads exactly as the server's refusal of it would.
 */
export function schemaResolver<V extends FieldValues>(schema: z.ZodType): Resolver<V> {
  return (values) => resolved(values, inputErrors(schema, values));
}

/**
 * Focus on the first field with a message, in reading order, once React has rendered the messages
 * (a screen reader then reads the field's one) and once the submission is over: a form whose
 * fields are disabled while it is sent cannot give them the focus before. `focusFirst` is called
 * after a refused submit (by the rule or by the server); `focus` for any element by id.
 */
export function useFocusFirst<V extends FieldValues>(form: UseFormReturn<V>, order: readonly Path<V>[], idOf: (name: Path<V>) => string) {
  const { isSubmitting } = form.formState;
  const [request, setRequest] = useState<{ id: string } | null>(null);
  const done = useRef<{ id: string } | null>(null);
  useEffect(() => {
    if (request === null || isSubmitting || done.current === request) return;
    done.current = request;
    document.getElementById(request.id)?.focus();
  }, [request, isSubmitting]);
  const focus = (id: string) => setRequest({ id });
  const focusFirst = (messages: FieldMessages) => {
    const first = order.find((name) => messages[name] !== undefined);
    if (first !== undefined) focus(idOf(first));
  };
  return { focus, focusFirst };
}

/**
 * Shows a server refusal: its message beside each field of the form it names (the fields in
 * `order`) and its message for the whole form as the `root.server` error. Returns the field
 * messages shown, so the caller can focus the first.
 */
export function showRefusal<V extends FieldValues>(
  form: UseFormReturn<V>,
  order: readonly Path<V>[],
  fields: FieldMessages,
  message?: string | null,
): FieldMessages {
  const shown: FieldMessages = {};
  for (const name of order) {
    const text = fields[name];
    if (text === undefined) continue;
    shown[name] = text;
    form.setError(name, { type: 'server', message: text });
  }
  if (message) form.setError('root.server', { type: 'server', message });
  return shown;
}

/**
 * Shows why a request refused a form's values: a 400's messages beside the fields it names or, when
 * it names none, the refusal's own message (`failed` when it gave none, offline said as such) for the
 * whole form. Returns the field messages shown, so the caller can focus the first.
 */
export function showRequestRefusal<V extends FieldValues>(form: UseFormReturn<V>, order: readonly Path<V>[], error: unknown, failed: string): FieldMessages {
  const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
  return showRefusal(form, order, fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, failed));
}

/** The messages of a submit the rule refused, by field name, from react-hook-form's errors. */
export function messagesOf(errors: Partial<Record<string, { message?: unknown }>>): FieldMessages {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([name, error]) => name !== 'root' && typeof error?.message === 'string')
      .map(([name, error]) => [name, error?.message as string]),
  );
}

/**
 * react-hook-form's binding of a text input, select or textarea. A change clears the form's
 * message, and with `clear` (a form whose messages are those of the last submit) the field's own;
 * `transform` cleans the typed text as it is typed (digits only in a count); `deps` are the fields
 * checked again with this one (the counts of a booking are each within the number attending).
 */
export function bindField<V extends FieldValues>(
  form: UseFormReturn<V>,
  name: Path<V>,
  options: { clear?: boolean; transform?: (raw: string) => string; deps?: Path<V>[] } = {},
) {
  const binding = form.register(name, {
    deps: options.deps,
    onChange: () => {
      if (options.clear) form.clearErrors(name);
      form.clearErrors('root');
    },
  });
  const { transform } = options;
  if (!transform) return binding;
  return {
    ...binding,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      e.target.value = transform(e.target.value);
      return binding.onChange(e);
    },
  };
}

/**
 * The form's onSubmit: react-hook-form's handleSubmit with the core rule's check first, a refused
 * submit focusing its first field with a message, and nothing while a submission is under way.
 */
export function submitOnce<V extends FieldValues>(
  form: UseFormReturn<V>,
  send: (values: V) => Promise<unknown>,
  focusFirst: (messages: FieldMessages) => void,
) {
  const submit = form.handleSubmit(
    async (values) => {
      await send(values);
    },
    (invalid) => focusFirst(messagesOf(invalid)),
  );
  return (e: FormEvent) => {
    if (form.formState.isSubmitting) {
      e.preventDefault();
      return;
    }
    void submit(e);
  };
}
