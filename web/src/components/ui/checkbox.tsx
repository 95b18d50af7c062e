import type { ReactNode } from 'react';

export interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  hint?: string;
  disabled?: boolean;
  /** A tighter row, for lists of checkboxes inside a table cell. */
  compact?: boolean;
  title?: string;
}

/** A checkbox with its label beside it and an optional hint below, read with it. */
export function Checkbox({ id, label, checked, onChange, name, hint, disabled, compact, title }: CheckboxProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`check-row${compact ? ' check-row-compact' : ''}`}>
      <input id={id} name={name} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} />
      <span className="check-text">
        <label htmlFor={id} title={title}>
          {label}
        </label>
        {hint && (
          <span className="field-hint check-hint" id={hintId}>
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}
