import type { WorkDay } from '@core/work-days/work-day';
import { Badge } from '../../../../admin/shared/components/badge';

/** A work day's state as the list and its roster show it: archived, active or inactive, and short of volunteers. */
export function WorkDayBadges({ workDay, short }: { workDay: Pick<WorkDay, 'archived' | 'active'>; short: number }) {
  return (
    <>
      {workDay.archived ? <Badge tone="grey">Archived</Badge> : workDay.active ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
      {short > 0 && <Badge tone="red">Short of volunteers</Badge>}
    </>
  );
}
