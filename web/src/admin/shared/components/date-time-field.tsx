import { useState } from 'react';
import { UK_DATE_HINT, ukPartsToWallClock, wallClockInWords, wallClockToUkParts } from '@core/shared/uk-date-input';

/**
 * A date and a time for the event form, read the club's way whatever the browser's language:
 * two text fields (day/month/year and a 24-hour time, parsed by the core), with the chosen date
 * echoed in words beside them, so a day and month typed the wrong way round are seen at once.
 * The browser's own date picker is not used: it shows and reads dates in the browser's locale.
 */
export function DateTimeField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  allDayAtMidnight,
  formatHintId,
}: {
  /** The date input's id (the form focuses it when the field has a message); the time's is `${id}-time`. */
  id: string;
  label: string;
  /** The London wall clock, 'yyyy-MM-ddTHH:mm', '' for none, or the typed text when it is not one. */
  value: string;
  onChange: (wallClock: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  /** A start at 00:00 is an all-day event: the echo says so. */
  allDayAtMidnight?: boolean;
  /** The id of the text that says how to type a date and a time, read with both fields. */
  formatHintId?: string;
}) {
  const [parts, setParts] = useState(() => wallClockToUkParts(value));
  const words = wallClockInWords(value, { allDayAtMidnight });
  const hintId = `${id}-hint`;
  const echoId = `${id}-echo`;
  const errorId = `${id}-error`;
  const describedBy = [formatHintId, echoId, error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');

  const change = (next: { date: string; time: string }) => {
    setParts(next);
    onChange(ukPartsToWallClock(next.date, next.time));
  };

  return (
    <fieldset className={`field adm-datetime${error ? ' field-invalid' : ''}`}>
      <legend className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="adm-datetime-parts">
        <div className="adm-datetime-part">
          <label htmlFor={id}>Date</label>
          <input
            id={id}
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="dd/mm/yyyy"
            value={parts.date}
            onChange={(e) => change({ ...parts, date: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="adm-datetime-part adm-datetime-time">
          <label htmlFor={`${id}-time`}>Time</label>
          <input
            id={`${id}-time`}
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="hh:mm"
            value={parts.time}
            onChange={(e) => change({ ...parts, time: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      <p className="adm-date-echo" id={echoId} aria-live="polite">
        {words ?? ''}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      {/* Below the fields, so the three groups' fields line up whatever their hints' lengths. */}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}

/** The hint on how to type dates that a form's date fields point to (their `formatHintId`). */
export function DateFormatHint({ id }: { id: string }) {
  return (
    <p className="field-hint adm-dates-hint" id={id}>
      {UK_DATE_HINT}
    </p>
  );
}
