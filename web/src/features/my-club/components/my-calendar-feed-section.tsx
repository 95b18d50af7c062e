import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyLink } from '../../../components/ui/copy-link';
import { QueryView } from '../../../components/ui/load-failed';
import { useMyCalendarFeed, useResetMyCalendarFeed } from '../api/my-calendar-feed';

const COPY_TEXT = {
  linkLabel: 'Your calendar address',
  copy: 'Copy address',
  copied: 'Copied',
  copiedStatus: 'Calendar address copied.',
  copyFailed: 'Your browser did not copy it: the address is selected, copy it by hand.',
};

/**
 * My club's "My calendar": the member's private feed address (to subscribe to in a calendar app)
 * with Copy, and a button to make it, or a new one in place of the old (which then stops working).
 */
export function MyCalendarFeedSection() {
  const feed = useMyCalendarFeed();
  const reset = useResetMyCalendarFeed();
  return (
    <section className="card" aria-labelledby="my-calendar-title">
      <h2 id="my-calendar-title">My calendar</h2>
      <p>
        A private calendar address with your bookings, your duties and your work-day jobs. Add it to your calendar app as a subscription (“From URL”) and they
        stay up to date there.
      </p>
      <QueryView query={feed} loading="Loading your calendar address…" failed="Failed to load your calendar address">
        {({ path }) =>
          path === null ? (
            <Button variant="primary" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? 'Making your address…' : 'Make my calendar address'}
            </Button>
          ) : (
            <>
              <CopyLink path={path} text={COPY_TEXT} />
              <p>
                Keep it to yourself: anyone with the address sees your calendar. If it got out, make a new one: the old address stops working, and your calendar
                app needs the new one.
              </p>
              <Button variant="secondary" disabled={reset.isPending} onClick={() => reset.mutate()}>
                {reset.isPending ? 'Making a new address…' : 'Make a new address'}
              </Button>
            </>
          )
        }
      </QueryView>
      {reset.isError && <Alert tone="error">Making the address failed. Please try again.</Alert>}
      {reset.isSuccess && (
        <p role="status" className="field-hint">
          Your calendar address is ready.
        </p>
      )}
    </section>
  );
}
