import { useParams } from 'react-router-dom';
import { hasPermission, mayOpen } from '@core/admins/permissions';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { panelQueryOptions, usePanel } from '../api/conditions';
import { GoNoGoPanel } from './go-no-go-panel';

/** /admin/events/go-no-go/:id: one event's go/no-go panel (events:read; deciding needs events:write). */
export function GoNoGoPage() {
  const { id = '' } = useParams();
  const admin = useSignedInAdmin();
  const panel = usePanel(id);
  const tryAgain = useTryAgain(panelQueryOptions(id).queryKey);
  return (
    <>
      <PageTitle documentTitle="Go / no-go">Go / no-go</PageTitle>
      <LoadStatus query={panel} onRetry={tryAgain} loading="Loading the forecast…" failed="Failed to load the go/no-go panel" />
      {panel.isSuccess && (
        <GoNoGoPanel
          panel={panel.data}
          canDecide={hasPermission(admin, 'events:write')}
          canRoster={mayOpen(admin, `/admin/duties/events/${encodeURIComponent(id)}`)}
        />
      )}
    </>
  );
}
