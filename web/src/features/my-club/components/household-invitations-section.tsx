import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { refusalMessage } from '../../../lib/api';
import { useHousehold, useHouseholdChanges } from '../exports/household';

/**
 * The invitations waiting for the member, first on My club (docs/members-households.md): each
 * names who invites them, with Accept and Decline. Shown only while there is one, or while the
 * answer to one is to be read (an invitation withdrawn meanwhile: "This invitation is no longer open").
 */
export function HouseholdInvitationsSection() {
  const household = useHousehold(true);
  const { accept, decline } = useHouseholdChanges();
  const invitations = household.data?.invitations ?? [];
  const refused = accept.isError ? accept.error : decline.isError ? decline.error : null;
  if (invitations.length === 0 && refused === null && !accept.isSuccess) return null;

  return (
    <section className="card household-invitations" aria-labelledby="household-invitations-title">
      <h2 id="household-invitations-title">{invitations.length > 1 ? 'Invitations into a household' : 'An invitation into a household'}</h2>
      {invitations.length > 0 && (
        <ul className="household-list">
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <span>{invitation.from} invites you into their household.</span>{' '}
              <Button
                size="small"
                disabled={accept.isPending || decline.isPending}
                onClick={() => accept.mutate(invitation.id)}
                aria-label={`Accept the invitation from ${invitation.from}`}
              >
                Accept
              </Button>{' '}
              <Button
                variant="ghost"
                size="small"
                disabled={accept.isPending || decline.isPending}
                onClick={() => decline.mutate(invitation.id)}
                aria-label={`Decline the invitation from ${invitation.from}`}
              >
                Decline
              </Button>
            </li>
          ))}
        </ul>
      )}
      {refused !== null && <Alert tone="error">{refusalMessage(refused, 'Answering failed. Please try again.')}</Alert>}
      {accept.isSuccess && <Alert tone="success">You have joined the household: see it below.</Alert>}
    </section>
  );
}
