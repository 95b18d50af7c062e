import type { ReactNode } from 'react';
import { ApiError, OFFLINE_MESSAGE } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A screen's data could not be loaded: what failed, in the catalogue's words, and Try Again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}

/**
 * The loading and error states of one read (web/src/lib/reads.ts useRead): a spinner while it loads, the
 * failure with Try Again when it failed (a request that got no answer says the member is offline,
 * whatever the screen), nothing once the data is there (the screen shows it).
 */
export function LoadStatus({ state, loading, failed }: { state: { status: string; error?: unknown; tryAgain: () => void }; loading: string; failed: string | ((error: unknown) => string) }) {
  if (state.status === 'pending') return <Spinner label={loading} />;
  if (state.status === 'error') {
    const title = state.error instanceof ApiError && state.error.status === 0 ? OFFLINE_MESSAGE : typeof failed === 'string' ? failed : failed(state.error);
    return <LoadFailed title={title} onRetry={state.tryAgain} />;
  }
  return null;
}

/** A whole page still loading, laid out as the page it becomes (`layout`, default a narrow page). */
export function PageLoading({ label, layout = 'narrow' }: { label: string; layout?: string }) {
  return (
    <div className={`page ${layout}`}>
      <Spinner label={label} />
    </div>
  );
}

/** A whole page whose data could not be loaded: LoadFailed on a narrow page. */
export function PageLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="page narrow">
      <LoadFailed title={title} onRetry={onRetry} />
    </div>
  );
}

/**
 * One TanStack query's states inside a section: a spinner while it loads, the failure with Try
 * Again when it failed (`failed` may word it from the error), else `children` with its data.
 */
export function QueryView<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; error: unknown; refetch: () => unknown };
  loading: string;
  failed: string | ((error: unknown) => string);
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <LoadFailed title={typeof failed === 'string' ? failed : failed(query.error)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as T)}</>;
}
