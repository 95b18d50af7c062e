import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MemberListResponseSchema, MemberResponseSchema, type MemberChanges, type MemberFormValues, type MemberListResponse, type MemberView } from '@core/members/member-form';
import { MemberImportPreviewSchema, MemberImportResultSchema, type MemberImportPreview, type MemberImportResult } from '@core/members/member-import';
import { apiGet, apiPatch, apiPost, apiUpload } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig } from '../../../../admin/shared/api/admin-query';

/** The import's file as the server reads it: UTF-8 CSV text. */
const CSV_CONTENT_TYPE = 'text/csv';

export async function listMembers(): Promise<MemberListResponse> {
  return apiGet('/api/admin/members', MemberListResponseSchema);
}

export const membersQueryOptions = () => adminQueryOptions(['members'], listMembers);

export function useMembers() {
  return useQuery(membersQueryOptions());
}

export async function addMember(values: MemberFormValues): Promise<MemberView> {
  return (await apiPost('/api/admin/members', values, MemberResponseSchema)).member;
}

export async function updateMember({ id, changes }: { id: string; changes: MemberChanges }): Promise<MemberView> {
  return (await apiPatch(`/api/admin/members/${encodeURIComponent(id)}`, changes, MemberResponseSchema)).member;
}

export async function previewMemberImport(csv: string): Promise<MemberImportPreview> {
  return apiUpload('POST', '/api/admin/members/import/preview', new Blob([csv]), CSV_CONTENT_TYPE, MemberImportPreviewSchema);
}

export async function importMembers(csv: string): Promise<MemberImportResult> {
  return apiUpload('POST', '/api/admin/members/import', new Blob([csv]), CSV_CONTENT_TYPE, MemberImportResultSchema);
}

/** After a change the server confirmed: the list is read again. */
function useChanged<TData, TVariables>(config: MutationConfig<TData, TVariables>): MutationConfig<TData, TVariables>['onSuccess'] {
  const client = useQueryClient();
  return (...args) => {
    void client.invalidateQueries({ queryKey: membersQueryOptions().queryKey });
    return config.onSuccess?.(...args);
  };
}

export function useAddMember(config: MutationConfig<MemberView, MemberFormValues> = {}) {
  return useMutation({ ...config, mutationFn: addMember, onSuccess: useChanged(config) });
}

export function useUpdateMember(config: MutationConfig<MemberView, { id: string; changes: MemberChanges }> = {}) {
  return useMutation({ ...config, mutationFn: updateMember, onSuccess: useChanged(config) });
}

/** Checks a CSV file: what it would add and update, or its problems. Nothing is saved. */
export function usePreviewMemberImport() {
  return useMutation({ mutationFn: previewMemberImport });
}

export function useImportMembers(config: MutationConfig<MemberImportResult, string> = {}) {
  return useMutation({ ...config, mutationFn: importMembers, onSuccess: useChanged(config) });
}
