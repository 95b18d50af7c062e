import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MemberListResponseSchema,
  MemberResponseSchema,
  type MemberChanges,
  type MemberFormValues,
  type MemberListResponse,
  type MemberView,
} from '@core/members/member-form';
import { MemberImportPreviewSchema, MemberImportResultSchema, type MemberImportPreview, type MemberImportResult } from '@core/members/member-import';
import { apiGet, apiPatch, apiPost, apiUploadCsv } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useReadAgainAfter } from '../../../../admin/shared/api/admin-query';

/** The import's file as the server reads it: UTF-8 CSV text. */

export async function listMembers(): Promise<MemberListResponse> {
  return apiGet('/api/admin/members', MemberListResponseSchema);
}

export const membersQueryOptions = () => adminQueryOptions(['members'], listMembers);

/** Read again after a change the server confirmed: the list. */
const CHANGED = [membersQueryOptions().queryKey];

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
  return apiUploadCsv('/api/admin/members/import/preview', csv, MemberImportPreviewSchema);
}

export async function importMembers(csv: string): Promise<MemberImportResult> {
  return apiUploadCsv('/api/admin/members/import', csv, MemberImportResultSchema);
}

export function useAddMember(config: MutationConfig<MemberView, MemberFormValues> = {}) {
  return useMutation({ ...config, mutationFn: addMember, onSuccess: useReadAgainAfter(CHANGED, config) });
}

export function useUpdateMember(config: MutationConfig<MemberView, { id: string; changes: MemberChanges }> = {}) {
  return useMutation({ ...config, mutationFn: updateMember, onSuccess: useReadAgainAfter(CHANGED, config) });
}

/** Checks a CSV file: what it would add and update, or its problems. Nothing is saved. */
export function usePreviewMemberImport() {
  return useMutation({ mutationFn: previewMemberImport });
}

export function useImportMembers(config: MutationConfig<MemberImportResult, string> = {}) {
  return useMutation({ ...config, mutationFn: importMembers, onSuccess: useReadAgainAfter(CHANGED, config) });
}
