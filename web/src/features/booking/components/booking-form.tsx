import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BookingFormValues } from '@core/entities/booking';
import { BOOKING_MESSAGES, parseCount, stripNonDigits, validateBookingForm, visibleBookingFields } from '@core/domain/booking-validation';
import { childPrice, formatMoney, priceBooking } from '@core/domain/pricing';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import type { CalendarEvent } from '../../calendar/api/get-calendar-events';
import { submitBooking, type BookingReceipt } from '../api/submit-booking';

type FieldName = keyof BookingFormValues;

export function emptyBookingForm(): BookingFormValues {
  return {
    firstName: '',
    lastName: '',
    numberAttending: '1',
    numberOfChildren: '',
    numberOfSoftDrinks: '',
    numberOfVegetarian: '',
    boatName: '',
    email: '',
  };
}

const COUNT_FIELDS: FieldName[] = ['numberAttending', 'numberOfChildren', 'numberOfSoftDrinks', 'numberOfVegetarian'];
const FIELD_ORDER: FieldName[] = ['firstName', 'lastName', 'email', 'numberAttending', 'numberOfChildren', 'numberOfSoftDrinks', 'numberOfVegetarian', 'boatName'];

export interface BookingFormProps {
  event: CalendarEvent;
  maxAttendees: number;
  onBooked: (receipt: BookingReceipt, values: BookingFormValues) => void;
  /** The server said how many places are left (after refusing an overfull booking). */
  onPlacesLeft: (placesLeft: number) => void;
}

/**
 * The booking form. Messages come from core's validateBookingForm, shown for each field once
 * it has been changed and for every field after a submit; the server checks the same rules.
 */
export function BookingForm({ event, maxAttendees, onBooked, onPlacesLeft }: BookingFormProps) {
  const [values, setValues] = useState<BookingFormValues>(emptyBookingForm);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const visible = visibleBookingFields(event);

  const validation = validateBookingForm(values, event, { maxAttendees, testHook: false });
  const clientErrors: Partial<Record<FieldName, string>> = validation.ok ? {} : validation.errors;
  const errorFor = (name: FieldName): string | undefined =>
    serverErrors[name] ?? (submitAttempted || touched[name] ? clientErrors[name] : undefined);

  const change = (name: FieldName, raw: string) => {
    const value = COUNT_FIELDS.includes(name) ? stripNonDigits(raw) : raw;
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setSubmitError(null);
    setServerErrors((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const focusFirstError = (errors: Partial<Record<FieldName, string>>) => {
    const first = FIELD_ORDER.find((name) => errors[name] !== undefined);
    if (first) formRef.current?.querySelector<HTMLElement>(`#booking-${first}`)?.focus();
  };

  const onSubmit = async (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    if (submitting) return;
    setSubmitAttempted(true);
    if (!validation.ok) {
      focusFirstError(validation.errors);
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const receipt = await submitBooking(event.id, values);
      if (receipt.redirectUrl) {
        // A paid booking continues at its card step: a page of this app, reached without a reload
        // (the club configuration and the code already loaded are kept); any other address in full.
        if (receipt.redirectUrl.startsWith('/')) navigate(receipt.redirectUrl);
        else window.location.assign(receipt.redirectUrl);
        return;
      }
      const booked = values;
      setValues(emptyBookingForm());
      setTouched({});
      setSubmitAttempted(false);
      setServerErrors({});
      onBooked(receipt, booked);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        setServerErrors(error.fields as Partial<Record<FieldName, string>>);
        setSubmitError(BOOKING_MESSAGES.submitFailed);
        focusFirstError(error.fields as Partial<Record<FieldName, string>>);
      } else if (error instanceof ApiError && (error.status === 409 || error.status === 402)) {
        // Closed, overfull or not payable online: the server's own words say which.
        setSubmitError(error.message);
        if (typeof error.body.placesLeft === 'number') onPlacesLeft(error.body.placesLeft);
      } else {
        setSubmitError(BOOKING_MESSAGES.submitFailed);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const countInput = (name: FieldName, label: string, hint?: string) => (
    <Field id={`booking-${name}`} label={label} hint={hint} error={errorFor(name)}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        name={name}
        value={String(values[name])}
        onChange={(e) => change(name, e.target.value)}
        onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
        className="input input-count"
      />
    </Field>
  );

  const attending = parseCount(values.numberAttending);
  const children = visible.children ? parseCount(values.numberOfChildren) : 0;
  const paid = event.requiresPayment && event.price > 0;
  const total = paid && attending >= 1 && children <= attending ? priceBooking(event, { numberAttending: attending, numberOfChildren: children }) : null;

  return (
    <form ref={formRef} className="booking-form card" noValidate onSubmit={onSubmit} aria-labelledby="booking-form-heading">
      <h2 id="booking-form-heading">Book your place</h2>
      <p className="form-note">Fields marked * are required.</p>
      {paid && (
        <div className="price-box">
          <p>
            <strong>Price:</strong> {formatMoney(event.price, event.currency)} per adult
            {visible.children && <>, {formatMoney(childPrice(event.price), event.currency)} per child (12 years or under)</>}.
          </p>
          {total !== null && (
            <p>
              <strong>Total for this booking:</strong> {formatMoney(total, event.currency)}
            </p>
          )}
          <p>After you submit, you will be taken to a secure page to pay by card.</p>
        </div>
      )}
      <fieldset disabled={submitting} className="form-fields">
        <legend className="visually-hidden">Booking details</legend>
        <Field id="booking-firstName" label="Lead Member First Name *" error={errorFor('firstName')}>
          <input type="text" name="firstName" autoComplete="given-name" className="input" value={values.firstName} onChange={(e) => change('firstName', e.target.value)} onBlur={() => setTouched((c) => ({ ...c, firstName: true }))} aria-required="true" />
        </Field>
        <Field id="booking-lastName" label="Lead Member Last Name *" error={errorFor('lastName')}>
          <input type="text" name="lastName" autoComplete="family-name" className="input" value={values.lastName} onChange={(e) => change('lastName', e.target.value)} onBlur={() => setTouched((c) => ({ ...c, lastName: true }))} aria-required="true" />
        </Field>
        <Field id="booking-email" label="Email (optional)" hint="Only used to contact you about this booking." error={errorFor('email')}>
          <input type="email" name="email" autoComplete="email" className="input" value={values.email} onChange={(e) => change('email', e.target.value)} onBlur={() => setTouched((c) => ({ ...c, email: true }))} />
        </Field>
        {countInput('numberAttending', 'Total Number Attending *', 'Including the lead member.')}
        {visible.children && countInput('numberOfChildren', 'Number of Children (12 years or under)')}
        {visible.softDrinks && countInput('numberOfSoftDrinks', 'Number Requiring Soft Drinks')}
        {visible.vegetarian && countInput('numberOfVegetarian', 'Number of Vegetarian Meals')}
        {visible.boatName && (
          <Field id="booking-boatName" label="Boat Name" error={errorFor('boatName')}>
            <input type="text" name="boatName" className="input" value={values.boatName} onChange={(e) => change('boatName', e.target.value)} />
          </Field>
        )}
      </fieldset>
      {submitError !== null && <Alert tone="error">{submitError}</Alert>}
      <Button type="submit" disabled={submitting} className="btn-block">
        {submitting ? 'Submitting...' : 'Submit Booking'}
      </Button>
    </form>
  );
}
