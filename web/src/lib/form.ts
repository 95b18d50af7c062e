import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';

/** A message for each field that has one; a field without a message is fine. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface FormOptions<V, K extends string> {
  initial: V | (() => V);
  /** The core's rule for these values: the message of each field that breaks it, {} when all is well. */
  validate: (values: V) => FieldErrors<K>;
  /**
   * A rule that speaks of the form as a whole (the work-day sign-up names one problem at a time):
   * its message shows as the form's message at a submit, and nothing is sent.
   */
  formRule?: (values: V) => string | null;
  /** The fields in the order a reader meets them: focus goes to the first that has a message. */
  order: readonly K[];
  /** The element id of a field's control, so it can be focused. */
  idOf: (name: K) => string;
  /**
   * When messages show. 'change' (the booking form): a field's message shows as soon as it has been
   * changed or left, and every field's after a submit, and follows the values from then on.
   * 'submit' (the admin forms): the messages are those of the last submit, each cleared as its
   * field is changed.
   */
  show?: 'change' | 'submit';
}

export interface Form<V, K extends string> {
  values: V;
  /** Changes one value; it clears that field's server message and the form's message. */
  set: <N extends keyof V>(name: N, value: V[N]) => void;
  /** Props for a text input, select or textarea bound to a field (Field adds the id). */
  bind: (name: K & keyof V, transform?: (raw: string) => string) => {
    name: string;
    value: string;
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
    onBlur: () => void;
  };
  /** Props for a control that hands back its value itself (a date field): the value, its setter and the field's message. */
  control: <N extends K & keyof V>(name: N) => { value: V[N]; onChange: (value: V[N]) => void; error: string | undefined };
  /** The message to show beside a field, if any. */
  errorFor: (name: K) => string | undefined;
  /** How many fields show a message. */
  errorCount: number;
  /** The message about the whole form (the server refused, the network failed), or null. */
  formError: string | null;
  submitting: boolean;
  /**
   * The form's onSubmit: checks the values with the core's rule first (focusing the first field
   * with a message, sending nothing), then runs `send` with the values, once at a time.
   */
  handleSubmit: (send: (values: V) => Promise<void>) => (e: FormEvent) => void;
  /** The server refused: shows its field messages and its message for the form, and focuses the first field. */
  refuse: (fields: Partial<Record<string, string>>, message?: string | null) => void;
  /** Moves the focus to the element with this id once the form is rendered and not being sent (a file chosen beside the form's values, refused). */
  focus: (id: string) => void;
  /** Back to fresh values with no messages (after a booking, say). */
  reset: (values?: V) => void;
}

const EMPTY = {};

function count(errors: Partial<Record<string, string | undefined>>): number {
  return Object.values(errors).filter((message) => typeof message === 'string').length;
}

function without<T extends Partial<Record<string, unknown>>>(errors: T, name: PropertyKey): T {
  if (!(name in errors)) return errors;
  const next = { ...errors };
  delete next[name as keyof T];
  return next;
}

/**
 * The one form kit (ADR 12): the values, the core rule's messages with the spec's words, the
 * server's refusals shown the same way, focus on the first field with a message, and a single
 * submission at a time. Every form of the app is built on it.
 */
export function useForm<V extends object, K extends string & keyof V>(options: FormOptions<V, K>): Form<V, K> {
  const { validate, formRule, order, idOf, show = 'change' } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [touched, setTouched] = useState<Partial<Record<K, true>>>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [shown, setShown] = useState<FieldErrors<K>>(EMPTY);
  const [serverErrors, setServerErrors] = useState<FieldErrors<K>>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  // The submission is a mutation of the data layer: its pending state is the form's `submitting`.
  const submission = useMutation({ mutationFn: ({ send, sent }: { send: (values: V) => Promise<void>; sent: V }) => send(sent) });
  const submitting = submission.isPending;
  // Focus moves after React has rendered the messages, so a screen reader reads the field's one,
  // and once the submission is over: a form whose fields are disabled while it is sent (the
  // admin panels' fieldset) cannot give them the focus before. Each request is carried out once.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const focused = useRef<{ id: string } | null>(null);
  useEffect(() => {
    if (focusRequest === null || submitting || focused.current === focusRequest) return;
    focused.current = focusRequest;
    document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest, submitting]);
  const focusFirst = (errors: FieldErrors<K>) => {
    const first = order.find((name) => errors[name] !== undefined);
    if (first !== undefined) setFocusRequest({ id: idOf(first) });
  };

  const live = show === 'change' ? validate(values) : EMPTY;
  const errorFor = (name: K): string | undefined => {
    if (serverErrors[name] !== undefined) return serverErrors[name];
    if (show === 'submit') return shown[name];
    return attempted || touched[name] ? (live as FieldErrors<K>)[name] : undefined;
  };

  const set = <N extends keyof V>(name: N, value: V[N]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current[name as unknown as K] ? current : { ...current, [name]: true }));
    setShown((current) => without(current, name));
    setServerErrors((current) => without(current, name));
    setFormError(null);
  };

  const bind: Form<V, K>['bind'] = (name, transform) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e) => set(name, (transform ? transform(e.target.value) : e.target.value) as V[typeof name]),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  const control: Form<V, K>['control'] = (name) => ({ value: values[name], onChange: (value) => set(name, value), error: errorFor(name) });

  const refuse = (fields: Partial<Record<string, string>>, message: string | null = null) => {
    const known = Object.fromEntries(order.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]])) as FieldErrors<K>;
    setServerErrors(known);
    setFormError(message);
    if (count(known) > 0) focusFirst(known);
  };

  const handleSubmit: Form<V, K>['handleSubmit'] = (send) => (e) => {
    e.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const errors = validate(values);
    if (count(errors) > 0) {
      setShown(errors);
      focusFirst(errors);
      return;
    }
    const whole = formRule?.(values) ?? null;
    if (whole !== null) {
      setFormError(whole);
      return;
    }
    setShown(EMPTY);
    setServerErrors(EMPTY);
    setFormError(null);
    submission.mutate({ send, sent: values });
  };

  const reset = (next?: V) => {
    setValues(next ?? options.initial);
    setTouched(EMPTY);
    setAttempted(false);
    setShown(EMPTY);
    setServerErrors(EMPTY);
    setFormError(null);
  };

  const errorCount = order.filter((name) => errorFor(name) !== undefined).length;
  const focus = (id: string) => setFocusRequest({ id });
  return { values, set, bind, control, errorFor, errorCount, formError, submitting, handleSubmit, refuse, focus, reset };
}
