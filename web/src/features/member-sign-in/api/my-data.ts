import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErasureAnswerSchema } from '@core/privacy/data-request-schema';
import { apiDownload, apiPost, saveFile } from '../../../lib/api';
import { memberSessionQuery } from './member-session';

/** Downloads everything the club holds about the signed-in member (GET /api/my/data) and saves it. */
export async function downloadMyData(): Promise<void> {
  saveFile(await apiDownload('GET', '/api/my/data'), `my-club-data-${new Date().toISOString().slice(0, 10)}.zip`);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** Erases the signed-in member's data (POST /api/my/erase); the server signs them out, and so does the page. */
export function useEraseMyData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/my/erase', { confirm: true }, ErasureAnswerSchema),
    onSuccess: () => client.setQueryData(memberSessionQuery.queryKey, { member: null }),
  });
}
