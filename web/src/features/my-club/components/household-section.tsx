import { useState } from 'react';
import { invitationFormErrors } from '@core/members/household-views';
import { useForm } from 'react-hook-form';
import { bindField, messagesResolver, showRequestRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
import { HouseholdPersonForm, NEW_PERSON, type PersonValues } from './household-person-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { refusalMessage } from '../../../lib/api';
import { useHousehold, useHouseholdChanges } from '../exports/household';

const INVITE_FIELD = ['email'] as const;
const KIND_TEXT = { adult: 'Adult', junior: 'Junior' } as const;

/**
 * My club's Household: its members (the contact marked) and dependants and, for the contact, the
 * dependants' forms (add, edit, remove) and the invitations by e-mail (send, see waiting, withdraw).
 * Any member may leave. The invitations waiting for the member come first on My club
 * (HouseholdInvitationsSection).
 */
export function HouseholdSection() {
  const household = useHousehold(true);
  const { add, change, remove, invite, decline: withdraw, leave } = useHouseholdChanges();
  const [editing, setEditing] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // The invitation's form: the core's rule, then the server's answer (the same for any e-mail).
  const inviteForm = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: messagesResolver(invitationFormErrors),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const inviteErrors = inviteForm.formState.errors;
  const { focusFirst: focusInvite } = useFocusFirst(inviteForm, INVITE_FIELD, () => 'household-invite-email');
  const data = household.data;
  const isContact = data?.contact ?? false;

  const sendInvitation = ({ email }: { email: string }) => {
    setSent(false);
    return invite.mutateAsync(email).then(
      () => {
        inviteForm.reset({ email: '' });
        setSent(true);
      },
      (error: unknown) => focusInvite(showRequestRefusal(inviteForm, INVITE_FIELD, error, 'Inviting failed. Please try again.')),
    );
  };

  return (
    <section className="card" aria-labelledby="household-title">
      <h2 id="household-title">Household</h2>
      <p>
        Your household’s members (each signs in with their own e-mail) and the people you book for without an e-mail of their own. Tick them as attendees when
        you book.
      </p>
      {household.isPending ? (
        <Spinner label="Loading your household…" />
      ) : household.isError ? (
        <LoadFailed title="Failed to load your household" onRetry={() => void household.refetch()} />
      ) : (
        <>
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
              {data!.people.map((person) =>
                editing === person.id ? (
                  <li key={person.id} className="household-editing">
                    <HouseholdPersonForm
                      idPrefix={`household-edit-${person.id}`}
                      title={`Edit ${person.name}`}
                      initial={{ name: person.name, kind: person.kind, yearOfBirth: person.yearOfBirth === null ? '' : String(person.yearOfBirth) }}
                      submit={['Save', 'Saving…']}
                      failed="Saving failed. Please try again."
                      send={(form: PersonValues) => change.mutateAsync({ id: person.id, form }).then(() => setEditing(null))}
                      onCancel={() => setEditing(null)}
                    />
                  </li>
                ) : (
                  <li key={person.id}>
                    <span>
                      {person.name} ({KIND_TEXT[person.kind]}
                      {person.yearOfBirth !== null && `, born ${person.yearOfBirth}`})
                    </span>{' '}
                    {isContact && (
                      <>
                        <Button variant="ghost" size="small" onClick={() => setEditing(person.id)} aria-label={`Edit ${person.name}`}>
                          Edit
                        </Button>{' '}
                        <Button
                          variant="ghost"
                          size="small"
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(person.id)}
                          aria-label={`Remove ${person.name}`}
                        >
                          Remove
                        </Button>
                      </>
                    )}
                  </li>
                ),
              )}
            </ul>
          )}
          {!isContact && <p>The household’s contact adds, edits and removes the people you book for.</p>}
          {isContact && data!.invited.length > 0 && (
            <div className="household-invited">
              <h3 id="household-invited-title">Invitations waiting</h3>
              <ul className="household-list" aria-labelledby="household-invited-title">
                {data!.invited.map((invitation) => (
                  <li key={invitation.id}>
                    <span>{invitation.email}</span>{' '}
                    <Button
                      variant="ghost"
                      size="small"
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate(invitation.id)}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
              {withdraw.isError && <Alert tone="error">{refusalMessage(withdraw.error, 'Withdrawing failed. Please try again.')}</Alert>}
            </div>
          )}
        </>
      )}
      {remove.isError && <Alert tone="error">{refusalMessage(remove.error, 'Removing failed. Please try again.')}</Alert>}
      {isContact && (
        <>
          <HouseholdPersonForm
            idPrefix="household-add"
            title="Add a person"
            initial={NEW_PERSON}
            submit={['Add to household', 'Adding…']}
            failed="Adding failed. Please try again."
            send={(form: PersonValues) => add.mutateAsync(form)}
          />
          <form className="form-fields" noValidate onSubmit={submitOnce(inviteForm, sendInvitation, focusInvite)} aria-labelledby="household-invite-title">
            <h3 id="household-invite-title">Invite a member</h3>
            <Field
              id="household-invite-email"
              label="Their e-mail"
              hint="Another member of the club: they get an e-mail and accept on their My club."
              error={inviteErrors.email?.message}
            >
              <input type="email" className="input" autoComplete="off" {...bindField(inviteForm, 'email', { clear: true })} />
            </Field>
            {inviteErrors.root?.server?.message && <Alert tone="error">{inviteErrors.root.server.message}</Alert>}
            {sent && <Alert tone="success">Invitation sent. If this e-mail is a member’s, they get an e-mail and accept on their My club.</Alert>}
            <Button type="submit" disabled={inviteForm.formState.isSubmitting}>
              {inviteForm.formState.isSubmitting ? 'Inviting…' : 'Invite'}
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
