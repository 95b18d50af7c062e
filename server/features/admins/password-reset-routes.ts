import { PasswordResetAnswerSchema, PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../../core/admin-accounts/password-reset-schema';
import { RequestPasswordReset } from '../../../core/admin-accounts/request-password-reset';
import { ResetPassword } from '../../../core/admin-accounts/reset-password';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { callerAddress } from '../../http/auth';

/** Both routes: an admin who cannot sign in. */
const SIGNED_OUT = { tag: 'admin session', access: 'public' } as const;

/** "Forgot password?" and the reset link's page (docs/identity.md). */
export function registerPasswordResetRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/password-reset',
    operationId: 'adminRequestPasswordReset',
    summary: 'Forgot password: e-mails a reset link to an admin (the same answer for any address)',
    ...SIGNED_OUT,
    body: PasswordResetRequestSchema,
    responses: {
      200: { description: '"If that address belongs to an admin, we have sent a link…", whoever the address belongs to', schema: PasswordResetAnswerSchema },
      400: { description: 'No e-mail, or not an e-mail address' },
      404: { description: 'Password reset is not available (local accounts without SMTP_URL)' },
      429: { description: '"Too many password reset requests. Please try again later." (per address and per e-mail)' },
    },
    handler: async ({ body, req }) => reply(200, await ports.useCase(RequestPasswordReset).execute(body, { ip: callerAddress(req) })),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/password-reset/confirm',
    operationId: 'adminConfirmPasswordReset',
    summary: "Sets a new password with a reset link's token; ends every session of that admin",
    ...SIGNED_OUT,
    body: PasswordResetConfirmSchema,
    responses: {
      200: { description: '"Your password has been changed…"', schema: PasswordResetAnswerSchema },
      400: { description: 'The password breaks the rule, or the link is not valid, has expired or has already been used (the message says which)' },
      404: { description: "Password reset links are not this server's (Firebase identity sends its own)" },
    },
    handler: async ({ body }) => reply(200, await ports.useCase(ResetPassword).execute(body)),
  });
}
