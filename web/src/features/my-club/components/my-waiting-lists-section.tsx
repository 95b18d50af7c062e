import { Link } from 'react-router-dom';
import type { MyClubWaitingListEntry } from '@core/my-club/my-club-schema';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useMyWaitingLists } from '../api/my-waiting-lists';
import { myClubWhen } from './my-club-dates';

function EntryItem({ entry }: { entry: MyClubWaitingListEntry }) {
  const places = `${entry.places} ${entry.places === 1 ? 'place' : 'places'}`;
  return (
    <li className="my-booking">
      <p>
        <strong>{entry.eventName}</strong> · {myClubWhen(entry.eventStart)}
      </p>
      {entry.offer !== null ? (
        <>
          <p>
            <strong>Places offered to you:</strong> {places}, held until {myClubWhen(entry.offer.until)}.
          </p>
          <Link className="btn btn-primary" to={entry.offer.bookPath}>
            Book my places for {entry.eventName}
          </Link>
        </>
      ) : (
        <p>On the waiting list for {places}.</p>
      )}
      <p>
        <Link to={entry.leavePath}>Leave the waiting list for {entry.eventName}</Link>
      </p>
    </li>
  );
}

/** My club's waiting lists: each place in line, an offer with its deadline and its link to book. */
export function MyWaitingListsSection() {
  const lists = useMyWaitingLists();
  return (
    <section className="card" aria-labelledby="my-waiting-lists-title">
      <h2 id="my-waiting-lists-title">My waiting lists</h2>
      {lists.isPending ? (
        <Spinner label="Loading your waiting lists…" />
      ) : lists.isError ? (
        <LoadFailed title="Failed to load your waiting lists" onRetry={() => void lists.refetch()} />
      ) : lists.data.entries.length === 0 ? (
        <p>You are not on any waiting list.</p>
      ) : (
        <ul className="my-bookings">
          {lists.data.entries.map((entry) => (
            <EntryItem key={entry.entryId} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
