import { Link } from 'react-router-dom';
import type { MyClubWaitingListEntry } from '@core/my-club/my-club-schema';
import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
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
      <QueryView query={lists} loading="Loading your waiting lists…" failed="Failed to load your waiting lists">
        {({ entries }) => (
          <ListOrEmpty items={entries} empty="You are not on any waiting list.">
            {(entry) => <EntryItem key={entry.entryId} entry={entry} />}
          </ListOrEmpty>
        )}
      </QueryView>
    </section>
  );
}
