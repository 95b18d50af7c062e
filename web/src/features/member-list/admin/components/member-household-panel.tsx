import { useState, type FormEvent } from 'react';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { Button } from '../../../../components/ui/button';
import { InputField } from '../../../../components/ui/field';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import { memberHouseholdQueryOptions, useMemberHousehold, useMemberHouseholdChanges } from '../api/household';

/**
 * "Household" on a member's edit screen (docs/members-households.md): the household's members
 * (the contact marked) and dependants; add an existing member by e-mail, remove one, choose the contact.
 */
export function MemberHouseholdPanel({ memberId, name }: { memberId: string; name: string }) {
  const household = useMemberHousehold(memberId);
  const tryAgain = useTryAgain(memberHouseholdQueryOptions(memberId).queryKey);
  const { add, remove, choose } = useMemberHouseholdChanges(memberId);
  const [email, setEmail] = useState('');
  const failed = [add, remove, choose].find((m) => m.isError)?.error;
  const emailError = add.error instanceof ApiError ? add.error.fields?.email : undefined;
  const busy = add.isPending || remove.isPending || choose.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(email, { onSuccess: () => setEmail('') });
  };

  return (
    <section className="adm-panel" aria-labelledby="adm-member-household-title">
      <h2 id="adm-member-household-title">Household of {name}</h2>
      <LoadStatus query={household} onRetry={tryAgain} loading="Loading the household…" failed="Failed to load the household" />
      {household.isSuccess && (
        <>
          {household.data.members.length === 0 ? (
            <p className="adm-muted">In no household yet. Adding a member starts one, with {name} as its contact.</p>
          ) : (
            <ul className="adm-list">
              {household.data.members.map((m) => (
                <li key={m.memberId}>
                  {m.name} ({m.email}){m.contact ? ' · contact' : ''}{' '}
                  {!m.contact && (
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => choose.mutate(m.memberId)}
                      aria-label={`Make ${m.name} the contact`}
                    >
                      Make contact
                    </Button>
                  )}{' '}
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => remove.mutate(m.memberId)}
                    aria-label={`Remove ${m.name} from the household`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {household.data.people.length > 0 && <p className="adm-muted">Dependants: {household.data.people.map((p) => p.name).join(', ')}</p>}
          <form onSubmit={submit} noValidate>
            <InputField
              id="adm-household-email"
              label="Add a member by e-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={emailError}
            />
            <Button type="submit" disabled={busy}>
              Add to household
            </Button>
          </form>
          {failed && !emailError && (
            <p role="alert" className="adm-error">
              {refusalMessage(failed, 'The change failed. Please try again.')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
