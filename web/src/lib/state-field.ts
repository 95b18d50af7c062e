import type { ChangeEvent } from 'react';

/**
 * The `value` and `onChange` of a text input or select whose value is one key of an object kept
 * with useState (the duties pages' small add forms): a change replaces that key alone.
 */
export function stateField<T extends object, K extends { [P in keyof T]: T[P] extends string ? P : never }[keyof T]>(
  state: T,
  setState: (next: T) => void,
  key: K,
) {
  return { value: state[key] as string, onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setState({ ...state, [key]: e.target.value }) };
}
