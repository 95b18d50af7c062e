import { householdPersonFormErrors } from '@core/members/household';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useForm } from 'react-hook-form';
import { bindField, messagesResolver, showRequestRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';

export interface PersonValues {
  name: string;
  kind: string;
  yearOfBirth: string;
}

const FIELDS = ['name', 'kind', 'yearOfBirth'] as const;

/** A new person's form starts as a junior without a year. */
export const NEW_PERSON: PersonValues = { name: '', kind: 'junior', yearOfBirth: '' };

export interface HouseholdPersonFormProps {
  /** Prefix of the controls' ids (unique on the page). */
  idPrefix: string;
  title: string;
  initial: PersonValues;
  submit: readonly [label: string, pending: string];
  failed: string;
  /** Sends the values; resolves once stored (the form then starts again from `initial`). */
  send: (values: PersonValues) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A person of the household, added or changed: the same core schema and rule as the server
 * (HouseholdPersonFormSchema, validateHouseholdPerson), on react-hook-form.
 */
export function HouseholdPersonForm({ idPrefix, title, initial, submit, failed, send, onCancel }: HouseholdPersonFormProps) {
  const form = useForm<PersonValues>({
    defaultValues: initial,
    resolver: messagesResolver((values: PersonValues) => householdPersonFormErrors(values, new Date())),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, FIELDS, (name) => `${idPrefix}-${name}`);
  const titleId = `${idPrefix}-title`;
  const onSend = (values: PersonValues) =>
    send(values).then(
      () => form.reset(initial),
      (error: unknown) => focusFirst(showRequestRefusal(form, FIELDS, error, failed)),
    );

  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, onSend, focusFirst)} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <Field id={`${idPrefix}-name`} label="Name" error={errors.name?.message}>
        <input type="text" className="input" autoComplete="off" {...bindField(form, 'name', { clear: true })} />
      </Field>
      <Field id={`${idPrefix}-kind`} label="Adult or junior" error={errors.kind?.message}>
        <select className="input" {...bindField(form, 'kind', { clear: true })}>
          <option value="junior">Junior</option>
          <option value="adult">Adult</option>
        </select>
      </Field>
      <Field id={`${idPrefix}-yearOfBirth`} label="Year of birth (optional)" hint="Decides the child price (12 or under)." error={errors.yearOfBirth?.message}>
        <input type="text" inputMode="numeric" className="input input-count" autoComplete="off" {...bindField(form, 'yearOfBirth', { clear: true })} />
      </Field>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? submit[1] : submit[0]}
        </Button>
        {onCancel && (
          <Button variant="ghost" type="button" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
