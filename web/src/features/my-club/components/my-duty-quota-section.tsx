import type { MyDutyQuota } from '@core/duties/availability-schema';
import { DetailsList } from '../../../components/ui/details-list';
import { QueryView } from '../../../components/ui/load-failed';
import { useMyDutyQuota } from '../api/my-availability';

/** "n of m": the duties done and pledged this season against those expected. */
export function quotaText(quota: Pick<MyDutyQuota, 'expected' | 'done' | 'pledged'>): string {
  const held = quota.done + quota.pledged;
  return quota.expected === 0 ? `${held} (none expected)` : `${held} of ${quota.expected}`;
}

/** My club's "My duties this season: n of m" (docs/my-club.md): the quota from the membership category, the household's when it covers one. */
export function MyDutyQuotaSection() {
  const quota = useMyDutyQuota();
  return (
    <section className="card" aria-labelledby="my-duty-quota-title">
      <h2 id="my-duty-quota-title">My duties this season{quota.data ? `: ${quotaText(quota.data)}` : ''}</h2>
      <QueryView query={quota} loading="Loading your duties this season…" failed="Failed to load your duties this season">
        {(data) => (
          <DetailsList
            rows={[
              ['Done', String(data.done)],
              ['Signed up for', String(data.pledged)],
              [
                'Expected',
                data.category === null
                  ? `${data.expected}: your membership names no category`
                  : `${data.expected} a season with ${data.category} membership${data.scope === 'household' ? ', for your whole household' : ''}`,
              ],
            ]}
          />
        )}
      </QueryView>
    </section>
  );
}
