import { useSyncExternalStore } from 'react';
import { londonDayTimeText } from '@core/shared/london-time';
import { offlineStatus, onOfflineStatus } from '../../lib/offline-status';

/**
 * Says, on every page shown from the device, that it is offline and when what it shows was last
 * updated (docs/offline.md). Nothing while the server answers.
 */
export function OfflineBanner() {
  const status = useSyncExternalStore(onOfflineStatus, offlineStatus, offlineStatus);
  if (!status.offline) return null;
  return (
    <p className="offline-banner" role="status">
      {status.storedAt ? `Offline, last updated ${londonDayTimeText(status.storedAt)}` : 'Offline: showing what this device has kept'}
    </p>
  );
}
