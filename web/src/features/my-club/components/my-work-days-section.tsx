import { Link } from 'react-router-dom';
import type { MyClubWorkDayJob } from '@core/my-club/my-club-schema';
import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { useMyWorkDays } from '../api/my-work-days';
import { myClubWhen } from './my-club-dates';

function JobItem({ job }: { job: MyClubWorkDayJob }) {
  return (
    <li className="my-booking">
      <p>
        <strong>{job.workDayName}</strong> · {myClubWhen(job.date)}
      </p>
      <p>{job.jobs.length > 0 ? `Jobs: ${job.jobs.join(', ')}` : 'No job chosen'}</p>
      {job.withdrawPath !== null && <Link to={job.withdrawPath}>Withdraw from {job.workDayName}</Link>}
    </li>
  );
}

/** My club's work-day jobs: the sign-ups of the member's e-mail, each upcoming one with its withdraw link. */
export function MyWorkDaysSection() {
  const jobs = useMyWorkDays();
  return (
    <section className="card" aria-labelledby="my-work-days-title">
      <h2 id="my-work-days-title">My work-day jobs</h2>
      <QueryView query={jobs} loading="Loading your work-day jobs…" failed="Failed to load your work-day jobs">
        {({ upcoming, past }) =>
          upcoming.length === 0 && past.length === 0 ? (
            <p>You have not signed up for a work day with this e-mail.</p>
          ) : (
            <>
              <h3>Upcoming</h3>
              <ListOrEmpty items={upcoming} empty="No upcoming work-day jobs.">
                {(job) => <JobItem key={job.signupId} job={job} />}
              </ListOrEmpty>
              {past.length > 0 && (
                <>
                  <h3>Past</h3>
                  <ul className="my-bookings">
                    {past.map((job) => (
                      <JobItem key={job.signupId} job={job} />
                    ))}
                  </ul>
                </>
              )}
            </>
          )
        }
      </QueryView>
    </section>
  );
}
