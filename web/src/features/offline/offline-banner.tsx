import { useSyncExternalStore } from 'react';
import { offlineStatus, onOfflineStatus } from '../../lib/offline-status';

/** "25 Nov 2026, 14:05": when the shown page or data was stored, in the club's time. */
function storedAtText(date: Date): string {
  return date.toLocaleString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * Says, on every page shown from the device, that it is offline and when what it shows was last
 * updated (docs/offline.md). Nothing while the server answers.
 */
export function OfflineBanner() {
  const status = useSyncExternalStore(onOfflineStatus, offlineStatus, offlineStatus);
  if (!status.offline) return null;
  return (
    <p className="offline-banner" role="status">
      {status.storedAt ? `Offline, last updated ${storedAtText(status.storedAt)}` : 'Offline: showing what this device has kept'}
    </p>
  );
}
