import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, refusalMessage } from '../../../lib/api';
import { useHousehold, useHouseholdChanges } from '../api/household';

const KIND_TEXT = { adult: 'Adult', junior: 'Junior' } as const;

/** My club's Household: the people the member books for, with a form to add one and a button to remove each. */
export function HouseholdSection() {
  const household = useHousehold(true);
  const { add, remove } = useHouseholdChanges();
  const [name, setName] = useState('');
  const [kind, setKind] = useState('junior');
  const [year, setYear] = useState('');
  const fields = add.error instanceof ApiError ? add.error.fields : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { name, kind, yearOfBirth: year },
      {
        onSuccess: () => {
          setName('');
          setYear('');
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="household-title">
      <h2 id="household-title">Household</h2>
      <p>The people you book for (without an e-mail of their own). Tick them as attendees when you book.</p>
      {household.isPending ? (
        <Spinner label="Loading your household…" />
      ) : household.isError ? (
        <LoadFailed title="Failed to load your household" onRetry={() => void household.refetch()} />
      ) : household.data.length === 0 ? (
        <p>No one yet.</p>
      ) : (
        <ul className="household-list">
          {household.data.map((person) => (
            <li key={person.id}>
              <span>
                {person.name} ({KIND_TEXT[person.kind]}
                {person.yearOfBirth !== null && `, born ${person.yearOfBirth}`})
              </span>{' '}
              <Button variant="ghost" size="small" disabled={remove.isPending} onClick={() => remove.mutate(person.id)} aria-label={`Remove ${person.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <Alert tone="error">{refusalMessage(remove.error, 'Removing failed. Please try again.')}</Alert>}
      <form className="form-fields" noValidate onSubmit={submit} aria-labelledby="household-add-title">
        <h3 id="household-add-title">Add a person</h3>
        <Field id="household-name" label="Name" error={fields.name}>
          <input type="text" className="input" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="household-kind" label="Adult or junior" error={fields.kind}>
          <select className="input" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="junior">Junior</option>
            <option value="adult">Adult</option>
          </select>
        </Field>
        <Field id="household-year" label="Year of birth (optional)" hint="Decides the child price (12 or under)." error={fields.yearOfBirth}>
          <input type="text" inputMode="numeric" className="input input-count" autoComplete="off" value={year} onChange={(e) => setYear(e.target.value)} />
        </Field>
        {add.isError && Object.keys(fields).length === 0 && <Alert tone="error">{refusalMessage(add.error, 'Adding failed. Please try again.')}</Alert>}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add to household'}
        </Button>
      </form>
    </section>
  );
}
