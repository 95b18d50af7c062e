import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, refusalMessage } from '../../../lib/api';
import { useHousehold, useHouseholdChanges } from '../api/household';

const KIND_TEXT = { adult: 'Adult', junior: 'Junior' } as const;

/**
 * My club's Household: its members (the contact marked) and dependants, invitations waiting for
 * the member (accept or decline), and, for the contact, the dependants' form and the invitation of
 * another member by e-mail. Any member may leave.
 */
export function HouseholdSection() {
  const household = useHousehold(true);
  const { add, remove, invite, accept, decline, leave } = useHouseholdChanges();
  const [name, setName] = useState('');
  const [kind, setKind] = useState('junior');
  const [year, setYear] = useState('');
  const [email, setEmail] = useState('');
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const inviteFields = invite.error instanceof ApiError ? invite.error.fields : {};
  const data = household.data;
  const isContact = data?.contact ?? false;

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
  const sendInvitation = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(email, { onSuccess: () => setEmail('') });
  };

  return (
    <section className="card" aria-labelledby="household-title">
      <h2 id="household-title">Household</h2>
      <p>Your household’s members (each signs in with their own e-mail) and the people you book for without an e-mail of their own. Tick them as attendees when you book.</p>
      {household.isPending ? (
        <Spinner label="Loading your household…" />
      ) : household.isError ? (
        <LoadFailed title="Failed to load your household" onRetry={() => void household.refetch()} />
      ) : (
        <>
          {data!.invitations.length > 0 && (
            <div className="household-invitations">
              <h3>Invitations</h3>
              <ul className="household-list">
                {data!.invitations.map((invitation) => (
                  <li key={invitation.id}>
                    <span>{invitation.from} invites you into their household.</span>{' '}
                    <Button size="small" disabled={accept.isPending} onClick={() => accept.mutate(invitation.id)}>
                      Accept
                    </Button>{' '}
                    <Button variant="ghost" size="small" disabled={decline.isPending} onClick={() => decline.mutate(invitation.id)} aria-label={`Decline the invitation from ${invitation.from}`}>
                      Decline
                    </Button>
                  </li>
                ))}
              </ul>
              {accept.isError && <Alert tone="error">{refusalMessage(accept.error, 'Accepting failed. Please try again.')}</Alert>}
            </div>
          )}
          {data!.members.length > 0 && (
            <>
              <h3>Members</h3>
              <ul className="household-list household-members">
                {data!.members.map((m) => (
                  <li key={m.memberId}>
                    {m.name}
                    {m.you && ' (you)'}
                    {m.contact && <strong> · contact</strong>}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>People you book for</h3>
          {data!.people.length === 0 ? (
            <p>No one yet.</p>
          ) : (
            <ul className="household-list">
              {data!.people.map((person) => (
                <li key={person.id}>
                  <span>
                    {person.name} ({KIND_TEXT[person.kind]}
                    {person.yearOfBirth !== null && `, born ${person.yearOfBirth}`})
                  </span>{' '}
                  {isContact && (
                    <Button variant="ghost" size="small" disabled={remove.isPending} onClick={() => remove.mutate(person.id)} aria-label={`Remove ${person.name}`}>
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!isContact && <p>The household’s contact adds and removes the people you book for.</p>}
        </>
      )}
      {remove.isError && <Alert tone="error">{refusalMessage(remove.error, 'Removing failed. Please try again.')}</Alert>}
      {isContact && (
        <>
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
          <form className="form-fields" noValidate onSubmit={sendInvitation} aria-labelledby="household-invite-title">
            <h3 id="household-invite-title">Invite a member</h3>
            <Field id="household-invite-email" label="Their e-mail" hint="Another member of the club; they accept on their My club." error={inviteFields.email}>
              <input type="email" className="input" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            {invite.isError && Object.keys(inviteFields).length === 0 && <Alert tone="error">{refusalMessage(invite.error, 'Inviting failed. Please try again.')}</Alert>}
            {invite.isSuccess && <Alert tone="success">Invitation sent. They accept it on their My club.</Alert>}
            {data && data.invited.length > 0 && <p>Waiting to accept: {data.invited.map((i) => i.name).join(', ')}</p>}
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Inviting…' : 'Invite'}
            </Button>
          </form>
        </>
      )}
      {data && data.members.length > 0 && (
        <div className="household-leave">
          <Button variant="ghost" disabled={leave.isPending} onClick={() => leave.mutate()}>
            Leave this household
          </Button>
          {leave.isError && <Alert tone="error">{refusalMessage(leave.error, 'Leaving failed. Please try again.')}</Alert>}
        </div>
      )}
    </section>
  );
}
