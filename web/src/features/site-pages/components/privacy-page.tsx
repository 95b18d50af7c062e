import { LoadStatus } from '../../../components/ui/load-failed';
import { useRetentionSchedule } from '../api/retention-schedule-read';
import { SitePageView } from './site-page-view';

/**
 * The privacy notice (/privacy): the words admins edit (Admin → Pages), then how long each kind of
 * personal data is kept, made from the settings the nightly run applies, so it always says what the
 * app does.
 */
export function PrivacyPage() {
  return (
    <SitePageView slug="privacy" title="Privacy notice">
      <RetentionSection />
    </SitePageView>
  );
}

function RetentionSection() {
  const state = useRetentionSchedule();
  return (
    <section className="retention-schedule" aria-labelledby="retention-title">
      <h2 id="retention-title">How long we keep your data</h2>
      <LoadStatus state={state} loading="Loading the retention schedule..." failed="Failed to load the retention schedule" />
      {state.status === 'success' && (
        <dl>
          {state.data.lines.map((line) => (
            <div key={line.kind} data-kind={line.kind}>
              <dt>
                {line.title}: {line.limit}
              </dt>
              <dd>
                {line.holds} {line.after}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
