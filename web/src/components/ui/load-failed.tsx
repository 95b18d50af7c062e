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
 * What a failed read says: a request that got no answer says the member is offline, whatever the
 * screen; otherwise the screen's own words (`failed`, which may word it from the error).
 */
export function failedReadTitle(error: unknown, failed: string | ((error: unknown) => string)): string {
  if (error instanceof ApiError && error.status === 0) return OFFLINE_MESSAGE;
  return typeof failed === 'string' ? failed : failed(error);
}

/**
 * The loading and error states of one read (web/src/lib/reads.ts useRead): a spinner while it loads, the
 * failure with Try Again when it failed (a request that got no answer says the member is offline,
 * whatever the screen), nothing once the data is there (the screen shows it).
 */
export function LoadStatus({
  state,
  loading,
  failed,
}: {
  state: { status: string; error?: unknown; tryAgain: () => void };
  loading: string;
  failed: string | ((error: unknown) => string);
}) {
  if (state.status === 'pending') return <Spinner label={loading} />;
  if (state.status === 'error') return <LoadFailed title={failedReadTitle(state.error, failed)} onRetry={state.tryAgain} />;
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

/** A whole page whose data could not be loaded (`error`): LoadFailed on a narrow page, offline said as such. */
export function PageLoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="page narrow">
      <LoadFailed title={failedReadTitle(error, title)} onRetry={onRetry} />
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
  if (query.isError) return <LoadFailed title={failedReadTitle(query.error, failed)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as T)}</>;
}
