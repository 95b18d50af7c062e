import { validateWaitingListForm } from '@core/waiting-list/waiting-list';
import { WAITING_LIST_FORM_ID } from '@core/shared/paths';
import { stripNonDigits } from '@core/bookings/booking-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useForm } from '../../../lib/form';
import { useJoinWaitingList } from '../api/join-waiting-list';

interface Values {
  name: string;
  email: string;
  places: string;
}
type FieldName = keyof Values;
const ORDER: readonly FieldName[] = ['name', 'email', 'places'];
const idOf = (name: FieldName) => `waitlist-${name}`;
const JOIN_FAILED = 'Failed to join the waiting list. Please try again.';

/**
 * Join the waiting list, shown instead of the booking form when an event is full: name, e-mail
 * (required here) and places wanted, checked with the core's rule (the server checks it again).
 */
export function WaitingListForm({ eventId, maxAttendees }: { eventId: string; maxAttendees: number }) {
  const join = useJoinWaitingList(eventId);
  const form = useForm<Values, FieldName>({
    initial: { name: '', email: '', places: '1' },
    validate: (values) => {
      const checked = validateWaitingListForm(values, { maxAttendees });
      return checked.ok ? {} : checked.errors;
    },
    order: ORDER,
    idOf,
  });

  if (join.isSuccess) {
    const joined = join.data;
    return (
      <section className="card" aria-labelledby="waitlist-joined-heading">
        <h2 id="waitlist-joined-heading" tabIndex={-1} ref={(el) => el?.focus()}>
          You're on the waiting list
        </h2>
        <p role="status">
          {joined.message} You are number {joined.position} in line.
        </p>
      </section>
    );
  }

  const send = async (values: Values) => {
    try {
      await join.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) form.refuse(error.fields, JOIN_FAILED);
      else if (error instanceof ApiError && error.status > 0 && error.status < 500) form.refuse({}, error.message);
      else form.refuse({}, JOIN_FAILED);
    }
  };

  return (
    <form id={WAITING_LIST_FORM_ID} className="booking-form card" noValidate onSubmit={form.handleSubmit(send)} aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">Join the waiting list</h2>
      <p>Join the waiting list and we will e-mail you an offer if places free up.</p>
      <p className="form-note">Fields marked * are required.</p>
      <fieldset disabled={form.submitting} className="form-fields">
        <legend className="visually-hidden">Waiting-list details</legend>
        <Field id={idOf('name')} label="Name *" error={form.errorFor('name')}>
          <input type="text" autoComplete="name" className="input" {...form.bind('name')} aria-required="true" />
        </Field>
        <Field id={idOf('email')} label="Email *" hint="We e-mail you here when places are offered to you." error={form.errorFor('email')}>
          <input type="email" autoComplete="email" className="input" {...form.bind('email')} aria-required="true" />
        </Field>
        <Field id={idOf('places')} label="Places wanted *" error={form.errorFor('places')}>
          <input type="text" inputMode="numeric" autoComplete="off" className="input input-count" {...form.bind('places', stripNonDigits)} aria-required="true" />
        </Field>
      </fieldset>
      {form.formError !== null && <Alert tone="error">{form.formError}</Alert>}
      <Button type="submit" disabled={form.submitting} className="btn-block">
        {form.submitting ? 'Joining...' : 'Join the waiting list'}
      </Button>
    </form>
  );
}
