import { householdPersonFormErrors, type HouseholdPersonFields } from '@core/members/household';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError, refusalMessage } from '../../../lib/api';
import { useForm } from '../../../lib/form';

export interface PersonValues {
  name: string;
  kind: string;
  yearOfBirth: string;
}

const FIELDS = ['name', 'kind', 'yearOfBirth'] as const;
type PersonField = (typeof FIELDS)[number] & keyof HouseholdPersonFields;

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
 * (HouseholdPersonFormSchema, validateHouseholdPerson), on the app's form kit.
 */
export function HouseholdPersonForm({ idPrefix, title, initial, submit, failed, send, onCancel }: HouseholdPersonFormProps) {
  const form = useForm<PersonValues, PersonField>({
    initial,
    validate: (values) => householdPersonFormErrors(values, new Date()),
    order: FIELDS,
    idOf: (name) => `${idPrefix}-${name}`,
    show: 'submit',
  });
  const titleId = `${idPrefix}-title`;
  const onSend = (values: PersonValues) =>
    send(values).then(
      () => form.reset(initial),
      (error: unknown) => {
        const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
        form.refuse(fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, failed));
      },
    );

  return (
    <form className="form-fields" noValidate onSubmit={form.handleSubmit(onSend)} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <Field id={`${idPrefix}-name`} label="Name" error={form.errorFor('name')}>
        <input type="text" className="input" autoComplete="off" {...form.bind('name')} />
      </Field>
      <Field id={`${idPrefix}-kind`} label="Adult or junior" error={form.errorFor('kind')}>
        <select className="input" {...form.bind('kind')}>
          <option value="junior">Junior</option>
          <option value="adult">Adult</option>
        </select>
      </Field>
      <Field id={`${idPrefix}-yearOfBirth`} label="Year of birth (optional)" hint="Decides the child price (12 or under)." error={form.errorFor('yearOfBirth')}>
        <input type="text" inputMode="numeric" className="input input-count" autoComplete="off" {...form.bind('yearOfBirth')} />
      </Field>
      {form.formError !== null && <Alert tone="error">{form.formError}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? submit[1] : submit[0]}
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
