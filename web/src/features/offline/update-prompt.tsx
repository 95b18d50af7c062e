import { useState } from 'react';

/**
 * "A new version is ready: Reload" (docs/offline.md): a new build's service worker waits until the
 * member takes it; Reload lets it take over and reloads the page with the new version.
 */
export function UpdatePrompt({ reload }: { reload: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false);
  return (
    <p className="update-prompt" role="status">
      A new version is ready.{' '}
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reload();
        }}
      >
        Reload
      </button>
    </p>
  );
}
