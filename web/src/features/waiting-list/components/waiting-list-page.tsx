import { Link } from 'react-router-dom';
import { eventBookingPath, PATHS } from '@core/shared/paths';
import { LinkNotValidPage, PageReadStates, TokenLinkPage } from '../../../components/layout/link-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLeaveWaitingList, type MyWaitingListEntry } from '../api/waiting-list-api';
import { useMyWaitingListEntry } from '../api/waiting-list-read';

const STATUS_TEXT = {
  waiting: 'You are on the waiting list.',
  offered: 'Places have been offered to you: see the offer e-mail to book them.',
  booked: 'You booked through your offer.',
  left: 'You have left the waiting list.',
  expired: 'The offer made to you has expired.',
} as const;

function EntryNotFound() {
  return (
    <LinkNotValidPage title="Waiting-list link not valid">
      <p>This waiting-list link is not valid, or has expired. Use the link in your e-mail.</p>
      <p>
        See the <Link to={PATHS.calendar}>events calendar</Link>.
      </p>
    </LinkNotValidPage>
  );
}

/** /waiting-list?token=…: a member's place on an event's waiting list, reached with the link of their e-mail. */
export function WaitingListPage() {
  return <TokenLinkPage notValid={<EntryNotFound />}>{(token) => <WaitingListScreen token={token} />}</TokenLinkPage>;
}

function WaitingListScreen({ token }: { token: string }) {
  const state = useMyWaitingListEntry(token);
  const leave = useLeaveWaitingList(token);
  usePageTitle(state.status === 'success' ? `Waiting list: ${state.data.eventName}` : 'Waiting list');

  return (
    <PageReadStates
      state={state}
      notFound={<EntryNotFound />}
      loading="Loading your place on the waiting list..."
      failed="Failed to load your place on the waiting list"
    >
      {(entry) => <WaitingListEntry entry={entry} leave={leave} />}
    </PageReadStates>
  );
}

function WaitingListEntry({ entry, leave }: { entry: MyWaitingListEntry; leave: ReturnType<typeof useLeaveWaitingList> }) {
  const inLine = entry.status === 'waiting' || entry.status === 'offered';
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="waitlist-title">
        <h1 id="waitlist-title">Waiting list: {entry.eventName}</h1>
        <p role="status">{STATUS_TEXT[entry.status]}</p>
        <DetailsList
          rows={[['Name', entry.name], ['Places wanted', entry.places], ...(entry.position !== null ? [['Place in line', entry.position] as const] : [])]}
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
