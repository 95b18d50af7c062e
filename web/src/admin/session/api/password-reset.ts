import { useMutation } from '@tanstack/react-query';
import { PasswordResetAnswerSchema } from '@core/admin-accounts/password-reset-schema';
import { apiPost } from '../../../lib/api';

// Nobody is signed in on these pages: a 401 is no expired session.
const signedOut = { ignoreUnauthenticated: true };

/** "Forgot password?": the server answers the same for any address. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await apiPost('/api/admin/password-reset', { email }, PasswordResetAnswerSchema, signedOut)).message;
}

/** Sets the new password with the link's token. */
export async function confirmPasswordReset({ token, password }: { token: string; password: string }): Promise<string> {
  return (await apiPost('/api/admin/password-reset/confirm', { token, password }, PasswordResetAnswerSchema, signedOut)).message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
