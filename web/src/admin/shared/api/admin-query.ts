import { queryOptions, useMutation, useQueryClient, type DataTag, type QueryKey, type UseMutationOptions, type UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';

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

// Try Again is the members' pages' own (lib/reads.ts), for the admin screens too.
export { useTryAgain } from '../../../lib/reads';

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

/** An admin write's own cache work, done before the screen's callbacks of the same name. */
export interface CacheWork<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
  onSettled?: () => void;
}

/**
 * An admin write through its api hook: the hook's cache work first (`cache`), then the screen's
 * callbacks (`config`), whose promise the mutation waits for.
 */
export function useAdminMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  cache: CacheWork<TData, TVariables>,
  config: MutationConfig<TData, TVariables> = {},
) {
  return useMutation<TData, Error, TVariables>({
    mutationFn,
    onSuccess: (...args) => {
      cache.onSuccess?.(args[0], args[1]);
      return config.onSuccess?.(...args);
    },
    onError: (...args) => {
      cache.onError?.(args[0], args[1]);
      return config.onError?.(...args);
    },
    onSettled: (...args) => {
      cache.onSettled?.();
      return config.onSettled?.(...args);
    },
  });
}

/**
 * The cache work of the changes to a list an admin screen reads: `update` puts an answer into the
 * cached list; `reset` has the list read again from its loading state (after a refused change,
 * another admin may have changed it).
 */
export function useCachedList<T>({ queryKey }: { queryKey: DataTag<QueryKey, T[], ApiError> }) {
  const client = useQueryClient();
  return {
    update: (change: (list: T[]) => T[]) => client.setQueryData(queryKey, (list) => list && change(list)),
    reset: () => void client.resetQueries({ queryKey, exact: true }),
  };
}

/**
 * After a change the server confirmed: the answers under `keys` are read again, then the screen's
 * own onSuccess runs (a list whose rows the change may have added, changed or removed).
 */
export function useReadAgainAfter<TData, TVariables>(
  keys: readonly QueryKey[],
  config: MutationConfig<TData, TVariables>,
): MutationConfig<TData, TVariables>['onSuccess'] {
  const client = useQueryClient();
  return (...args) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    return config.onSuccess?.(...args);
  };
}
