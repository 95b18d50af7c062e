import { Link } from 'react-router-dom';
import type { MyClubWorkDayJob } from '@core/my-club/my-club-schema';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
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
      {jobs.isPending ? (
        <Spinner label="Loading your work-day jobs…" />
      ) : jobs.isError ? (
        <LoadFailed title="Failed to load your work-day jobs" onRetry={() => void jobs.refetch()} />
      ) : jobs.data.upcoming.length === 0 && jobs.data.past.length === 0 ? (
        <p>You have not signed up for a work day with this e-mail.</p>
      ) : (
        <>
          <h3>Upcoming</h3>
          {jobs.data.upcoming.length === 0 ? (
            <p>No upcoming work-day jobs.</p>
          ) : (
            <ul className="my-bookings">
              {jobs.data.upcoming.map((job) => (
                <JobItem key={job.signupId} job={job} />
              ))}
            </ul>
          )}
          {jobs.data.past.length > 0 && (
            <>
              <h3>Past</h3>
              <ul className="my-bookings">
                {jobs.data.past.map((job) => (
                  <JobItem key={job.signupId} job={job} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
