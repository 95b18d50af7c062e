import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import type { UseQueryResult } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/use-page-title';
import { PageLoading, PageLoadFailed } from '../ui/load-failed';
import { MessagePage } from './message-page';

/**
 * A page reached with the signed token of an e-mail's link (`?token=…`). Without a token there is
 * nothing to ask the server: the link's not-valid page. Another token draws the screen afresh.
 */
export function TokenLinkPage({ notValid, children }: { notValid: ReactNode; children: (token: string) => ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return token === '' ? notValid : <Fragment key={token}>{children(token)}</Fragment>;
}

/** The page of a link that names nothing we hold: its title, and what to do instead. */
export function LinkNotValidPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <MessagePage title={title}>{children}</MessagePage>;
}

/**
 * The states of a whole page's read: a 404 is `notFound` (the link names nothing), then the page
 * loading, and a failure with Try Again; once the data is here, `children` draws it.
 */
export function PageReadStates<T>({
  state,
  notFound,
  loading,
  failed,
  children,
}: {
  state: UseQueryResult<T> & { tryAgain: () => void };
  notFound: ReactNode;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404) return notFound;
  if (state.status === 'pending') return <PageLoading label={loading} />;
  if (state.status === 'error') return <PageLoadFailed title={failed} error={state.error} onRetry={state.tryAgain} />;
  return children(state.data);
}
