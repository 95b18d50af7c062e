import { Link, useSearchParams } from 'react-router-dom';
import { eventBookingPath, PATHS } from '@core/shared/paths';
import { MessagePage } from '../../../components/layout/message-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { PageLoading, PageLoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLeaveWaitingList } from '../api/waiting-list-api';
import { useMyWaitingListEntry } from '../api/waiting-list-read';

const STATUS_TEXT = {
  waiting: 'You are on the waiting list.',
  offered: 'Places have been offered to you: see the offer e-mail to book them.',
  booked: 'You booked through your offer.',
  left: 'You have left the waiting list.',
  expired: 'The offer made to you has expired.',
} as const;

function EntryNotFound() {
  usePageTitle('Waiting-list link not valid');
  return (
    <MessagePage title="Waiting-list link not valid">
      <p>This waiting-list link is not valid, or has expired. Use the link in your e-mail.</p>
      <p>
        See the <Link to={PATHS.calendar}>events calendar</Link>.
      </p>
    </MessagePage>
  );
}

/** /waiting-list?token=…: a member's place on an event's waiting list, reached with the link of their e-mail. */
export function WaitingListPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return token === '' ? <EntryNotFound /> : <WaitingListScreen key={token} token={token} />;
}

function WaitingListScreen({ token }: { token: string }) {
  const state = useMyWaitingListEntry(token);
  const leave = useLeaveWaitingList(token);
  usePageTitle(state.status === 'success' ? `Waiting list: ${state.data.eventName}` : 'Waiting list');

  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404) return <EntryNotFound />;
  if (state.status === 'loading') return <PageLoading label="Loading your place on the waiting list..." />;
  if (state.status === 'error') {
    return (
      <PageLoadFailed title="Failed to load your place on the waiting list" onRetry={state.reload} />
    );
  }
  const entry = state.data;
  const inLine = entry.status === 'waiting' || entry.status === 'offered';

  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="waitlist-title">
        <h1 id="waitlist-title">Waiting list: {entry.eventName}</h1>
        <p role="status">{STATUS_TEXT[entry.status]}</p>
        <DetailsList
          rows={[
            ['Name', entry.name],
            ['Places wanted', entry.places],
            ...(entry.position !== null ? [['Place in line', entry.position] as const] : []),
          ]}
        />
        {leave.isError && <Alert tone="error">You could not be taken off the waiting list just now. Please try again.</Alert>}
        {inLine && (
          <Button variant="danger" disabled={leave.isPending} onClick={() => leave.mutate()}>
            {leave.isPending ? 'Leaving...' : 'Leave the waiting list'}
          </Button>
        )}
        <p>
          <Link to={eventBookingPath(entry.eventId)}>Go to the event</Link>
        </p>
      </section>
    </div>
  );
}
