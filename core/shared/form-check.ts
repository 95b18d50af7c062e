/** What a form check answers: the values it accepted, or a message per refused field. */
export type FormCheck<V, E> = { ok: true; value: V } | { ok: false; errors: E };

/**
 * A form check's answer once its fields are checked: the per-field messages when there are any,
 * otherwise the values `valid` builds (built only then, from fields known to be good).
 */
export function formCheck<V, E extends object>(errors: E, valid: () => V): FormCheck<V, E> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: valid() };
}
