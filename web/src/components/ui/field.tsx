import { cloneElement, isValidElement, type InputHTMLAttributes, type ReactElement } from 'react';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Marks the label with an asterisk (hidden from screen readers, which hear the label alone). */
  required?: boolean;
  children: ReactElement<ControlProps>;
}

/**
 * A labelled form control with an optional hint and error. The control is given the id and is
 * linked to the hint and error text, so screen readers read them with it.
 */
export function Field({ id, label, error, hint, required, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {control}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A Field whose control is an input: every other attribute (type, autoComplete, the form's binding) goes to the input. */
export function InputField({
  id,
  label,
  error,
  hint,
  required,
  ...input
}: Omit<FieldProps, 'children'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <input className="input" {...input} />
    </Field>
  );
}
