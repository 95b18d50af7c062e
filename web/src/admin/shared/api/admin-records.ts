import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryOptions, type MutationConfig, useAdminMutation, useMarkStale } from './admin-query';

/**
 * The reads and saves an admin list screen and its edit form share for one kind of record (events,
 * news items, work days, pages): the list under [listKey], one record under [recordKey, id], both
 * admin reads, and saves that mark the list (and the record saved) stale, so the screen opened
 * next asks the server again.
 */
export function adminRecords<List, Record>(listKey: string, list: () => Promise<List>, recordKey: string, get: (id: string) => Promise<Record>) {
  const listQueryOptions = () => adminQueryOptions([listKey], list);
  const recordQueryOptions = (id: string) => adminQueryOptions([recordKey, id], () => get(id));

  function useList() {
    return useQuery(listQueryOptions());
  }

  function useRecord(id: string) {
    return useQuery(recordQueryOptions(id));
  }

  /** After a save: the list, and the record `id` when given, are marked stale. */
  function useMarkSaved() {
    const markStale = useMarkStale();
    return (id?: string) => markStale(listQueryOptions().queryKey, ...(id === undefined ? [] : [recordQueryOptions(id).queryKey]));
  }

  /** Creates a record; the list is marked stale. */
  function useCreate<Values, Saved>(create: (values: Values) => Promise<Saved>) {
    const saved = useMarkSaved();
    return useMutation({ mutationFn: create, onSuccess: () => saved() });
  }

  /** Saves record `id`; the list and the record are marked stale. */
  function useUpdate<Values, Saved>(id: string, update: (change: { id: string; values: Values }) => Promise<Saved>) {
    const saved = useMarkSaved();
    return useMutation({ mutationFn: (values: Values) => update({ id, values }), onSuccess: () => saved(id) });
  }

  /** Deletes a record; the list drops it at once (`drop`) and the record's own answer is forgotten. */
  function useDelete<Gone extends { id: string }>(
    remove: (id: string) => Promise<void>,
    drop: (list: List, gone: Gone) => List,
    config: MutationConfig<void, Gone>,
  ) {
    const client = useQueryClient();
    const cache = {
      onSuccess: (_: void, gone: Gone) => {
        client.setQueryData(listQueryOptions().queryKey, (current) => current && drop(current, gone));
        client.removeQueries({ queryKey: recordQueryOptions(gone.id).queryKey, exact: true });
      },
    };
    return useAdminMutation((gone: Gone) => remove(gone.id), cache, config);
  }

  return { listQueryOptions, recordQueryOptions, useList, useRecord, useMarkSaved, useCreate, useUpdate, useDelete };
}
