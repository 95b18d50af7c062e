import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '@core/calendar/calendar';
import { PATHS, workDayPath } from '@core/shared/paths';
import { MessagePage } from '../../../components/layout/message-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailsList } from '../../../components/ui/details-list';
import { PageLoading, PageLoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api';
import { useMyWorkDaySignup } from '../api/work-day-reads';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWithdrawFromWorkDay } from '../api/work-day-api';

function LinkNotValid() {
  usePageTitle('Work-day link not valid');
  return (
    <MessagePage title="Work-day link not valid">
      <p>This link is not valid. It may have expired, or the work day may have been removed. Use the link in your e-mail.</p>
      <p>
        See the <Link to={PATHS.calendar}>events calendar</Link>.
      </p>
    </MessagePage>
  );
}

/** /work-day-withdraw?token=…: a volunteer's own sign-up, reached with the link of their e-mail, and Withdraw. */
export function WorkDayWithdrawPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return token === '' ? <LinkNotValid /> : <WithdrawScreen key={token} token={token} />;
}

function WithdrawScreen({ token }: { token: string }) {
  const state = useMyWorkDaySignup(token);
  const withdraw = useWithdrawFromWorkDay(token);
  // Withdrawing gives the place away at once: the volunteer says yes in a dialog first.
  const [confirming, setConfirming] = useState(false);
  usePageTitle(state.status === 'success' ? `Work day: ${state.data.workDayName}` : 'Work day sign-up');

  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404) return <LinkNotValid />;
  if (state.status === 'loading') return <PageLoading label="Loading your sign-up..." />;
  if (state.status === 'error') {
    return (
      <PageLoadFailed title="Failed to load your sign-up" onRetry={state.reload} />
    );
  }
  const signup = state.data;

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
