import { z } from 'zod';
import { RESET_MESSAGES } from '../admins/password-reset';
import { CreateAdminRequestSchema } from './create-admin';

/** "Forgot password?": the admin's e-mail address. */
export const PasswordResetRequestSchema = z.object({
  email: z.string().trim().max(320).min(1, RESET_MESSAGES.emailRequired).pipe(z.email(RESET_MESSAGES.emailInvalid)),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The reset page: the link's token and the new password, under the same rule as a new admin's. */
export const PasswordResetConfirmSchema = z.object({ token: z.string().max(200), password: CreateAdminRequestSchema.shape.password });
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** Both answers: one sentence to show. */
export const PasswordResetAnswerSchema = z.object({ message: z.string() });
export type PasswordResetAnswer = z.infer<typeof PasswordResetAnswerSchema>;
