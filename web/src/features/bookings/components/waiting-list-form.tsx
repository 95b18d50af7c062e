import { useForm } from 'react-hook-form';
import { validateWaitingListForm } from '@core/waiting-list/waiting-list';
import { WAITING_LIST_FORM_ID } from '@core/shared/paths';
import { stripNonDigits } from '@core/bookings/booking-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { bindField, ruleResolver, showRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
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
  // The core's rule, as the member types (a field's message once changed or left, all after a submit).
  const form = useForm<Values>({
    defaultValues: { name: '', email: '', places: '1' },
    resolver: ruleResolver((values) => validateWaitingListForm(values, { maxAttendees })),
    mode: 'all',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, ORDER, idOf);
  const refuse = (fields: Partial<Record<string, string>>, message: string) => focusFirst(showRefusal(form, ORDER, fields, message));
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
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) refuse(error.fields, JOIN_FAILED);
      else if (error instanceof ApiError && error.status > 0 && error.status < 500) refuse({}, error.message);
      else refuse({}, JOIN_FAILED);
    }
  };

  return (
    <form id={WAITING_LIST_FORM_ID} className="booking-form card" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">Join the waiting list</h2>
      <p>Join the waiting list and we will e-mail you an offer if places free up.</p>
      <p className="form-note">Fields marked * are required.</p>
      <fieldset disabled={submitting} className="form-fields">
        <legend className="visually-hidden">Waiting-list details</legend>
        <Field id={idOf('name')} label="Name *" error={errors.name?.message}>
          <input type="text" autoComplete="name" className="input" {...bindField(form, 'name')} aria-required="true" />
        </Field>
        <Field id={idOf('email')} label="Email *" hint="We e-mail you here when places are offered to you." error={errors.email?.message}>
          <input type="email" autoComplete="email" className="input" {...bindField(form, 'email')} aria-required="true" />
        </Field>
        <Field id={idOf('places')} label="Places wanted *" error={errors.places?.message}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className="input input-count"
            {...bindField(form, 'places', { transform: stripNonDigits })}
            aria-required="true"
          />
        </Field>
      </fieldset>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <Button type="submit" disabled={submitting} className="btn-block">
        {submitting ? 'Joining...' : 'Join the waiting list'}
      </Button>
    </form>
  );
}
