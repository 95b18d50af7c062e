import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { PATHS, workDayPath } from '@core/shared/paths';
import { LinkNotValidPage, PageReadStates, TokenLinkPage } from '../../../components/layout/link-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailsList } from '../../../components/ui/details-list';
import { useMyWorkDaySignup } from '../api/work-day-reads';
import { usePageTitle } from '../../../lib/use-page-title';
import type { MyWorkDaySignup } from '@core/work-days/work-day-signup-schema';
import { useWithdrawFromWorkDay } from '../api/work-day-api';

function LinkNotValid() {
  return (
    <LinkNotValidPage title="Work-day link not valid">
      <p>This link is not valid. It may have expired, or the work day may have been removed. Use the link in your e-mail.</p>
      <p>
        See the <Link to={PATHS.calendar}>events calendar</Link>.
      </p>
    </LinkNotValidPage>
  );
}

/** /work-day-withdraw?token=…: a volunteer's own sign-up, reached with the link of their e-mail, and Withdraw. */
export function WorkDayWithdrawPage() {
  return <TokenLinkPage notValid={<LinkNotValid />}>{(token) => <WithdrawScreen token={token} />}</TokenLinkPage>;
}

function WithdrawScreen({ token }: { token: string }) {
  const state = useMyWorkDaySignup(token);
  const withdraw = useWithdrawFromWorkDay(token);
  usePageTitle(state.status === 'success' ? `Work day: ${state.data.workDayName}` : 'Work day sign-up');

  return (
    <PageReadStates state={state} notFound={<LinkNotValid />} loading="Loading your sign-up..." failed="Failed to load your sign-up">
      {(signup) => <Signup signup={signup} withdraw={withdraw} />}
    </PageReadStates>
  );
}

function Signup({ signup, withdraw }: { signup: MyWorkDaySignup; withdraw: ReturnType<typeof useWithdrawFromWorkDay> }) {
  // Withdrawing gives the place away at once: the volunteer says yes in a dialog first.
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="withdraw-title">
        <h1 id="withdraw-title">Work day: {signup.workDayName}</h1>
        <p className="event-date">{formatDate(signup.date, 'member')}</p>
        <p role="status">
          {signup.message ?? (signup.status === 'signed-up' ? 'You are signed up for this work day.' : 'You are no longer signed up for this work day.')}
        </p>
        {signup.details.length > 0 && <DetailsList rows={signup.details} />}
        {withdraw.isError && <Alert tone="error">You could not be withdrawn just now. Please try again.</Alert>}
        {signup.status === 'signed-up' && (
          <>
            <p>If you can no longer come, please withdraw so that someone else can take your place.</p>
            <Button variant="danger" disabled={withdraw.isPending} onClick={() => setConfirming(true)}>
              {withdraw.isPending ? 'Withdrawing...' : 'Withdraw from this work day'}
            </Button>
            <ConfirmDialog
              open={confirming}
              title="Withdraw from this work day?"
              confirmLabel="Yes, withdraw"
              cancelLabel="Keep my sign-up"
              busy={withdraw.isPending}
              onConfirm={() => withdraw.mutate(undefined, { onSettled: () => setConfirming(false) })}
              onCancel={() => setConfirming(false)}
            >
              <p>
                Your sign-up for {signup.workDayName} will be removed at once and your place given to someone else. To help after all, you would need to sign up
                again.
              </p>
            </ConfirmDialog>
          </>
        )}
        <p>
          <Link to={workDayPath(signup.workDayId)}>Go to the work day</Link>
        </p>
      </section>
    </div>
  );
}
