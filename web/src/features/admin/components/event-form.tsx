import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CURRENCIES } from '@core/entities/money';
import { BOOKING_END_HINT, validateEventForm, type EventFormValues } from '@core/domain/event-form';

type Errors = Partial<Record<keyof EventFormValues, string>>;

const FIELD_ORDER: (keyof EventFormValues)[] = [
  'name',
  'description',
  'longdescription',
  'eventdatetime',
  'eventenddatetime',
  'bookingEndDate',
  'capacity',
  'requiresPayment',
  'price',
  'currency',
];

/**
 * The event form for both create and edit. It checks the values with the same core rules the
 * server applies, so most mistakes are caught before sending; the server's field messages are
 * shown the same way when it still refuses.
 */
export function EventForm({
  initial,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: {
  initial: EventFormValues;
  submitLabel: string;
  submittingLabel: string;
  /** Resolves to field errors to show, or null when the save succeeded. */
  onSubmit: (values: EventFormValues) => Promise<Errors | null>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<EventFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function focusFirstError(found: Errors) {
    const first = FIELD_ORDER.find((key) => found[key]);
    if (!first) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateEventForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Let React render the messages before moving focus, so the reader hears the field's error.
      setTimeout(() => focusFirstError(checked.errors), 0);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const refused = await onSubmit(values);
    setSubmitting(false);
    if (refused && Object.keys(refused).length > 0) {
      setErrors(refused);
      setTimeout(() => focusFirstError(refused), 0);
    }
  }

  const errorCount = Object.values(errors).filter(Boolean).length;

  return (
    <form ref={formRef} className="adm-form" onSubmit={handleSubmit} noValidate>
      {errorCount > 0 && (
        <p className="adm-alert adm-alert-error" role="alert">
          Please correct the {errorCount === 1 ? 'error' : `${errorCount} errors`} below.
        </p>
      )}
      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Event details</legend>
        <TextField name="name" label="Event Name" required value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField name="description" label="Short Description" value={values.description} error={errors.description} onChange={(v) => set('description', v)} hint="Shown on the calendar." />
        <Field name="longdescription" label="Long Description" error={errors.longdescription} hint="Shown on the booking page.">
          {(props) => <textarea {...props} rows={5} value={values.longdescription} onChange={(e) => set('longdescription', e.target.value)} />}
        </Field>
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Dates and times (UK time)</legend>
        <div className="adm-grid-3">
          <Field name="eventdatetime" label="Start Date & Time" required error={errors.eventdatetime} hint="A start at 00:00 makes an all-day event.">
            {(props) => <input {...props} type="datetime-local" value={values.eventdatetime} onChange={(e) => set('eventdatetime', e.target.value)} />}
          </Field>
          <Field name="eventenddatetime" label="End Date & Time" error={errors.eventenddatetime} hint="Optional.">
            {(props) => <input {...props} type="datetime-local" value={values.eventenddatetime} onChange={(e) => set('eventenddatetime', e.target.value)} />}
          </Field>
          <Field name="bookingEndDate" label="Booking End Date" error={errors.bookingEndDate} hint={`Optional. ${BOOKING_END_HINT}`}>
            {(props) => <input {...props} type="datetime-local" value={values.bookingEndDate} onChange={(e) => set('bookingEndDate', e.target.value)} />}
          </Field>
        </div>
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Booking options</legend>
        <Checkbox name="allowBooking" label="Allow Booking" hint="Members can book this event (Bookable); otherwise it is View Only." checked={values.allowBooking} onChange={(v) => set('allowBooking', v)} />
        <Field name="capacity" label="Capacity" error={errors.capacity} hint="Most attendees in total. Leave empty for no limit.">
          {(props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} value={values.capacity} onChange={(e) => set('capacity', e.target.value)} />}
        </Field>
        <div className="adm-checks">
          <Checkbox name="isBoatEvent" label="Boat Event" hint="Ask for the boat name." checked={values.isBoatEvent} onChange={(v) => set('isBoatEvent', v)} />
          <Checkbox name="offerChild" label="Children" hint="Ask how many children (12 years or under)." checked={values.offerChild} onChange={(v) => set('offerChild', v)} />
          <Checkbox name="offerSoftDrinks" label="Soft Drinks" hint="Ask how many want soft drinks." checked={values.offerSoftDrinks} onChange={(v) => set('offerSoftDrinks', v)} />
          <Checkbox name="offerVeg" label="Vegetarian" hint="Ask how many vegetarian meals." checked={values.offerVeg} onChange={(v) => set('offerVeg', v)} />
        </div>
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Payment</legend>
        <Checkbox name="requiresPayment" label="Requires Payment" hint="Members pay by card when they book; children pay half price." checked={values.requiresPayment} onChange={(v) => set('requiresPayment', v)} />
        {values.requiresPayment && (
          <div className="adm-grid-2">
            <Field name="price" label="Price per adult" required error={errors.price}>
              {(props) => <input {...props} type="number" inputMode="decimal" min={0} step={0.01} value={values.price} onChange={(e) => set('price', e.target.value)} />}
            </Field>
            <Field name="currency" label="Currency" error={errors.currency}>
              {(props) => (
                <select {...props} value={values.currency} onChange={(e) => set('currency', e.target.value as EventFormValues['currency'])}>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
      </fieldset>

      <div className="adm-form-actions">
        <button type="submit" className="adm-button adm-button-primary" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </button>
        <button type="button" className="adm-button adm-button-secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface ControlProps {
  id: string;
  name: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function Field({ name, label, required, error, hint, children }: { name: string; label: string; required?: boolean; error?: string; hint?: string; children: (props: ControlProps) => ReactNode }) {
  const id = `adm-event-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="adm-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="adm-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="adm-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="adm-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function TextField({ name, label, required, value, error, hint, onChange }: { name: string; label: string; required?: boolean; value: string; error?: string; hint?: string; onChange: (value: string) => void }) {
  return (
    <Field name={name} label={label} required={required} error={error} hint={hint}>
      {(props) => <input {...props} type="text" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

function Checkbox({ name, label, hint, checked, onChange }: { name: string; label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = `adm-event-${name}`;
  return (
    <div className="adm-check">
      <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="adm-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
