import { queryOptions, useQueryClient, type QueryKey, type UseMutationOptions, type UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api';

/** A failure as the admin screens show it: the client's ApiError (status 0 for anything else). */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, String(error));
}

/** An admin screen's read, as useQuery hands it back; its error is always an ApiError. */
export type AdminQuery<T> = UseQueryResult<T, ApiError>;

/**
 * The query options of an admin read, keyed under ['admin', …]. An admin screen asks the server
 * again each time it opens (staleTime 0: another admin may have changed the data meanwhile).
 */
export function adminQueryOptions<T>(key: readonly unknown[], load: () => Promise<T>) {
  return queryOptions<T, ApiError>({
    queryKey: ['admin', ...key],
    queryFn: () =>
      load().catch((error: unknown) => {
        throw toApiError(error);
      }),
    staleTime: 0,
  });
}

/** Try Again: the read starts over from its loading state. */
export function useTryAgain(queryKey: QueryKey): () => void {
  const client = useQueryClient();
  return () => void client.resetQueries({ queryKey, exact: true });
}

/**
 * What a screen may add to an admin write's own options (as bulletproof-react's MutationConfig):
 * its callbacks run after the api hook has updated the cache.
 */
export type MutationConfig<TData, TVariables> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onSuccess' | 'onError' | 'onSettled'>;

/**
 * After a save: the screens' cached answers under these keys are marked stale, not read again
 * now (the screen opened next asks the server again). Each key names one answer exactly.
 */
export function useMarkStale(): (...keys: QueryKey[]) => void {
  const client = useQueryClient();
  return (...keys) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  };
}
