import { Link } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { useMyDuties } from '../../duties/exports/my-duties-query';
import { dutyWhen } from '../../../lib/duty-when';

/** My club's duties: the ones the member holds that are not over (the duties page's own read), soonest first, with the link to the duties page. */
export function MyDutiesSection() {
  const duties = useMyDuties();
  return (
    <section className="card" aria-labelledby="my-duties-title">
      <h2 id="my-duties-title">My duties</h2>
      <QueryView query={duties} loading="Loading your duties…" failed="Failed to load your duties">
        {({ duties: held }) => (
          <ListOrEmpty items={held} empty="You have no upcoming duties.">
            {(duty) => (
              <li key={duty.slotId} className="my-booking">
                <p>
                  <strong>{duty.eventName}</strong> · {dutyWhen(duty)}
                </p>
                <p>Duty: {duty.dutyTypeName}</p>
              </li>
            )}
          </ListOrEmpty>
        )}
      </QueryView>
      <p>
        <Link to={PATHS.duties}>
          {duties.data && duties.data.open.length > 0 ? `See your duties and ${duties.data.open.length} open to volunteer for` : 'See your duties'}
        </Link>
      </p>
    </section>
  );
}
