import { ChangePasswordAnswerSchema, type ChangePasswordRequest } from '@core/admin-accounts/change-password-schema';
import { apiPost } from '../../../lib/api';
import { type MutationConfig, useAdminMutation } from '../../shared/api/admin-query';

/** Changes the signed-in admin's own password; the answer's cookie keeps this browser signed in. */
export async function changeOwnPassword(request: ChangePasswordRequest): Promise<string> {
  return (await apiPost('/api/admin/account/password', request, ChangePasswordAnswerSchema)).message;
}

/** The change of one's own password: no cached read shows a password, so there is no cache work. */
export function useChangeOwnPassword(config: MutationConfig<string, ChangePasswordRequest> = {}) {
  return useAdminMutation(changeOwnPassword, {}, config);
}
