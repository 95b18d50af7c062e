import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PATHS, signInPath } from '@core/shared/paths';
import { householdAgeGroup } from '@core/bookings/household-attendees';
import { BOOKING_FORM_FIELDS, type BookingFormValues } from '@core/bookings/booking';
import { BOOKING_MESSAGES, stripNonDigits, validateBookingForm, visibleBookingFields } from '@core/bookings/booking-validation';
import { childPrice } from '@core/bookings/pricing';
import { formatMoney } from '@core/shared/money';
import { memberPriceOf } from '@core/bookings/booking-price';
import { NO_HOUSEHOLD, quoteBookingForm } from '@core/bookings/booking-quote';
import { isMembershipCurrent } from '@core/members/member';
import { londonDate } from '@core/shared/london-time';
import { NO_EMAIL_MESSAGES } from '@core/bookings/booking-without-email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { bindField, messagesOf, ruleResolver, showRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
import type { CalendarEvent } from '../../events/exports/get-calendar-events';
import { useSubmitBooking, type BookingReceipt } from '../api/submit-booking';
import { useMemberSession } from '../../member-sign-in/exports/member-session';
import { AlreadyBooked } from './already-booked';
import { bookingHouseholdOf, householdAttendeesOf, useHousehold, type HouseholdPerson } from '../../my-club/exports/household';
import { Checkbox } from '../../../components/ui/checkbox';

type FieldName = keyof BookingFormValues;

export function emptyBookingForm(): BookingFormValues {
  return { firstName: '', lastName: '', numberAttending: '1', numberOfChildren: '', numberOfSoftDrinks: '', numberOfVegetarian: '', boatName: '', email: '' };
}

const fieldId = (name: FieldName) => `booking-${name}`;
const COUNTS: readonly FieldName[] = ['numberAttending', 'numberOfChildren', 'numberOfSoftDrinks', 'numberOfVegetarian'];

export interface BookingFormProps {
  event: CalendarEvent;
  maxAttendees: number;
  onBooked: (receipt: BookingReceipt, values: BookingFormValues) => void;
  /** The server said how many places are left (after refusing an overfull booking). */
  onPlacesLeft: (placesLeft: number) => void;
  /** The form's first values (a waiting-list offer's member and places). */
  initial?: BookingFormValues;
  /** A waiting-list offer's token: the booking takes up the places it holds. */
  offerToken?: string;
}

/**
 * The booking form. Messages come from core's validateBookingForm, shown for each field once
 * it has been changed and for every field after a submit; the server checks the same rules.
 */
export function BookingForm({ event, maxAttendees, onBooked, onPlacesLeft, initial, offerToken }: BookingFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const submit = useSubmitBooking(event.id, offerToken);
  const visible = visibleBookingFields(event);
  // Checked with the server's own rule; a field's message shows once it is changed or left, and
  // every field's after a submit, following the values from then on ('all', then 'onChange').
  const form = useForm<BookingFormValues>({
    defaultValues: initial ?? emptyBookingForm(),
    resolver: ruleResolver((values) => validateBookingForm(values, event, { maxAttendees, testHook: false })),
    mode: 'all',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const values = useWatch({ control: form.control }) as BookingFormValues;
  const messages = messagesOf(errors);
  const errorFor = (name: FieldName): string | undefined => messages[name];
  const { focusFirst } = useFocusFirst(form, BOOKING_FORM_FIELDS, fieldId);
  /** A value set by the page (the member's name, a ticked person counted): checked and shown as if typed. */
  const set = (name: FieldName, value: string) => {
    form.clearErrors('root');
    form.setValue(name, value, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  };
  /** A field's binding; the counts on screen that were changed or left are checked again with a count (each is within the number attending). */
  const bind = (name: FieldName, transform?: (raw: string) => string) => {
    const deps = COUNTS.includes(name)
      ? COUNTS.filter((other) => other !== name && (form.getFieldState(other).isTouched || form.getFieldState(other).isDirty))
      : undefined;
    return bindField(form, name, { transform, deps });
  };
  // A signed-in member: their name and e-mail fill the lead's, and their household may be ticked.
  const member = useMemberSession().data?.member ?? null;
  const household = useHousehold(member !== null);
  const attendable = household.data ? householdAttendeesOf(household.data) : [];
  const [ticked, setTicked] = useState<readonly string[]>([]);
  useEffect(() => {
    if (member === null) return;
    const [first = '', ...rest] = member.name.trim().split(/\s+/);
    if (values.firstName === '' && values.lastName === '') {
      set('firstName', first);
      set('lastName', rest.join(' '));
    }
    if (values.email === '') set('email', member.email);
    // Only when the member becomes known; typed values are never overwritten.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member?.id]);

  // Ticking a person counts them in the numbers (a child's place when 12 or under); the server checks and prices them.
  const thisYear = new Date().getFullYear();
  const toggle = (person: HouseholdPerson, on: boolean) => {
    const step = on ? 1 : -1;
    const count = (text: string | number) => Math.max(0, (Number(text) || 0) + step);
    set('numberAttending', String(Math.max(1, count(values.numberAttending))));
    if (householdAgeGroup(person, thisYear) === 'child') set('numberOfChildren', String(count(values.numberOfChildren)));
    setTicked((current) => (on ? [...current, person.id] : current.filter((id) => id !== person.id)));
  };

  const send = async (booking: BookingFormValues) => {
    try {
      const receipt = await submit.mutateAsync({ ...booking, householdAttendees: member ? ticked : [] });
      if (receipt.redirectUrl) {
        // A paid booking continues at its card step: a page of this app, reached without a reload
        // (the club configuration and the code already loaded are kept); any other address in full.
        // The card step replaces the form in the history, so Back from it (or from its receipt)
        // does not offer a blank form for the same booking.
        if (receipt.redirectUrl.startsWith('/')) navigate(receipt.redirectUrl, { replace: true });
        else window.location.assign(receipt.redirectUrl);
        return;
      }
      form.reset(emptyBookingForm());
      setTicked([]);
      onBooked(receipt, booking);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        focusFirst(showRefusal(form, BOOKING_FORM_FIELDS, error.fields, BOOKING_MESSAGES.submitFailed));
      } else if (error instanceof ApiError && (error.status === 409 || error.status === 402)) {
        // Closed, overfull or not payable online: the server's own words say which.
        showRefusal(form, BOOKING_FORM_FIELDS, {}, error.message);
        if (typeof error.body.placesLeft === 'number') onPlacesLeft(error.body.placesLeft);
      } else {
        showRefusal(form, BOOKING_FORM_FIELDS, {}, BOOKING_MESSAGES.submitFailed);
      }
    }
  };

  const countInput = (name: FieldName, label: string, hint?: string) => (
    <Field id={fieldId(name)} label={label} hint={hint} error={errorFor(name)}>
      <input type="text" inputMode="numeric" autoComplete="off" className="input input-count" {...bind(name, stripNonDigits)} />
    </Field>
  );

  const paid = event.requiresPayment && event.price > 0;
  const memberPrice = memberPriceOf(event);
  // The price the server will charge, by its own rules (core/bookings/booking-quote.ts): the member
  // price for a signed-in member whose membership is current, their household's dependants and its
  // members with a current membership. No total while the counts are refused.
  const now = new Date();
  const booker = member === null ? null : { id: member.id, renewalDate: member.renewalDate, disabled: false };
  const quote = paid
    ? quoteBookingForm(
        values,
        event,
        { maxAttendees, testHook: false },
        { member: booker, householdAttendees: ticked, household: household.data ? bookingHouseholdOf(household.data) : NO_HOUSEHOLD },
        now,
      )
    : null;
  const lapsed = booker !== null && !isMembershipCurrent(booker, londonDate(now));

  return (
    <form className="booking-form card" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="booking-form-heading">
      <h2 id="booking-form-heading">Book your place</h2>
      <p className="form-note">Fields marked * are required.</p>
      <AlreadyBooked eventId={event.id} signedIn={member !== null} />
      {paid && (
        <div className="price-box">
          <p>
            <strong>Price:</strong> {formatMoney(event.price, event.currency)} per adult
            {memberPrice !== null && <> (Members {formatMoney(memberPrice, event.currency)})</>}
            {visible.children && <>, {formatMoney(childPrice(event.price), event.currency)} per child (12 years or under)</>}.
          </p>
          {memberPrice !== null && member === null && (
            // Back on this page once signed in (the sign-in page's return path).
            <p>
              <Link to={signInPath(`${location.pathname}${location.search}`)}>Sign in for the member price</Link>
            </p>
          )}
          {quote !== null && (
            <p>
              <strong>Total for this booking:</strong> {formatMoney(quote.amount, event.currency)}
              {quote.priceKind === 'member' && ' (member price)'}
              {quote.priceKind === 'standard' && memberPrice !== null && lapsed && ' (standard price: your membership is not current)'}
            </p>
          )}
          {(quote === null || quote.amount > 0) && <p>After you submit, you will be taken to a secure page to pay by card.</p>}
        </div>
      )}
      <fieldset disabled={submitting} className="form-fields">
        <legend className="visually-hidden">Booking details</legend>
        <Field id="booking-firstName" label="Lead Member First Name *" error={errorFor('firstName')}>
          <input type="text" autoComplete="given-name" className="input" {...bind('firstName')} aria-required="true" />
        </Field>
        <Field id="booking-lastName" label="Lead Member Last Name *" error={errorFor('lastName')}>
          <input type="text" autoComplete="family-name" className="input" {...bind('lastName')} aria-required="true" />
        </Field>
        <Field id="booking-email" label="Email (optional)" hint={NO_EMAIL_MESSAGES.hint} error={errorFor('email')}>
          <input type="email" autoComplete="email" className="input" {...bind('email')} />
        </Field>
        {member !== null && attendable.length > 0 && (
          <fieldset className="household-attendees">
            <legend>Your household attending</legend>
            {attendable.map((person) => (
              <Checkbox
                key={person.id}
                id={`booking-household-${person.id}`}
                label={`${person.name} (${householdAgeGroup(person, thisYear) === 'child' ? 'child' : 'adult'})`}
                checked={ticked.includes(person.id)}
                onChange={(on) => toggle(person, on)}
              />
            ))}
          </fieldset>
        )}
        {messages.householdAttendees && <Alert tone="error">{messages.householdAttendees}</Alert>}
        {countInput('numberAttending', 'Total Number Attending *', 'Including the lead member.')}
        {visible.children && countInput('numberOfChildren', 'Number of Children (12 years or under)')}
        {visible.softDrinks && countInput('numberOfSoftDrinks', 'Number Requiring Soft Drinks')}
        {visible.vegetarian && countInput('numberOfVegetarian', 'Number of Vegetarian Meals')}
        {visible.boatName && (
          <Field id="booking-boatName" label="Boat Name" error={errorFor('boatName')}>
            <input type="text" className="input" {...bind('boatName')} />
          </Field>
        )}
      </fieldset>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <p className="booking-privacy">
        How long the club keeps these details: see the <Link to={PATHS.privacy}>privacy notice</Link>.
      </p>
      <Button type="submit" disabled={submitting} className="btn-block">
        {submitting ? 'Submitting...' : 'Submit Booking'}
      </Button>
    </form>
  );
}
