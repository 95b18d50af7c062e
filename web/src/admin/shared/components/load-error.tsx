import type { ApiError } from '../../../lib/api';
import type { AdminQuery } from '../api/admin-query';
import { AccessDenied } from './access-denied';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';

/**
 * What a screen shows when its data could not be loaded. The server decides: a 403 is an Access
 * Denied screen with the server's message, a 401 is on its way to the sign-in page (the session
 * holder heard of it), anything else is the screen's own message from the catalogue.
 */
export function LoadError({ error, message, onRetry }: { error: ApiError; message: string; onRetry?: () => void }) {
  if (error.status === 403) return <AccessDenied message={error.message} permission={error.permission} />;
  if (error.status === 401) return <p role="status">Your session has ended. Taking you to sign in…</p>;
  return (
    <Alert tone="error">
      <p>{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </Alert>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="adm-loading" role="status">
      {label}
    </p>
  );
}

/** A screen's loading and load-failure states (nothing once its data is here), with Try Again. */
export function LoadStatus({ query, onRetry, loading, failed }: { query: AdminQuery<unknown>; onRetry: () => void; loading: string; failed: string }) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) return <LoadError error={query.error} message={failed} onRetry={onRetry} />;
  return null;
}
