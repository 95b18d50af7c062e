import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import type { AdminQuery } from '../api/admin-query';
import { Alert } from '../../../components/ui/alert';
import { AccessDenied } from './access-denied';
import { LoadError, Loading } from './load-error';
import type { Flash } from './notice';
import { PageTitle } from './page-title';

/** A save the server refused as a whole: its words (or the catalogue's), and the permission a 403 named. */
export interface SaveFailure {
  message: string;
  permission: string | null;
}

/** The save of a create or edit page: a write through useMutation (its api hook). */
export interface SaveMutation<V, S> {
  mutateAsync: (values: V) => Promise<S>;
  error: Error | null;
}

export interface SaveOptions<V, S> {
  mutation: SaveMutation<V, S>;
  /** Where the admin goes once it is saved, and the message they find there. */
  saved: (result: S) => { to: string; message: string };
  /** The catalogue's message for a failure the server did not explain. */
  failed: string;
  /** The refusals told in the server's words (the admin can act on them); a 403 names its permission unless `permission` is false. */
  refusals: readonly number[];
  permission?: boolean;
}

/** A 400 with field messages: they go to the form, not to the page's alert. */
function fieldsOf(error: unknown): Record<string, string> | null {
  return error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0 ? error.fields : null;
}

/**
 * A create or edit page's save: on success, on to the next screen with a flash; a 400 with field
 * messages hands them to the form; a refusal the admin can act on is told in the server's words,
 * anything else in the catalogue's. The failure is the mutation's own error, so a new attempt
 * clears it.
 */
export function useSave<V, S>({ mutation, saved, failed, refusals, permission = true }: SaveOptions<V, S>) {
  const navigate = useNavigate();
  const { error } = mutation;
  let failure: SaveFailure | null = null;
  if (error && !fieldsOf(error)) {
    failure =
      error instanceof ApiError && refusals.includes(error.status)
        ? { message: error.message, permission: permission && error.status === 403 ? error.permission : null }
        : { message: failed, permission: null };
  }

  function submit(values: V): Promise<Record<string, string> | null> {
    return mutation.mutateAsync(values).then(
      (result) => {
        const { to, message } = saved(result);
        const flash: Flash = { kind: 'success', message };
        navigate(to, { state: { flash } });
        return null;
      },
      (refused: unknown) => fieldsOf(refused),
    );
  }
  return { submit, failure };
}

export function SaveFailureAlert({ failure }: { failure: SaveFailure | null }) {
  if (!failure) return null;
  return (
    <Alert tone="error">
      {failure.message}
      {failure.permission && <> (required permission: {failure.permission})</>}
    </Alert>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="adm-breadcrumb">
      <Link to={to}>{children}</Link>
    </p>
  );
}

/** A create page: the way back, the title, the save's failure and the form. */
export function CreatePage({
  back,
  backLabel,
  title,
  failure,
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  failure: SaveFailure | null;
  children: ReactNode;
}) {
  return (
    <>
      <BackLink to={back}>{backLabel}</BackLink>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <SaveFailureAlert failure={failure} />
      {children}
    </>
  );
}

/**
 * An edit page: the way back, the title (with the item's name once loaded), the loading and error
 * states, and the form once the item is here. An item that is gone sends the admin back to the
 * list with `notFound` as its message; a 403 is the Access Denied screen.
 */
export function EditPage<T>({
  query,
  onRetry,
  back,
  backLabel,
  title,
  titleOf,
  loading,
  list,
  notFound,
  showNotFound = true,
  loadFailed,
  children,
}: {
  query: AdminQuery<T>;
  onRetry: () => void;
  back: string;
  backLabel: string;
  title: string;
  titleOf: (data: T) => string;
  loading: string;
  /** The list the admin is sent back to when the item is gone. */
  list: string;
  notFound: string;
  /** Whether `notFound` also shows here while the admin is sent back. */
  showNotFound?: boolean;
  loadFailed: (error: ApiError) => string;
  children: (data: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const gone = query.isError && query.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    const flash: Flash = { kind: 'error', message: notFound };
    navigate(list, { replace: true, state: { flash } });
  }, [gone, navigate, list, notFound]);

  if (query.isError && query.error.status === 403) return <AccessDenied message={query.error.message} permission={query.error.permission} />;

  return (
    <>
      <BackLink to={back}>{backLabel}</BackLink>
      <PageTitle documentTitle={title}>{query.isSuccess ? titleOf(query.data) : title}</PageTitle>
      {query.isPending && <Loading label={loading} />}
      {query.isError &&
        (gone ? showNotFound && <Alert tone="error">{notFound}</Alert> : <LoadError error={query.error} message={loadFailed(query.error)} onRetry={onRetry} />)}
      {query.isSuccess && children(query.data)}
    </>
  );
}
