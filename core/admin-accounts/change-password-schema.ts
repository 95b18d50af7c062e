import { z } from 'zod';
import { CreateAdminRequestSchema } from './create-admin';
import { inputErrors } from '../shared/parse-input';

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password',
  currentWrong: 'The current password is not right.',
  sameAsCurrent: 'The new password must be different from the current one.',
  mismatch: 'The passwords do not match',
  done: 'Your password has been changed. You are still signed in here; every other session of yours has been signed out.',
  signedOut: 'Your password has been changed, but this browser could not stay signed in. Please sign in with your new password.',
} as const;

/**
 * A signed-in admin's change of their own password: the current one exactly as typed, and a new
 * one under the rule of a new admin's password (CreateAdminRequestSchema, as the reset link's),
 * which must differ from the current one.
 */
export const ChangePasswordRequestSchema = z
  .object({ currentPassword: z.string().min(1, CHANGE_PASSWORD_MESSAGES.currentRequired).max(1000), newPassword: CreateAdminRequestSchema.shape.password })
  .refine((request) => request.newPassword !== request.currentPassword, { path: ['newPassword'], message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The answer: one sentence to show. */
export const ChangePasswordAnswerSchema = z.object({ message: z.string() });
export type ChangePasswordAnswer = z.infer<typeof ChangePasswordAnswerSchema>;

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'repeat';

/**
 * The form's messages by field ({} when it may be sent): the server's schema, and the new
 * password typed the same a second time. The repeat is the browser's alone (the server is sent
 * the new password once), so the server's answer and this agree on everything else.
 */
export function changePasswordFormErrors(values: {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}): Partial<Record<ChangePasswordField, string>> {
  const server = inputErrors(ChangePasswordRequestSchema, { currentPassword: values.currentPassword, newPassword: values.newPassword });
  const errors: Partial<Record<ChangePasswordField, string>> = {};
  if (server.currentPassword) errors.currentPassword = server.currentPassword;
  if (server.newPassword) errors.newPassword = server.newPassword;
  if (errors.newPassword === undefined && values.repeat !== values.newPassword) errors.repeat = CHANGE_PASSWORD_MESSAGES.mismatch;
  return errors;
}
