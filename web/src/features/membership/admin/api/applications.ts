import { useMutation, useQuery } from '@tanstack/react-query';
import { ApplicationAnswerSchema, ApplicationListSchema, type ApplicationView } from '@core/operations/join-club';
import { apiGet, apiPost } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useReadAgainAfter } from '../../../../admin/shared/api/admin-query';

/** Every application to join, newest first (members:write; docs/membership.md#joining). */
export async function listApplications(): Promise<ApplicationView[]> {
  return (await apiGet('/api/admin/membership/applications', ApplicationListSchema)).applications;
}

export const applicationsQueryOptions = () => adminQueryOptions(['membership', 'applications'], listApplications);

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}

/** Admitting makes members of the applicants: the list and the member list are read again. */
const ADMITTED = [
  ['admin', 'membership', 'applications'],
  ['admin', 'members'],
];

export async function admitApplication(id: string): Promise<ApplicationView> {
  return (await apiPost(`/api/admin/membership/applications/${encodeURIComponent(id)}/admit`, {}, ApplicationAnswerSchema)).application;
}

export async function declineApplication({ id, reason }: { id: string; reason: string }): Promise<ApplicationView> {
  return (await apiPost(`/api/admin/membership/applications/${encodeURIComponent(id)}/decline`, { reason }, ApplicationAnswerSchema)).application;
}

export function useAdmitApplication(config: MutationConfig<ApplicationView, string> = {}) {
  return useMutation({ ...config, mutationFn: admitApplication, onSuccess: useReadAgainAfter(ADMITTED, config) });
}

export function useDeclineApplication(config: MutationConfig<ApplicationView, { id: string; reason: string }> = {}) {
  return useMutation({ ...config, mutationFn: declineApplication, onSuccess: useReadAgainAfter([['admin', 'membership', 'applications']], config) });
}
