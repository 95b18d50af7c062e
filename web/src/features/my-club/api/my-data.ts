import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErasureAnswerSchema } from '@core/privacy/data-request-schema';
import { apiDownload, apiPost, saveFile } from '../../../lib/api';
import { forgetKeptMemberData } from '../../../lib/offline-status';
import { memberSessionQuery } from '../../member-sign-in/exports/member-session';

/** Downloads everything the club holds about the signed-in member (GET /api/my/data) and saves it. */
export async function downloadMyData(): Promise<void> {
  saveFile(await apiDownload('GET', '/api/my/data'), `my-club-data-${new Date().toISOString().slice(0, 10)}.zip`);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/**
 * Erases the signed-in member's data (POST /api/my/erase); the server signs them out, and so does the
 * page, forgetting what the device kept of theirs as a sign-out does (docs/data-protection.md).
 */
export function useEraseMyData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await apiPost('/api/my/erase', { confirm: true }, ErasureAnswerSchema);
      await forgetKeptMemberData();
      return answer;
    },
    onSuccess: () => client.setQueryData(memberSessionQuery.queryKey, { member: null }),
  });
}
