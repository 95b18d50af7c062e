import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { signInPath } from '@core/shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed, QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { Spinner } from '../../../components/ui/spinner';
import { refusalMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMemberSession } from '../../member-sign-in/exports/member-session';
import { useMyDutyChanges } from '../api/my-duties';
import { useMyDuties } from '../exports/my-duties-query';

import { dutyWhen as when } from '../../../lib/duty-when';
import { SwapControls } from './swap-controls';
import { RotaOfEvent } from './rota-of-event';
import { SwapOffer } from './swap-offer';

/**
 * /duties (docs/duties.md, "For members"): the signed-in member's duties, with Withdraw and Ask
 * for a swap, and the rota of every event: who is on each duty, Volunteer where the member may
 * take it (eligible on the day, free then), and why not where they may not;
 * with `?swap=<id>` (a swap e-mail's link) the swap request first, with Accept. The session is
 * read in the browser, so the server draws the loading state.
 */
export function DutiesPage() {
  usePageTitle('Duties');
  const session = useMemberSession();
  const swapId = useSearchParams()[0].get('swap');
  const location = useLocation();
  const signedIn = session.data?.member != null;
  const duties = useMyDuties(signedIn);
  const { volunteer, withdraw } = useMyDutyChanges();
  const busy = volunteer.isPending || withdraw.isPending;

  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="duties-title">
        <h1 id="duties-title">Duties</h1>
        {session.isPending ? (
          <Spinner label="Loading…" />
        ) : session.isError ? (
          <LoadFailed title="Failed to load your details" onRetry={() => void session.refetch()} />
        ) : !signedIn ? (
          <p>
            Please <Link to={signInPath(`${location.pathname}${location.search}`)}>sign in</Link> to see your duties, volunteer for open ones
            {swapId ? ' and take the duty you were asked to' : ''}.
          </p>
        ) : (
          <p>Racing and training run on volunteers. You are offered the duties you are qualified for on the day, at times you are free.</p>
        )}
        {volunteer.isError && <Alert tone="error">{refusalMessage(volunteer.error, 'Volunteering failed. Please try again.')}</Alert>}
        {withdraw.isError && <Alert tone="error">{refusalMessage(withdraw.error, 'Withdrawing failed. Please try again.')}</Alert>}
        {volunteer.isSuccess && <Alert tone="success">Thank you: you are on this duty. It is listed under My duties.</Alert>}
        {withdraw.isSuccess && <Alert tone="success">You are off that duty.</Alert>}
      </section>
      {signedIn && (
        <>
          {swapId !== null && swapId !== '' && <SwapOffer swapId={swapId} />}
          <section className="card" aria-labelledby="my-duties-title">
            <h2 id="my-duties-title">My duties</h2>
            <QueryView query={duties} loading="Loading your duties…" failed="Failed to load your duties">
              {({ duties: held }) => (
                <ListOrEmpty items={held} empty="You are on no duty yet.">
                  {(duty) => (
                    <li key={duty.slotId} className="my-booking">
                      <p>
                        <strong>{duty.dutyTypeName}</strong> at {duty.eventName}
                      </p>
                      <p>{when(duty)}</p>
                      <Button
                        variant="secondary"
                        size="small"
                        disabled={busy}
                        onClick={() => {
                          volunteer.reset();
                          withdraw.mutate(duty.slotId);
                        }}
                        aria-label={`Withdraw from ${duty.dutyTypeName} at ${duty.eventName}`}
                      >
                        {withdraw.isPending && withdraw.variables === duty.slotId ? 'Withdrawing…' : 'Withdraw'}
                      </Button>{' '}
                      <SwapControls duty={duty} />
                    </li>
                  )}
                </ListOrEmpty>
              )}
            </QueryView>
          </section>
          <section className="card" aria-labelledby="rota-title">
            <h2 id="rota-title">Duty rota</h2>
            {duties.isPending ? (
              <Spinner label="Loading the rota…" />
            ) : duties.isError ? null : (
              <>
                <p>
                  Every event’s duties and who is on them.{' '}
                  {duties.data.rota.some((event) => event.slots.some((slot) => slot.refusal === null))
                    ? 'Volunteer for any open to you.'
                    : 'No open duty needs you just now.'}
                </p>
                {duties.data.rota.length === 0 && <p>No event has duties yet.</p>}
                {duties.data.rota.map((event) => (
                  <RotaOfEvent
                    key={event.eventId}
                    event={event}
                    busy={busy}
                    volunteering={volunteer.isPending ? volunteer.variables : null}
                    onVolunteer={(slotId) => {
                      withdraw.reset();
                      volunteer.mutate(slotId);
                    }}
                  />
                ))}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
