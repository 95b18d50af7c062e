import { ChangePassword } from '../../../core/admin-accounts/change-password';
import { ChangePasswordAnswerSchema, ChangePasswordRequestSchema } from '../../../core/admin-accounts/change-password-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { CROSS_SITE } from '../../http/route-parts';
import { callerAddress, setSessionCookie } from '../../http/auth';

/** The signed-in admin's own account (docs/identity.md#changing-your-own-password). */
export function registerAccountRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/account/password',
    operationId: 'adminChangeOwnPassword',
    summary: "Changes the signed-in admin's own password; every other session of theirs ends",
    tag: 'admin session',
    access: 'signed-in',
    body: ChangePasswordRequestSchema,
    responses: {
      200: {
        description: '"Your password has been changed…": the new password set, every other session of the admin ended, this one given a new session cookie',
        schema: ChangePasswordAnswerSchema,
      },
      400: {
        description:
          'Bad input (`fields.currentPassword`, `fields.newPassword`), or `"The current password is not right."` (counted as a failed sign-in); nothing changed',
      },
      403: CROSS_SITE,
      429: { description: '"Too many failed login attempts. Please try again later." (the sign-in throttle); nothing checked' },
      502: {
        description:
          'The sign-in service could not be reached ("Login failed. Please try again."), or the password was changed but this session could not be renewed',
      },
    },
    handler: async ({ admin, body, req, res }) => {
      const result = await ports.useCase(ChangePassword).execute(admin, body, { ip: callerAddress(req) });
      setSessionCookie(req, res, result.token, result.expiresAt.getTime() - ports.get('clock').now().getTime());
      return reply(200, { message: result.message });
    },
  });
}
