import { useMutation } from '@tanstack/react-query';
import { ErasureAnswerSchema } from '@core/privacy/data-request-schema';
import { apiDownload, apiPost, saveFile } from '../../../../lib/api';

/** The archive's file name: the day it was made, so two requests' files do not overwrite each other. */
export function archiveFileName(today = new Date()): string {
  return `personal-data-${today.toISOString().slice(0, 10)}.zip`;
}

/** Downloads everything held about the person with this e-mail (POST /api/admin/privacy/archive) and saves it. */
export async function downloadPersonalData(email: string): Promise<void> {
  saveFile(await apiDownload('POST', '/api/admin/privacy/archive', { email }), archiveFileName());
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData });
}

export async function erasePerson(email: string) {
  return apiPost('/api/admin/privacy/erase', { email }, ErasureAnswerSchema);
}

export function useErasePerson() {
  return useMutation({ mutationFn: erasePerson });
}
